"""A seeded bot that plays a long game through the application, for the stories and the bench.

There is no lexicon: a play is any shape-legal placement (FILE 8–9), found by trying random
lines through a square next to the board, as ``tests.factories.RandomGame`` does, and written in
federation notation (every new tile in brackets, every tile already on the board as ``.``).
Plays are kept small (one or two tiles) so a 100-tile bag lasts about 60 turns. Every command
the bot sends is kept as a ``Step`` so the same game can be sent again to another store: with
the application's generator seeded alike, its virtual bag draws the same tiles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.board import CENTRE, Board, Placement
from domain.errors import PlacementError
from domain.game import Game
from domain.move import SIZE, Coordinate
from domain.scoring import check_connection, check_shape
from domain.tiles import BLANK, Tile
from service.game.application import Actor, GamesApplication
from tests.factories import DIRECTIONS

DIRECTOR = Actor("director:test", "tablet-1")
SIZES = (1, 1, 1, 2, 2, 2, 2, 3)


def seat_actor(seat: int) -> Actor:
    """The actor for a player's own commands."""
    return Actor(f"player:{seat}", f"tablet-{seat}")


@dataclass(frozen=True)
class Step:
    """One command as sent: the application method, its arguments after the game id, who sent it."""

    method: str
    args: tuple[Any, ...]
    by: Actor
    kwargs: dict[str, Any]


@dataclass
class Bot:
    """Drives one game through the application and remembers every command it sent."""

    app: GamesApplication
    rng: random.Random
    game_id: UUID | None = None
    version: int = 0
    steps: list[Step] = field(default_factory=list)

    def create(self, profile: str = "file-2024", players: tuple[str, ...] = ("Ana", "Bea")) -> UUID:
        """Create the game with a virtual bag."""
        self.game_id = self.app.create_game(profile, list(players), DIRECTOR, bag_mode="virtual")
        self.version = 1
        return self.game_id

    def send(self, method: str, *args: Any, by: Actor = DIRECTOR, **kwargs: Any) -> int:
        """Send one command at the version last seen; keep it as a step."""
        self.version = getattr(self.app, method)(self.game_id, *args, by, expected_version=self.version, **kwargs)
        self.steps.append(Step(method, args, by, kwargs))
        return self.version

    @property
    def game(self) -> Game:
        """The game as stored now."""
        return self.app.get_game(self.game_id)

    # ---- phases -----------------------------------------------------------------------------
    def start(self) -> None:
        """Draw for the start until someone starts, then deal seven to each, starter first."""
        while self.game.phase == "starting":
            self.send("draw_for_start")
        starter, seats = self.game.starter, len(self.game.players)
        for k in range(seats):
            seat = (starter + k) % seats
            self.send("draw_tiles", seat, by=seat_actor(seat))

    def play(self, seat: int) -> bool:
        """Place a small legal play and have the opponent accept it; False if none was found."""
        found = find_play(self.game, seat, self.rng)
        if found is None:
            return False
        self.send("place_tiles", seat, *found, by=seat_actor(seat))
        if self.game.phase == "playing":
            opponent = self.game.next_seat(seat)
            self.send("accept", opponent, by=seat_actor(opponent))
        return True

    def phony(self, seat: int) -> bool:
        """Place a play the opponent challenges and the director rules invalid."""
        found = find_play(self.game, seat, self.rng)
        if found is None:
            return False
        self.send("place_tiles", seat, *found, by=seat_actor(seat))
        opponent = self.game.next_seat(seat)
        self.send("challenge", opponent, by=seat_actor(opponent))
        self.send("rule_challenge", False, "DRAE")
        return True

    def exchange(self, seat: int) -> bool:
        """Exchange one to three tiles when the bag holds enough."""
        game = self.game
        n = self.rng.randint(1, 3)
        if game.bag_count() < max(n, game.rules.exchange_min_bag):
            return False
        self.send("exchange_tiles", seat, by=seat_actor(seat), tiles=self.rng.sample(game.racks[seat], n))
        return True

    def turn(self, index: int) -> None:
        """One turn by the player on turn: mostly plays, now and then an exchange, a phony or a pass."""
        seat = self.game.turn
        if index % 9 == 4 and self.exchange(seat):
            return
        if index % 11 == 6 and self.phony(seat):
            return
        if index % 13 == 8 or not self.play(seat):
            self.send("pass_turn", seat, by=seat_actor(seat))

    def play_turns(self, turns: int) -> None:
        """Take turns until the game has ``turns`` turns or ends."""
        while self.game.phase == "playing" and len(self.game.turns) < turns:
            self.turn(len(self.game.turns))

    def end_by_passes(self) -> None:
        """Everyone passes until the profile ends the game."""
        while self.game.phase == "playing":
            seat = self.game.turn
            self.send("pass_turn", seat, by=seat_actor(seat))

    def sign_all(self) -> None:
        """Every player signs the settled sheet."""
        for seat in range(len(self.game.players)):
            self.send("sign", seat, f"signature of seat {seat}", by=seat_actor(seat))


