"""The Game aggregate, its events, errors and the hash chain."""

from domain.game.actions import NextActions
from domain.game.aggregate import GameBase
from domain.game.ending import EndCommands
from domain.game.meta import Meta
from domain.game.turns import TurnCommands


class Game(NextActions, TurnCommands, EndCommands, GameBase):
    """One tournament game, event-sourced: every fact an immutable, hash-linked event."""


__all__ = ["Game", "Meta"]
