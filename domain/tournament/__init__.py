"""Tournaments: results as facts, each federation's standings rules as data, and the standings."""

from domain.tournament.results import Kind, Result
from domain.tournament.rules import AJS, FISC, RULES, StandingsRules, TieBreak, Unplayed
from domain.tournament.standings import Figure, Row, standings

__all__ = ["AJS", "FISC", "RULES", "Figure", "Kind", "Result", "Row", "StandingsRules", "TieBreak", "Unplayed",
           "standings"]