def long_game(app: GamesApplication, seed: int = 7, turns: int = 60, close: bool = True) -> Bot:
    """A complete game of at least ``turns`` turns (unless someone plays out first), ended by passes."""
    bot = Bot(app, random.Random(seed))
    bot.create()
    bot.start()
    bot.play_turns(turns)
    bot.end_by_passes()
    if close:
        bot.sign_all()
    return bot


def replay_steps(app: GamesApplication, steps: list[Step], profile: str = "file-2024") -> tuple[UUID, int]:
    """Send the same commands to another application (seed its generator as the first one's)."""
    game_id = app.create_game(profile, ["Ana", "Bea"], DIRECTOR, bag_mode="virtual")
    version = 1
    for step in steps:
        method = getattr(app, step.method)
        version = method(game_id, *step.args, step.by, expected_version=version, **step.kwargs)
    return game_id, version


# ---- finding a shape-legal play ---------------------------------------------------------------
def find_play(game: Game, seat: int, rng: random.Random, attempts: int = 300) -> tuple[str, str] | None:
    """Coordinates and written word of a small random play that is legal in shape, or None."""
    board, rack = game.engine_board(), list(game.racks[seat])
    letters = [t for t in game.tileset.letters if len(t) == 1]
    for _ in range(attempts):
        k = min(rng.choice(SIZES), len(rack))
        if board.is_empty():
            k = max(k, 2)
        placements = _line(board, rng.sample(rack, k), rng, letters)
        if placements is None:
            continue
        try:
            horizontal = check_shape(board, placements) if k > 1 else _single_direction(board, placements[0])
            check_connection(board, placements)
        except PlacementError:
            continue
        return _written(board, placements, horizontal)
    return None


def _line(board: Board, tiles: list[str], rng: random.Random, letters: list[str]) -> list[Placement] | None:
    dr, dc = rng.choice(DIRECTIONS)
    r, c = CENTRE if board.is_empty() else _anchor(board, rng)
    back = rng.randint(0, len(tiles) - 1)
    r, c = r - dr * back, c - dc * back
    placements = []
    for t in tiles:
        while 0 <= r < SIZE and 0 <= c < SIZE and board.at(r, c) is not None:
            r, c = r + dr, c + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return None
        placements.append(Placement(r, c, Tile(rng.choice(letters), True) if t == BLANK else Tile(t)))
        r, c = r + dr, c + dc
    return placements


def _anchor(board: Board, rng: random.Random) -> tuple[int, int]:
    r, c = divmod(rng.choice([i for i, t in enumerate(board.cells) if t is not None]), SIZE)
    dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
    return max(0, min(SIZE - 1, r + dr)), max(0, min(SIZE - 1, c + dc))


def _single_direction(board: Board, p: Placement) -> bool:
    """A lone tile's word runs horizontally when it has a neighbour in its row."""
    return any(0 <= p.col + d < SIZE and board.at(p.row, p.col + d) is not None for d in (-1, 1))


def _written(board: Board, placements: list[Placement], horizontal: bool) -> tuple[str, str]:
    new = {(p.row, p.col): p.tile for p in placements}
    dr, dc = (0, 1) if horizontal else (1, 0)

    def filled(r: int, c: int) -> bool:
        return 0 <= r < SIZE and 0 <= c < SIZE and ((r, c) in new or board.at(r, c) is not None)

    r, c = placements[0].row, placements[0].col
    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    start, text = (r, c), []
    while filled(r, c):
        tile = new.get((r, c))
        text.append("." if tile is None else f"[{tile.letter.lower() if tile.blank else tile.letter}]")
        r, c = r + dr, c + dc
    return Coordinate(start[0], start[1], horizontal).federation(), "".join(text)
