"""Between recorded games and GCG: export a game's events as a GCG record, record a GCG file as a game.

Export replays the stored events to know each rack before each turn; a rack is written only
where the caller may see it and every tile on it is known. A play withdrawn and then restored on
appeal is written once, as the play that stands.

Import runs the record through the use cases on a scratch in-memory application, one command per
line (the starter is whoever plays first; each player draws the tiles the next rack they show
needs), so every rule the service applies to a tablet applies to the file; the events it produces
are then saved by the caller in one transaction: all or nothing. A record with every rack is
recorded with a ``replay`` bag; one with a rack missing with a ``physical`` bag (counts only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from domain.errors import DomainError, msg
from domain.game import events as ev
from domain.game.errors import RuleViolation
from domain.game.rules import rules_for
from domain.move import Coordinate
from domain.notation import format_rack, format_word, parse_rack, parse_word
from domain.tiles import get_tileset
from service.game.application import Actor, GamesApplication
from service.gcg import model as m
from service.gcg.model import Event, GcgGame, Pragma
from service.gcg.reader import parse_gcg
from service.gcg.tilesets import tileset_name
from service.settings import settings_env

MOVES = (m.PLAY, m.PASS, m.EXCHANGE)
AUTHORITY = "GCG record"


# ---- export ---------------------------------------------------------------------------------------
def nick_of(name: str) -> str:
    """A GCG nickname for a player's name (no spaces)."""
    return "_".join(name.split()) or "player"


def export_gcg(events: Iterable[Any], sees: Callable[[int], bool]) -> GcgGame:
    """A GCG record of the game's events; racks only for seats ``sees`` allows and only when fully known."""
    game: Any = None
    out: list[Pragma | Event] = []
    last_play: Event | None = None
    for event in events:
        if isinstance(event, ev.Created):
            game = event.mutate(None)
            out += _pragmas(game)
            continue
        nicks = [nick_of(p) for p in game.players]
        seat = getattr(event, "seat", None)
        rack = _rack(game, seat, sees) if isinstance(seat, int) else ""
        before = list(game.scores)
        line: Event | None = None
        if isinstance(event, ev.TilesPlaced):
            line = last_play = Event(m.PLAY, nicks[seat], rack, event.score, event.total,
                                     position=Coordinate.parse_federation(event.coordinates).gcg(),
                                     word=_gcg_word(game, event))
        elif isinstance(event, ev.PlayWithdrawn):
            line = Event(m.WITHDRAWN, nicks[seat], last_play.rack if last_play else "", event.total - before[seat],
                         event.total)
        elif isinstance(event, ev.PlayRestored):
            while out and not (isinstance(out[-1], Event) and out[-1].kind == m.WITHDRAWN):
                out.pop()
            if out:
                out.pop()
            if last_play is not None:
                last_play.notes.append("challenged, ruled invalid, restored on appeal")
        elif isinstance(event, ev.TilesExchanged):
            shown = format_rack(event.returned, game.tileset) if event.returned and sees(seat) else str(event.count)
            line = Event(m.EXCHANGE, nicks[seat], rack, 0, before[seat], tiles=shown)
        elif isinstance(event, ev.TurnPassed):
            line = Event(m.PASS, nicks[seat], rack, 0, before[seat])
        elif isinstance(event, ev.ChallengeRuled) and last_play is not None:
            verdict = "valid" if event.valid else "invalid"
            last_play.notes.append(f"challenged ({', '.join(event.words)}): {verdict}, {event.authority}"
                                   + (" (appeal)" if event.appeal else ""))
        elif isinstance(event, ev.GameSettled):
            out += _end_lines(game, event.settlement, nicks)
        game = event.mutate(game)
        if line is not None:
            out.append(line)
    return GcgGame(out)


def _pragmas(game: Any) -> list[Pragma | Event]:
    found: list[Pragma | Event] = [Pragma(f"player{s + 1}", f"{nick_of(name)} {name}")
                                   for s, name in enumerate(game.players)]
    details = game.details or {}
    title = ", ".join(f"{k} {details[k]}" for k in ("event", "round", "table") if details.get(k) is not None)
    if title:
        found.append(Pragma("title", title))
    if details.get("lexicon"):
        found.append(Pragma("lexicon", str(details["lexicon"])))
    found += [Pragma("tile-distribution", game.tileset_name), Pragma("id", f"planilla {game.id}"),
              Pragma("note", f"profile {game.profile}, bag {game.bag_mode}")]
    return found


def _rack(game: Any, seat: int, sees: Callable[[int], bool]) -> str:
    if not sees(seat) or not game.rack_known(seat) or not game.racks[seat]:
        return ""
    return format_rack(sorted(game.racks[seat]), game.tileset)


