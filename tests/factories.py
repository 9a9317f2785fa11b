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
