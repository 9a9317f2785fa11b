"""Import a GCG record through the application's commands, with a ``replay`` bag (the file names every tile).

Each ``>`` line becomes the commands a tablet would send: a play is placed (GCG coordinates
converted to the federation's) and accepted by the opponent, who then draws what the next rack
shows; a play followed by ``--`` is challenged and ruled invalid; a pass is a pass; an exchange
returns the tiles written (or, for ``-3``, those the next rack no longer holds) and draws the
new ones. End-of-game rack lines are not sent: the Game settles by itself; a ``(time)`` line
becomes the director's statement of the overtime it prices, and the Game settles again. The fixtures' bags are
fictitious: where a record's rack holds fewer than seven tiles while the Game still has tiles in
the bag, the player draws spare tiles (the most plentiful unseen letter) that are never played,
and a player who goes out in the record still holds them: ``finish`` then says how the import
ends (the director's decision, FILE 44.5).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.move import Coordinate
from domain.notation import parse_rack, parse_word
from domain.tiles import BLANK, get_tileset
from service.game.application import Actor, GamesApplication
from service.gcg.reader import read_gcg
from service.gcg.model import EXCHANGE, PASS, PLAY, TIME_PENALTY, WITHDRAWN

DATA = Path(__file__).resolve().parents[1] / "data"
DIRECTOR = Actor("director:arbitro", "mesa-1")


def seat_actor(seat: int) -> Actor:
    """The actor of a player's own tablet."""
    return Actor(f"player:{seat}", f"tablet-{seat}")


class Importer:
    """Sends one GCG record to the application, command by command."""

    def __init__(self, app: GamesApplication, name: str, profile: str, details: dict[str, Any] | None = None):
        self.app = app
        self.record = read_gcg(DATA / name)
        self.tileset = get_tileset({"fisc-2023": "catalan", "molins-club": "catalan"}.get(profile, "spanish"))
        self.nicks = [nick for nick, _ in self.record.players]
        names = [full for _, full in self.record.players]
        self.game_id: UUID = app.create_game(profile, names, DIRECTOR, bag_mode="replay",
                                             details=details or {"event": "Prueba", "round": 1, "table": 1})
        self.version = 1
        self.racks: list[list[str]] = [[] for _ in names]

    def send(self, method: str, *args: Any, by: Actor = DIRECTOR, **kwargs: Any) -> int:
        self.version = getattr(self.app, method)(self.game_id, *args, by, expected_version=self.version, **kwargs)
        return self.version

    def rack(self, line: Any) -> list[str]:
        return list(parse_rack(line.rack, self.tileset))

    def next_rack(self, seat: int, after: int) -> list[str] | None:
        """The rack the player's next turn line shows, if any."""
        for line in self.record.events[after + 1:]:
            if line.kind in (PLAY, PASS, EXCHANGE) and self.nicks.index(line.nick) == seat:
                return self.rack(line)
        return None

    def draw(self, seat: int, after: int) -> None:
        wanted = self.next_rack(seat, after)
        if wanted is None:
            return
        new = list((Counter(wanted) - Counter(self.racks[seat])).elements())
        game = self.app.get_game(self.game_id)
        short = min(7 - len(self.racks[seat]) - len(new), game.bag_count() - len(new))
        if short > 0:  # the record's bag ran low where the Game's does not: a spare tile, never played
            spare = (game.unseen() - Counter(new)).most_common(1)[0][0]
            new += [spare] * short
        if new:
            self.send("draw_tiles", seat, by=seat_actor(seat), tiles=new)
            self.racks[seat] += new

    def run(self, until: int | None = None, finish: str | None = None) -> int:
        """Send the record's turn lines (the first ``until`` of them), then ``finish`` (an end cause) if given."""
        lines = self.record.events
        first = self.nicks.index(lines[0].nick)
        self.send("give_starter", first)
        for k in range(len(self.nicks)):
            seat = (first + k) % len(self.nicks)
            opening = next(self.rack(e) for e in lines if self.nicks.index(e.nick) == seat)
            self.send("draw_tiles", seat, by=seat_actor(seat), tiles=opening)
            self.racks[seat] = list(opening)
        turns = 0
        for i, line in enumerate(lines):
            if line.kind not in (PLAY, PASS, EXCHANGE) or (until is not None and turns >= until):
                continue
            turns += 1
            seat = self.nicks.index(line.nick)
            other = (seat + 1) % len(self.nicks)
            if line.kind == PASS:
                self.send("pass_turn", seat, by=seat_actor(seat))
            elif line.kind == EXCHANGE:
                self.exchange(seat, line, i)
            elif i + 1 < len(lines) and lines[i + 1].kind == WITHDRAWN:
                self.place(seat, line)
                self.send("challenge", other, by=seat_actor(other))
                self.send("rule_challenge", False, "Lexicón FILE")
            else:
                self.place(seat, line)
                self.send("accept", other, by=seat_actor(other))
                self.racks[seat] = list((Counter(self.racks[seat]) - Counter(self.placed(line))).elements())
                self.draw(seat, i)
        if finish is not None:
            self.send("end_game", finish, detail="fixture's bag is fictitious")
        for line in lines:  # "(time) -10": ten points a minute or part of one (FISE 35): a minute over
            if line.kind == TIME_PENALTY and until is None:
                self.send("declare_overtime", self.nicks.index(line.nick), 60 * (-line.score // 10))
        return self.version

    def placed(self, line: Any) -> list[str]:
        return [BLANK if w.tile.blank else w.tile.letter for w in parse_word(line.word, self.tileset) if w.tile]

    def place(self, seat: int, line: Any) -> None:
        where = Coordinate.parse_gcg(line.position).federation()
        self.send("place_tiles", seat, where, line.word, by=seat_actor(seat), announced=line.score)

    def exchange(self, seat: int, line: Any, i: int) -> None:
        before = self.racks[seat]
        after = self.next_rack(seat, i)
        if line.tiles.isdigit():
            kept = list((Counter(before) & Counter(after)).elements())
            returned = list((Counter(before) - Counter(kept)).elements())
        else:
            returned = list(parse_rack(line.tiles, self.tileset))
            kept = list((Counter(before) - Counter(returned)).elements())
        drawn = list((Counter(after) - Counter(kept)).elements())
        self.send("exchange_tiles", seat, by=seat_actor(seat), tiles=returned, drawn=drawn)
        self.racks[seat] = kept + drawn
