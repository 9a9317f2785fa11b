"""The Game aggregate, its events, errors and the hash chain."""

from domain.game.actions import NextActions
from domain.game.aggregate import GameBase
from domain.game.challenges import ChallengeCommands
from domain.game.clock import ClockCommands
from domain.game.conduct import ConductCommands
from domain.game.devices import DeviceCommands
from domain.game.drawing import DrawingCommands
from domain.game.ending import EndCommands
from domain.game.keys import KeyCommands
from domain.game.meta import Meta
from domain.game.replacement import ReplacementCommands
from domain.game.rulings import RulingCommands
from domain.game.sheet import SheetCommands
from domain.game.turns import TurnCommands


class Game(NextActions, TurnCommands, ChallengeCommands, RulingCommands, DrawingCommands, ClockCommands, SheetCommands,
           ConductCommands, EndCommands, DeviceCommands, KeyCommands, ReplacementCommands,
           GameBase):
    """One tournament game, event-sourced: every fact an immutable, hash-linked event."""


__all__ = ["Game", "Meta"]