def _gcg_word(game: Any, event: Any) -> str:
    """The main word with the tiles already on the board as ``.``."""
    coord = Coordinate.parse_federation(event.coordinates)
    tiles = [w.tile for w in parse_word(event.word, game.tileset)]
    new = {(r, c) for r, c, _ in event.placements}
    squares = coord.squares(len(tiles))
    return format_word([t if sq in new else None for t, sq in zip(tiles, squares)], game.tileset)


def _end_lines(game: Any, settlement: dict[str, Any], nicks: list[str]) -> list[Pragma | Event]:
    if not settlement.get("racks_counted"):
        return []
    players = settlement["players"]
    lines: list[Pragma | Event] = []
    finisher = settlement.get("finisher")
    text = {p["seat"]: format_rack(p["rack"], game.tileset) for p in players}
    for p in players:
        seat, adjust, final = p["seat"], p["rack_adjustment"], p["final_score"]
        if seat == finisher:
            others = "".join(text[q["seat"]] for q in players if q["seat"] != seat)
            lines.append(Event(m.END_POINTS, nicks[seat], "", adjust, final, tiles=others))
        else:
            lines.append(Event(m.END_PENALTY, nicks[seat], text[seat], adjust, final, tiles=text[seat]))
    return lines


# ---- import ---------------------------------------------------------------------------------------
def import_gcg(text: str, profile: str, names: list[str] | None, by: Actor, details: dict[str, Any],
               clock: Callable[[], str]) -> tuple[list[Any], str, list[str]]:
    """The events of the game the GCG text records under ``profile``; DomainError naming the line if refused."""
    record = parse_gcg(text)
    if record.issues:
        issue = record.issues[0]
        raise RuleViolation(msg("service.gcg_syntax_line", line=issue.line, message=issue.message), code="gcg_syntax", field="gcg")
    rules = rules_for(profile)
    declared = tileset_name(record)
    if declared != "english" and declared != rules.tileset:
        raise RuleViolation(msg("service.record_written_tiles_plays", declared=declared, profile=profile,
                                tileset=rules.tileset),
                            code="gcg_tileset", field="profile")
    players = record.players
    if names is not None and len(names) != len(players):
        raise RuleViolation(msg("service.record_has_players_not", n_players=len(players), n_names=len(names)),
                            code="player_count", field="players")
    moves = [e for e in record.events if e.kind in MOVES]
    if not moves:
        raise RuleViolation(msg("service.record_has_no_move"), code="gcg_empty", field="gcg")
    scratch = GamesApplication(settings_env("memory"), clock=clock)
    try:
        run = _Import(scratch, record, profile, names or [full for _, full in players], by, details)
        run.record()
        return list(scratch.repository.event_store.get(run.game_id)), run.bag_mode, run.warnings
    finally:
        scratch.close()


@contextmanager
def at_line(line: int) -> Iterator[None]:
    """Refusals inside name the record's line and the field ``gcg`` (a word or rack that cannot be read, too)."""
    try:
        yield
    except DomainError as err:
        if err.field == "gcg":
            raise
        raise RuleViolation(msg("service.line", line=line, value=err.field or 'record', message=err.message), code=err.code,
                            article=err.article, field="gcg") from None


