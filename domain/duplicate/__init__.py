"""Duplicate Scrabble (FISC II, AJS 3.2–3.4): the Duplicate aggregate, its rules as data, racks, slips, ranking."""

from domain.duplicate.aggregate import Duplicate, DuplicateError
from domain.duplicate.rules import DUPLICATE_RULES, DuplicateRules, NullCause

__all__ = ["DUPLICATE_RULES", "Duplicate", "DuplicateError", "DuplicateRules", "NullCause"]
