"""Tournaments' use cases, on the games' own store: thin steps that load, call one method, save.

A published round's games, their player tokens and the ``RoundPublished`` event are saved in one
transaction (never a round half published). Results come from the games themselves: ``sync`` reads
each published game and records a closed game's result (or opens a reopened one's) through the
aggregate, which records a closing once however often it is asked, so running it on every read,
after every signature and again after a crash is exactly once.
"""

from __future__ import annotations

import copy
import threading
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.errors import msg
from domain.game import Game
from domain.game.meta import Meta
from domain.game.official import is_official_entry
from domain.profiles.kinds import Starter
from domain.tournament.aggregate import Tournament, TournamentError
from domain.tournament.formats import FormatError, Note, Sheet, export, read_players, sheet_of
from domain.tournament.pairing import Pairing
from domain.tournament.standings import Row
from service.game.application import Actor, ApplicationError, GameNotFound, VersionConflict

SYSTEM = Actor("system:tournament")


class TournamentNotFound(ApplicationError, LookupError):
    """Raised when no tournament has the id asked for."""

    code = "tournament_not_found"

    def __init__(self, tournament_id: UUID) -> None:
        super().__init__(msg("service.no_tournament", tournament_id=tournament_id))
        self.tournament_id = tournament_id


class Tournaments:
    """The tournaments of one store, beside its games (``app``: the service's application)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._lock = threading.Lock()  # a director's acts are rare: one at a time per process
        self._views: dict[UUID, _View] = {}  # what readers share, per tournament (see ``view``)
        self._seen: dict[UUID, dict[str, int]] = {}  # per tournament: each game's version at the last sync

    # ---- reading ------------------------------------------------------------------------
    def get(self, tournament_id: UUID) -> Tournament:
        """A copy of the tournament as stored (a failed command never touches a cached one)."""
        try:
            if self.app.repository.cache is not None:
                found = self.app._from_cache(tournament_id)  # noqa: SLF001  (a pickled copy: 4x a deepcopy)
            else:
                found = copy.deepcopy(self.app.repository.get(tournament_id))
        except AggregateNotFoundError:
            raise TournamentNotFound(tournament_id) from None
        if not isinstance(found, Tournament):
            raise TournamentNotFound(tournament_id)
        return found

    def view(self, tournament_id: UUID) -> Tournament:
        """The tournament as stored, shared by every reader until it moves (never to be changed by the caller):
        loaded again only when its stored version is not the one in hand (one small read of the store)."""
        version = self.app.stored_version(tournament_id)
        found = self._views.get(tournament_id)
        if found is not None and found.tournament.version == version:
            return found.tournament
        tournament = self.get(tournament_id)
        self._views[tournament_id] = _View(tournament)
        return tournament

    def standings(self, tournament_id: UUID, at: int | None = None, *, sync: bool = True,
                  division: str | None = None) -> tuple[Tournament, list[Row]]:
        """The standings after round ``at`` (all rounds played when None), results brought up to date first
        (unless ``sync`` is False: a watcher of this process keeps them so); computed once per version and round."""
        if sync:
            self.sync(tournament_id)
        tournament = self.view(tournament_id)
        held = self._views.get(tournament_id)
        if held is None or held.tournament is not tournament:
            return tournament, tournament.standings(at, division=division)
        if (at, division) not in held.rows:
            held.rows[(at, division)] = tournament.standings(at, division=division)
        return tournament, held.rows[(at, division)]

    def check(self, tournament_id: UUID) -> list[dict[str, Any]]:
        """The pairing checker: each published round derived again from the events before it, and what differs;
        each with its warnings (``warnings``: what its pairing breaks of the rules, with the articles)."""
        tournament = self.get(tournament_id)
        report = []
        for round_no in sorted(int(r) for r in tournament.published):
            drafted = tournament.drafts[str(round_no)]
            published = [(t["first"], t["second"]) for t in tournament.published[str(round_no)]]
            warnings = [w.as_dict() for w in tournament.warnings(round_no)]
            if drafted["method"] == "manual":
                report.append({"round": round_no, "method": "manual", "agrees": None, "differences": [],
                               "reason": drafted.get("reason", ""), "warnings": warnings})
                continue
            derived, method = tournament.derive(round_no)
            again = [(p.first, p.second) for p in derived]
            differences = [{"table": i + 1, "published": list(a), "derived": list(b)}
                           for i, (a, b) in enumerate(zip(published, again)) if a != b]
            if len(published) != len(again):
                differences.append({"table": None, "published": len(published), "derived": len(again)})
            report.append({"round": round_no, "method": method, "agrees": not differences,
                           "differences": differences, "warnings": warnings})
        return report

    def draft_check(self, tournament_id: UUID) -> dict[str, Any] | None:
        """The next round's draft, not yet published, with the checker's warnings on it; None when there is none."""
        tournament = self.get(tournament_id)
        round_no = tournament.last_published + 1
        drafted = tournament.drafts.get(str(round_no))
        if drafted is None:
            return None
        return {"round": round_no, "method": drafted["method"], "reason": drafted.get("reason", ""),
                "warnings": [w.as_dict() for w in tournament.warnings(round_no)]}

    def warnings(self, tournament_id: UUID, round_no: int,
                 pairings: list[tuple[str, str | None]] | None = None) -> list[dict[str, Any]]:
        """The checker's warnings on a round: as drafted or published, or on ``pairings`` given by hand (nothing
        is saved: the director sees them before drafting the round so)."""
        tournament = self.view(tournament_id)
        if pairings is None:
            return [w.as_dict() for w in tournament.warnings(round_no)]
        if round_no != tournament.last_published + 1:
            raise TournamentError(msg("tournament.next_round_draft", last_published=tournament.last_published + 1), code="round",
                                  field="round")
        return [w.as_dict() for w in tournament.warnings(round_no, tournament.hand_tables(round_no, pairings))]

    def sheet(self, tournament_id: UUID) -> Sheet:
        """The tournament as the interchange files carry it, results brought up to date first; each game's line
        names first who started it (read from the game: under FISC I.5 the players draw)."""
        self.sync(tournament_id)
        tournament = self.get(tournament_id)
        starters = {}
        for r in tournament.results.values():
            if r["kind"] == "played" and r["game_id"]:
                try:
                    starters[r["game_id"]] = self.app.get_game(UUID(r["game_id"])).starter
                except GameNotFound:
                    continue
        return sheet_of(tournament, date=tournament.created_at[:10], starters=starters)

    def export(self, tournament_id: UUID, fmt: str, division: str | None = None) -> tuple[str, list[Note]]:
        """The tournament in one of the interchange formats (``domain.tournament.formats.FORMATS``): every
        division, or the one named; with what the file shortens or approximates (``Note``)."""
        return export(self.sheet(tournament_id), fmt, division)

    def give_details(self, tournament_id: UUID, by: Actor, *, city: str = "", federation: str = "",
                     chief_arbiter: str = "") -> None:
        """The event's city, federation and chief arbiter (TRF16's 022, 032 and 102 lines)."""
        self.act(tournament_id, by, lambda t, m: t.give_details(city, federation, chief_arbiter, m))

    def import_players(self, tournament_id: UUID, text: str, fmt: str, by: Actor) -> list[str]:
        """Register every player of a list (CSV or TRF16) in one save: all of them, or none when any is refused."""
        entries = read_players(text, fmt)

        def step(t: Tournament, meta: Meta) -> list[str]:
            return _register(t, entries, meta)

        return self.act(tournament_id, by, step)

    def close(self, tournament_id: UUID, by: Actor, reason: str = "") -> None:
        """Close the tournament (``TournamentClosed``), results brought up to date first."""
        self.sync(tournament_id)
        self.act(tournament_id, by, lambda t, m: t.close(reason, m))

    # ---- a director's acts ----------------------------------------------------------------
    def create(self, name: str, rules: str, profile: str, rounds: int, by: Actor, *, system: str = "swiss",
               settings: dict[str, Any] | None = None, players: str | None = None, players_format: str = "csv",
               details: dict[str, str] | None = None) -> UUID:
        """A new tournament; with ``players`` (a CSV or TRF16 list) its players entered in the same save, and its
        ``details`` (city, federation, chief_arbiter: TRF16's 022, 032, 102) when any is given."""
        meta = self._meta(by)
        tournament = Tournament.create(name, rules, profile, rounds, meta, system=system, settings=settings)
        entries = read_players(players, players_format) if players is not None else []
        if details and any(details.values()):
            tournament.give_details(details.get("city", ""), details.get("federation", ""),
                                    details.get("chief_arbiter", ""), meta)
        _register(tournament, entries, meta)
        self.app.save_together(tournament)
        return tournament.id

    def act(self, tournament_id: UUID, by: Actor, step: Any) -> Any:
        """Load, run ``step(tournament, meta)``, save; what the step returns."""
        with self._lock:
            tournament = self.get(tournament_id)
            answer = step(tournament, self._meta(by))
            self._save(tournament)
            return answer

    def publish(self, tournament_id: UUID, round_no: int, by: Actor, *, reason: str = "",
                bag_mode: str = "virtual") -> dict[str, Any]:
        """Create the round's games (the first named starts: FILE 4.1) with one token per seat, and publish
        the round, all in one transaction; the tokens are returned once, as a new game's are."""
        with self._lock:
            tournament = self.get(tournament_id)
            meta = self._meta(by)
            draft = tournament.drafts.get(str(round_no), {"pairings": []})
            games: list[Game] = []
            issued: list[Any] = []
            seats: dict[int, list[dict[str, Any]]] = {}
            for t in draft["pairings"]:
                if t["second"] is None:
                    continue
                names = [tournament.players[t["first"]]["name"], tournament.players[t["second"]]["name"]]
                details = {"event": tournament.name, "round": round_no, "table": t["table"]}
                game = Game.create(tournament.profile, names, meta, bag_mode=bag_mode, details=details)
                if game.book.start.starter is Starter.PAIRING_LIST:  # FILE 4.1; elsewhere they draw (FISC I.5)
                    game.give_starter(0, meta, "the first named on the pairing list (FILE 4.1)")
                games.append(game)
                seats[t["table"]] = []
                for seat, name in enumerate(names):
                    token, record = self.app.player_token(name, by.actor, meta.at, game_id=game.id, seat=seat)
                    issued.append(record)
                    seats[t["table"]].append({"seat": seat, "player": name, "token": token})
            tables = {t["table"]: str(g.id) for t, g in zip([t for t in draft["pairings"] if t["second"]], games)}
            tournament.publish(round_no, tables, meta, reason=reason)
            self._save(tournament, *games, *issued)
            return {"round": round_no, "tables": [
                {**t, "game_id": tables.get(t["table"]), "tokens": seats.get(t["table"], [])}
                for t in draft["pairings"]]}

    def sync(self, tournament_id: UUID, only: list[str] | None = None) -> int:
        """Record the result of every published game now closed, and open the result of every game
        reopened since (of the games ``only`` names, when given); the number of results recorded or opened."""
        seen = self._seen.setdefault(tournament_id, {})
        if self.view(tournament_id).closed is not None:
            return 0  # closed: its results are final (a game reopened since changes nothing here)
        if only is None:
            tournament = self.view(tournament_id)
            todo = [t["game_id"] for tables in tournament.published.values() for t in tables if t.get("game_id")]
            # a game whose stored version is the one the last sync saw has nothing new (a small read, no load)
            todo = [g for g in todo if seen.get(g) is None or seen[g] != self.app.stored_version(UUID(g))]
        else:
            todo = only
        changes = []
        for game_id in todo:
            try:
                game = self.app.get_game(UUID(game_id))
            except GameNotFound:
                continue
            changes.append((game_id, game))
        loaded = {g: game.version for g, game in changes}
        if not changes:
            return 0
        # only a game that closed (at a version not recorded) or reopened a result it gave moves the tournament
        known = self.view(tournament_id).results
        from_games = {r["game_id"]: r["game_version"] for r in known.values()
                      if r.get("game_id") and r.get("game_version") is not None}
        changes = [(g, game) for g, game in changes
                   if (game.closed and from_games.get(g) != game.version) or (not game.closed and g in from_games)]
        if not changes:
            seen.update(loaded)
            return 0

        hands = {g: sum(1 for r in self.app.history(UUID(g)) if is_official_entry(r.type, r.actor))
                 for g, game in changes if game.closed}  # a paper game, a dead tablet: its entries shown as such

        def step(t: Tournament, meta: Meta) -> int:
            done = 0
            for game_id, game in changes:
                if game.closed:
                    finals = [p["final_score"] for p in game.settlement["players"]]
                    outcome = [p["result"] for p in game.settlement["players"]]
                    scrabbles = [sum(1 for turn in game.turns if turn.get("seat") == s and turn.get("kind") == "play"
                                     and turn.get("bingo")) for s in range(2)]
                    done += t.record_game(game_id, game.version, finals, scrabbles, meta, outcome=outcome,
                                          official_entries=hands.get(game_id, 0))
                else:
                    done += t.reopen_game(game_id, "the game was reopened (FILE 43)", meta)
            return done

        done = self.act(tournament_id, SYSTEM, step)
        seen.update(loaded)  # only once recorded: a refused save leaves them to the next sync
        return done

    # ---- saving -------------------------------------------------------------------------
    def _save(self, tournament: Tournament, *others: Any) -> None:
        if not tournament.pending_events and not others:
            return
        try:
            self.app.save_together(tournament, *others)
        except IntegrityError:
            raise VersionConflict(tournament.id, tournament.version, tournament.version) from None

    def _meta(self, by: Actor) -> Meta:
        return Meta(by.actor, by.device, self.app.clock())


class _View:
    """A tournament shared by readers at one version, and the standings computed on it (per round asked)."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.rows: dict[tuple[int | None, str | None], list[Row]] = {}


def _register(t: Tournament, entries: list[Any], meta: Meta) -> list[str]:
    """Enter each player of a list; every refusal names the list's player (its line, when read from a file, its
    number and name), all in one refusal, and the caller saves nothing."""
    ids, problems, article = [], [], None
    for e in entries:
        try:
            ids.append(t.register(e.name, meta, federation_id=e.federation_id, club=e.club, rating=e.rating,
                                  division=e.division))
        except TournamentError as err:
            problems.append({"line": e.line or e.number, "field": err.field or "name",
                             "message": msg("service.player", number=e.number, name=e.name, message=err.message)})
            article = article or err.article
    if problems:
        raise FormatError.of_lines(problems, article)
    return ids


def pairing_dict(p: Pairing) -> dict[str, Any]:
    return p.as_dict()