class _Import:
    """One GCG record played through the use cases of a scratch application."""

    def __init__(self, app: GamesApplication, record: GcgGame, profile: str, names: list[str], by: Actor,
                 details: dict[str, Any]) -> None:
        self.app, self.by, self.events = app, by, record.events
        self.seats = {nick: s for s, (nick, _) in enumerate(record.players)}
        moves = [e for e in self.events if e.kind in MOVES or e.kind == m.WITHDRAWN]
        self.bag_mode = "replay" if all(e.rack for e in moves) else "physical"
        self.tileset = get_tileset(rules_for(profile).tileset)
        self.game_id: UUID = app.create_game(profile, names, by, bag_mode=self.bag_mode,
                                             details={**details, "notes": details.get("notes") or "recorded from a GCG file"})
        self.version, self.warnings = 1, []

    def send(self, method: str, *args: Any, line: int = 0, **kwargs: Any) -> None:
        try:
            self.version = getattr(self.app, method)(self.game_id, *args, self.by, expected_version=self.version,
                                                     **kwargs)
        except DomainError as err:
            raise RuleViolation(msg("service.gcg_syntax_line", line=line, message=err.message), code=err.code, article=err.article,
                                field="gcg") from None

    @property
    def game(self) -> Any:
        return self.app.get_game(self.game_id)

    def record(self) -> None:
        first = next(e for e in self.events if e.kind in MOVES)
        with at_line(first.line):
            starter = self._seat(first)
            self.send("give_starter", starter, reason="GCG record: the first to play", line=first.line)
            count = len(self.seats)
            for k in range(count):
                seat = (starter + k) % count
                self._draw(seat, -1, line=first.line)
        index = 0
        while index < len(self.events):
            with at_line(self.events[index].line):
                index = self._step(index)

    def _seat(self, event: Event) -> int:
        if event.nick not in self.seats:
            raise RuleViolation(msg("service.line_unknown_player", line=event.line, nick=event.nick), code="gcg_player", field="gcg")
        return self.seats[event.nick]

    def _step(self, i: int) -> int:
        event = self.events[i]
        seat, line = self._seat(event), event.line
        following = self.events[i + 1] if i + 1 < len(self.events) else None
        if event.kind == m.PLAY:
            coord = Coordinate.parse_gcg(event.position).federation()
            word = format_word([w.tile for w in parse_word(event.word, self.tileset)], self.tileset)
            self.send("place_tiles", seat, coord, word, announced=max(event.score, 0), line=line)
            game = self.game
            if game.turns[-1]["score"] != event.score:
                self.warnings.append(f"line {line}: {event.position} {event.word} scores {game.turns[-1]['score']}, "
                                     f"the record says {event.score}")
            opponent = game.next_seat(seat)
            if game.pending and game.pending["kind"] == "centre_choice":
                self.send("decide_off_centre", opponent, True, line=line)
            if following is not None and following.kind == m.WITHDRAWN and following.nick == event.nick:
                self.send("challenge", opponent, line=following.line)
                self.send("rule_challenge", False, AUTHORITY, line=following.line)
                return i + 2
            if self.game.phase == "playing":
                self.send("accept", opponent, line=line)
            self._draw(seat, i, line=line)
        elif event.kind == m.PASS:
            self.send("pass_turn", seat, line=line)
        elif event.kind == m.EXCHANGE:
            self._exchange(seat, i, event)
        elif event.kind == m.WITHDRAWN:
            raise RuleViolation(msg("service.line_withdrawal_right_after", line=line),
                                code="gcg_withdrawn", field="gcg")
        elif event.kind in (m.CHALLENGE_BONUS, m.TIME_PENALTY):
            raise RuleViolation(msg("service.line_cannot_recorded_under", line=line,
                                    replace=event.kind.replace('_', ' ')), code="gcg_unsupported", field="gcg")
        else:
            self._check_end(event)
        return i + 1

    def _exchange(self, seat: int, i: int, event: Event) -> None:
        if self.bag_mode == "physical" or event.tiles.isdigit():
            count = int(event.tiles) if event.tiles.isdigit() else len(parse_rack(event.tiles, self.tileset))
            if self.bag_mode != "physical":
                raise RuleViolation(msg("service.line_replay_records_which", line=event.line),
                                    code="tiles_required", field="gcg")
            self.send("exchange_tiles", seat, count=count, line=event.line)
            return
        returned = list(parse_rack(event.tiles, self.tileset))
        keep = Counter(self.game.racks[seat]) - Counter(returned)
        drawn = self._needed(seat, i, keep, event.line)
        self.send("exchange_tiles", seat, tiles=returned, drawn=drawn, line=event.line)

    def _draw(self, seat: int, i: int, *, line: int) -> None:
        game = self.game
        if game.phase not in ("dealing", "playing"):
            return
        wanted = min(7 - game.rack_counts[seat], game.bag_count())
        if wanted <= 0:
            return
        if self.bag_mode == "physical":
            self.send("draw_tiles", seat, count=wanted, line=line)
            return
        tiles = self._needed(seat, i, Counter(game.racks[seat]), line)
        if tiles:
            self.send("draw_tiles", seat, tiles=tiles, line=line)

    def _needed(self, seat: int, i: int, keep: Counter, line: int) -> list[str]:
        """The tiles ``seat`` must have drawn: the next rack the record shows, less what they kept."""
        nick = next(n for n, s in self.seats.items() if s == seat)
        shown = None
        for later in self.events[i + 1:]:
            if later.nick == nick and later.rack and later.kind != m.WITHDRAWN:
                shown = later.rack
                break
            if later.kind == m.END_POINTS and later.nick != nick and len(self.seats) == 2:
                shown = later.tiles
                break
        if shown is None:
            return []
        rack = Counter(parse_rack(shown, self.tileset))
        if keep - rack:
            raise RuleViolation(msg("service.line_kept_which_next", line=line, nick=nick,
                                    elements=' '.join(sorted((keep - rack).elements())),
                                    shown=shown), code="gcg_rack", field="gcg")
        return sorted((rack - keep).elements())

    def _check_end(self, event: Event) -> None:
        game = self.game
        if game.settlement is None:
            return
        final = {p["seat"]: p["final_score"] for p in game.settlement["players"]}
        seat = self._seat(event)
        if final.get(seat) != event.total and event is self._last_line(event.nick):
            self.warnings.append(f"line {event.line}: {event.nick}'s final total is {final.get(seat)} under the "
                                 f"profile, the record says {event.total}")

    def _last_line(self, nick: str) -> Event | None:
        return next((e for e in reversed(self.events) if e.nick == nick), None)
