"""Test factories: random shape-legal games driven through the engine's public functions."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from domain.board import CENTRE, Board, Placement
from domain.errors import PlacementError
from domain.move import SIZE
from domain.scoring import PlayResult, check_connection, check_shape, score_play
from domain.tiles import BLANK, Tile, TileSet, full_bag

DIRECTIONS = ((0, 1), (1, 0))


@dataclass
class RandomGame:
    """A two-player game with no lexicon: every play is legal in shape (FILE 8–9), words are random."""

    tileset: TileSet
    rng: random.Random
    board: Board = field(default_factory=Board)
    bag: list[str] = field(default_factory=list)
    racks: list[list[str]] = field(default_factory=lambda: [[], []])
    plays: list[tuple[Board, tuple[Placement, ...], bool, PlayResult]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.bag = full_bag(self.tileset)
        self.rng.shuffle(self.bag)
        for rack in self.racks:
            self.refill(rack)

    def refill(self, rack: list[str]) -> None:
        while len(rack) < 7 and self.bag:
            rack.append(self.bag.pop())

    def tiles_everywhere(self) -> Counter:
        """Every tile in bag, racks and on the board; a blank on the board counts as '?'."""
        seen = Counter(self.bag)
        for rack in self.racks:
            seen.update(rack)
        seen.update(BLANK if t.blank else t.letter for t in self.board.cells if t is not None)
        return seen

    def random_play(self, rack: list[str], attempts: int = 40) -> tuple[tuple[Placement, ...], bool] | None:
        """Try random lines through an anchor square until one is legal in shape."""
        letters = self.tileset.letters
        for _ in range(attempts):
            k = self.rng.randint(1, len(rack))
            chosen = self.rng.sample(range(len(rack)), k)
            dr, dc = self.rng.choice(DIRECTIONS)
            r, c = CENTRE if self.board.is_empty() else self._anchor()
            back = self.rng.randint(0, k - 1)
            r, c = r - dr * back, c - dc * back
            placements = []
            for idx in chosen:
                while 0 <= r < SIZE and 0 <= c < SIZE and self.board.at(r, c) is not None:
                    r, c = r + dr, c + dc
                if not (0 <= r < SIZE and 0 <= c < SIZE):
                    break
                tile = rack[idx]
                placed = Tile(self.rng.choice(letters), True) if tile == BLANK else Tile(tile)
                placements.append(Placement(r, c, placed))
                r, c = r + dr, c + dc
            if len(placements) != k or r < 0 or c < 0:
                continue
            try:
                horizontal = check_shape(self.board, placements) if k > 1 else dr == 0
                check_connection(self.board, placements)
            except PlacementError:
                continue
            for idx in sorted(chosen, reverse=True):
                rack.pop(idx)
            return tuple(placements), horizontal
        return None

    def _anchor(self) -> tuple[int, int]:
        occupied = [i for i, t in enumerate(self.board.cells) if t is not None]
        i = self.rng.choice(occupied)
        r, c = divmod(i, SIZE)
        dr, dc = self.rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        return max(0, min(SIZE - 1, r + dr)), max(0, min(SIZE - 1, c + dc))

    def play_turn(self, player: int) -> str:
        """One turn: a random legal play, else an exchange when the bag allows (FILE 25), else a pass."""
        rack = self.racks[player]
        found = self.random_play(rack) if rack else None
        if found is not None:
            placements, horizontal = found
            before = self.board.copy()
            result = score_play(self.board, placements, horizontal, self.tileset)
            self.board.place(placements)
            self.plays.append((before, placements, horizontal, result))
            self.refill(rack)
            return "play"
        if rack and len(self.bag) >= len(rack):
            out = self.rng.sample(rack, self.rng.randint(1, len(rack)))
            for t in out:
                rack.remove(t)
            self.refill(rack)
            self.bag.extend(out)
            self.rng.shuffle(self.bag)
            return "exchange"
        return "pass"


# ---- Games driven only through the aggregate's commands --------------------------------------

def meta(actor: str = "player:0", at: str = "2026-11-21T10:00:00+00:00"):
    """A Meta for tests: fixed time, named actor, a tablet device."""
    from domain.game import Meta

    return Meta(actor, "tablet-test", at)


def new_game(profile: str = "file-2024", players=("Ana", "Bea"), bag_mode: str = "virtual", starter: int = 0,
             details=None):
    """A created game whose starter is given by the pairing list (FILE 4.1)."""
    from domain.game import Game

    game = Game.create(profile, list(players), meta("director:test"), bag_mode=bag_mode,
                       details=details or {"event": "Open", "round": 1, "table": 1})
    game.give_starter(starter, meta("director:test"))
    return game


def deal(game, racks):
    """Initial racks in draw order: the starter first (FISC I.5)."""
    order = [(game.starter + k) % len(game.players) for k in range(len(game.players))]
    for seat in order:
        game.draw_tiles(seat, meta(f"player:{seat}"), tiles=list(racks[seat]))


def draw_random(game, seat, rng, count=None):
    """Draw ``count`` (default: back to 7) random tiles from the bag, as the virtual bag does."""
    need = 7 - game.rack_counts[seat] if count is None else count
    need = min(need, game.bag_count())
    if need <= 0:
        return []
    pool = list(game.unseen().elements())
    tiles = rng.sample(sorted(pool), need)
    game.draw_tiles(seat, meta(f"player:{seat}"), tiles=tiles)
    return tiles


def random_written_play(game, rng, attempts: int = 60):
    """A random legal play for the player on turn, as (coordinates, word) in federation notation."""
    from domain.move import Coordinate
    from domain.notation import format_word

    seat = game.turn
    shadow = RandomGame.__new__(RandomGame)
    shadow.tileset, shadow.rng, shadow.board = game.tileset, rng, game.engine_board()
    rack = list(game.racks[seat])
    found = shadow.random_play(rack, attempts) if rack else None
    if found is None:
        return None
    placements, horizontal = found
    result = score_play(shadow.board, placements, horizontal, game.tileset)
    main = result.words[0]
    return Coordinate(main.row, main.col, main.horizontal).federation(), format_word(main.tiles, game.tileset)


def play_random_game(profile: str, seed: int, max_turns: int = 300, check=None, refill=None, between=None,
                     details=None):
    """Drive a virtual-bag game to its end only through commands; ``check(game)`` runs after each command.

    ``refill(game, seat, rng, step)`` replaces the draw back to seven after a turn, and
    ``between(game, rng, step)`` runs between turns (tests.scenes uses both to add the arbiter's incidents).
    ``details`` are the game's settings (event, round, table...).
    """
    from domain.errors import DomainError

    rng = random.Random(seed)
    game = new_game(profile, players=("Ana", "Bea", "Cai")[: 3 if profile == "molins-club" and seed % 2 else 2],
                    details=details)
    step = check or (lambda g: None)
    refill = refill or (lambda g, seat, r, s: draw_random(g, seat, r))
    for seat in [(game.starter + k) % len(game.players) for k in range(len(game.players))]:
        draw_random(game, seat, rng)
        step(game)
    for _ in range(max_turns):
        if game.phase != "playing":
            break
        seat = game.turn
        other = game.next_seat(seat)
        written = random_written_play(game, rng) if rng.random() < 0.9 else None
        if written:
            game.place_tiles(seat, written[0], written[1], meta(f"player:{seat}"), announced=None)
            step(game)
            if game.pending and game.pending["kind"] == "centre_choice":
                game.decide_off_centre(other, True, meta(f"player:{other}"))
            if rng.random() < 0.1:
                game.challenge(other, meta(f"player:{other}"))
                step(game)
                game.rule_challenge(rng.random() < 0.5, "test lexicon", meta("arbiter:test"))
            elif game.pending:
                game.accept(other, meta(f"player:{other}"))
        else:
            try:
                n = rng.randint(1, max(1, min(7, game.rack_counts[seat])))
                tiles = rng.sample(game.racks[seat], n)
                drawn = rng.sample(sorted(game.unseen().elements()), n)
                game.exchange_tiles(seat, meta(f"player:{seat}"), tiles=tiles, drawn=drawn)
            except (DomainError, ValueError):
                game.pass_turn(seat, meta(f"player:{seat}"))
        step(game)
        if game.phase == "playing" and not game.pending:
            last = game.turns[-1]["seat"] if game.turns else seat
            for short in [last] + [s for s in range(len(game.players)) if s != last]:  # a lost turn may follow a play
                if game.rack_counts[short] < 7 and (short == last or game.bag_count()):
                    refill(game, short, rng, step)
                    step(game)
        if between is not None and game.phase == "playing" and not game.pending:
            between(game, rng, step)
    return game


class _Reached(Exception):
    pass


def drive_until(profile: str, seed: int, predicate, max_turns: int = 300):
    """Play a random game through commands until ``predicate(game)`` holds; None if it never does."""
    reached = {}

    def check(game):
        if game.phase == "playing" and not game.pending and predicate(game):
            reached["game"] = game
            raise _Reached

    try:
        play_random_game(profile, seed, max_turns, check=check)
    except _Reached:
        return reached["game"]
    return None


def exchange_some(game, seat, rng, n=1):
    """Exchange ``n`` random tiles of a known rack for random tiles from the bag."""
    tiles = rng.sample(game.racks[seat], n)
    drawn = rng.sample(sorted(game.unseen().elements()), n)
    game.exchange_tiles(seat, meta(f"player:{seat}"), tiles=tiles, drawn=drawn)
