"""Replay a GCG game on a board and report every line that does not add up.

Checked (TILES.md "GCG essentials"; FILE 12–19 for scores, FILE 44 for settlement):
- ``score``: a play's recorded score against the engine's (``domain.scoring``); a pass or an
  exchange that is not 0; a withdrawal (``--``) that does not take back what the play scored;
- ``total``: each player's running total, previous total + this line's score;
- ``shape``: a play the placement rules refuse (``PlacementError``: the board is kept in sync);
- ``end``: an end line against the face value of the tiles it names (going out: ×2 in English,
  ×1 in Spanish and Catalan; own rack deducted: ×1), and the tiles against the opponent's rack;
- ``syntax``: a line, a word, a rack or a square that cannot be read.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from domain.board import Board, Placement
from domain.errors import NotationError, PlacementError
from domain.move import SIZE, Coordinate
from domain.notation import format_rack, parse_rack
from domain.scoring import check_connection, evaluate_if_legal, resolve_word, score_play
from domain.tiles import BLANK, TileSet, full_bag, get_tileset
from service.gcg import model as m
from service.gcg.model import Event, GcgGame
from service.gcg.reader import read_gcg
from service.gcg.report import FileReport, Problem
from service.gcg.tilesets import END_FACTORS, tileset_name
from service.gcg.tokens import _rack_pattern, read_word

class Replay:
    """A game replayed line by line: the board, each player's total and remaining tiles, and the problems."""

    def __init__(self, tileset: TileSet, end_factor: int | None = None) -> None:
        self.tileset = tileset
        self.end_factor = END_FACTORS.get(tileset.name, 1) if end_factor is None else end_factor
        self.board = Board()
        self.totals: dict[str, int] = {}  # each player's running total as written
        self.amended: dict[str, int] = {}  # what a wrongly written total should have been
        #: Each player's last line that tells their rack, with the tiles it put on the board.
        self.last_rack: dict[str, tuple[Event, tuple[Placement, ...]] | None] = {}
        self.rack_ok = _rack_pattern(tileset).fullmatch
        self.last_play: tuple[Event, tuple[Placement, ...]] | None = None
        self.plays = 0
        self.problems: list[Problem] = []

    def problem(self, event: Event, kind: str, recorded: object, expected: object, message: str) -> None:
        """Note a problem on ``event``'s line."""
        self.problems.append(Problem(event.line, kind, recorded, expected, message))

    def run(self, events: list[Event]) -> "Replay":
        """Replay every event in order."""
        for event in events:
            self.step(event)
        return self

    def step(self, event: Event) -> None:
        """Replay one event: its own checks, then the running total."""
        kind = event.kind
        if kind == m.PLAY:
            self.play(event)
        elif kind == m.WITHDRAWN:
            self.withdraw(event)
        elif kind in (m.END_POINTS, m.END_PENALTY):
            self.end(event)
        else:
            self.check_rack(event)
            if kind in (m.PASS, m.EXCHANGE) and event.score != 0:
                self.problem(event, "score", event.score, 0, f"a {kind} scores 0 (FILE 25, 26)")
            if kind == m.EXCHANGE and not event.tiles.isdigit():
                self.parse_tiles(event, event.tiles)
            if kind != m.TIME_PENALTY:  # after an exchange the new tiles are unknown
                self.last_rack[event.nick] = None if kind == m.EXCHANGE else (event, ())
        self.check_total(event)

    def check_total(self, event: Event) -> None:
        """Previous total + this line's score; after a slip, the corrected total is a fair start too."""
        nick = event.nick
        before = self.totals.get(nick, 0)
        expected = before + event.score
        amended = self.amended.pop(nick, None)
        if event.total != expected and (amended is None or event.total != amended + event.score):
            self.problem(
                event,
                "total",
                event.total,
                expected,
                f"{nick}'s running total: {before} {event.score:+d} = {expected}, written {event.total}",
            )
            self.amended[nick] = expected
        self.totals[nick] = event.total

    def parse_tiles(self, event: Event, text: str) -> tuple[str, ...] | None:
        """Read a rack-like text (``?`` for blanks); a syntax problem and None when it cannot be read."""
        try:
            return parse_rack(text, self.tileset)
        except NotationError as e:
            self.problem(event, "syntax", text, None, f"{text!r}: {e.message}")
            return None

    def check_rack(self, event: Event) -> None:
        """A syntax problem if the line's rack cannot be read (a quick pattern first, the parser for the message)."""
        if event.rack and not self.rack_ok(event.rack):
            self.parse_tiles(event, event.rack)

    def rack(self, event: Event) -> Counter[str] | None:
        """The line's rack as a multiset, or None when absent or unreadable."""
        if not event.rack:
            return None
        try:
            return Counter(parse_rack(event.rack, self.tileset))
        except NotationError:
            return None

    def remaining(self, nick: str) -> Counter[str] | None:
        """What ``nick`` holds after their last line that showed a rack, if it can be told."""
        last = self.last_rack.get(nick)
        rack = None if last is None else self.rack(last[0])
        if rack is None:
            return None
        used = Counter(BLANK if p.tile.blank else p.tile.letter for p in last[1])
        return None if used - rack else rack - used

    def play(self, event: Event) -> None:
        """Resolve, validate and score a play; put its tiles on the board whatever happens."""
        self.plays += 1
        if event.rack and not self.rack_ok(event.rack):
            self.parse_tiles(event, event.rack)
        try:
            coord = Coordinate.parse_gcg(event.position)
            word = read_word(event.word, self.tileset)
        except NotationError as e:
            written = f"{event.position} {event.word}"
            self.problem(event, "syntax", written, None, f"{written}: {e.message}")
            self.last_rack[event.nick] = None
            return
        result = evaluate_if_legal(self.board, coord, word, self.tileset)
        if result is not None:  # the usual case: a play that breaks no rule, checked and scored in one walk
            if result.score != event.score:
                self.score_problem(event, f"{event.position} {event.word}", result)
            self.board.place(result.placements)
            self.last_play = self.last_rack[event.nick] = (event, result.placements)
            return
        written = f"{event.position} {event.word}"
        try:
            placements = resolve_word(self.board, coord, word)
        except PlacementError as e:
            self.problem(event, "shape", written, None, f"{written}: {e.message} ({e.code})")
            placements = self.salvage(coord, word)
        else:
            try:
                check_connection(self.board, placements)
            except PlacementError as e:
                self.problem(event, "shape", written, None, f"{written}: {e.message} ({e.code})")
            result = score_play(self.board, placements, coord.horizontal, self.tileset)
            if result.score != event.score:
                self.score_problem(event, written, result)
        self.board.place(placements)
        self.last_play = self.last_rack[event.nick] = (event, placements)

    def score_problem(self, event: Event, written: str, result) -> None:
        """A play whose written score is not the engine's: the words and their scores in the message."""
        words = " + ".join(f"{''.join(t.letter for t in w.tiles)} {w.score}" for w in result.words)
        bingo = " + 50" if result.bingo else ""
        self.problem(
            event,
            "score",
            event.score,
            result.score,
            f"{written} scores {result.score} ({words}{bingo}), written {event.score}",
        )

    def salvage(self, coord: Coordinate, word) -> tuple[Placement, ...]:
        """The new tiles of a refused play that can still go on the board, to keep it in sync."""
        r, c, horizontal = coord
        dr, dc = (0, 1) if horizontal else (1, 0)
        out = []
        for i, (tile, _) in enumerate(word):
            rr, cc = r + dr * i, c + dc * i
            if tile is not None and rr < SIZE and cc < SIZE and self.board.at(rr, cc) is None:
                out.append(Placement(rr, cc, tile))
        return tuple(out)

    def withdraw(self, event: Event) -> None:
        """A phony withdrawn (``--``): the previous play's tiles come off, its score is taken back (FILE 38)."""
        self.check_rack(event)
        self.last_rack[event.nick] = (event, ())  # the tiles come back to the rack
        if self.last_play is None:
            self.problem(event, "syntax", "--", None, "a withdrawal (--) with no play before it to take back")
            return
        play, placements = self.last_play
        self.board.remove(placements)
        self.last_play = None
        if event.score != -play.score:
            self.problem(
                event,
                "score",
                event.score,
                -play.score,
                f"withdrawing {play.position} {play.word} (line {play.line}) takes back its {play.score} points",
            )

    def end(self, event: Event) -> None:
        """An end line: the face value of the tiles it names, and whose tiles they are (FILE 44)."""
        tiles = self.parse_tiles(event, event.tiles)
        if tiles is None:
            return
        value = self.tileset.rack_value(tiles)
        if event.kind == m.END_PENALTY:
            expected, why = -value, f"own rack ({event.tiles}) deducted: −1 × {value}"
            rack = self.rack(event)
            if rack is not None and rack != Counter(tiles):
                self.problem(event, "end", event.tiles, event.rack, f"the deducted tiles are not the rack {event.rack}")
        else:
            expected, why = self.end_factor * value, f"going out: {self.end_factor} × {value} for ({event.tiles})"
            self.check_opponent_tiles(event, Counter(tiles))
        if event.score != expected:
            self.problem(event, "end", event.score, expected, f"{why} = {expected}, written {event.score}")

    def check_opponent_tiles(self, event: Event, named: Counter[str]) -> None:
        """The tiles named on going out are the opponent's last rack minus what they played since, or the unseen pool."""
        others = [nick for nick in self.totals if nick != event.nick]
        if len(others) != 1:
            return
        left = self.remaining(others[0])
        if left is not None and named == left:
            return
        pool = Counter(full_bag(self.tileset))
        pool.subtract(BLANK if t.blank else t.letter for t in self.board.cells if t is not None)
        pool = +pool
        if named == pool:
            return  # they drew after their last recorded line: what is unseen is theirs
        expected = format_rack(sorted(pool.elements(), key=self.tileset.order.get), self.tileset)
        self.problem(
            event,
            "end",
            event.tiles,
            expected,
            f"({event.tiles}) are not {others[0]}'s remaining tiles; the tiles not on the board are ({expected})",
        )


def verify_game(game: GcgGame, tileset: TileSet, end_factor: int | None = None) -> Replay:
    """Replay ``game`` with ``tileset``; syntax issues from reading come first among the problems."""
    replay = Replay(tileset, end_factor).run(game.events)
    if game.issues:
        read = [Problem(i.line, "syntax", i.text, None, i.message) for i in game.issues]
        replay.problems = read + replay.problems
    replay.problems.sort(key=lambda p: p.line or 0)
    return replay


def verify_file(path: str | Path, tiles: str | None = None, end_factor: int | None = None) -> FileReport:
    """Read and verify one file; a file that cannot be read gives a report with ``error`` set."""
    try:
        game = read_gcg(path)
    except OSError as e:
        return FileReport(str(path), None, error=f"cannot read {path}: {e.strerror or e}")
    name = tiles or tileset_name(game)
    replay = verify_game(game, get_tileset(name), end_factor)
    return FileReport(str(path), name, replay.plays, replay.problems)
