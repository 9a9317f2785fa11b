"""The Tournament aggregate: players, rounds, pairings and results, every act an event.

A result exists only because a game's sheet was signed (``record_result`` with the game's closing
version) or because the director recorded why (a bye, a forfeit, both absent), and a reopened game
opens its result again. Pairings are drafted by the pure pairing functions from the standings the
events give, so a checker can draft any published round again from the events before it.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate

from domain.errors import DomainError, msg
from domain.game.chain import GENESIS, event_hash
from domain.game.meta import Meta
from domain.profiles import get_profile
from domain.profiles.kinds import Starter
from domain.tournament import events as ev
from domain.tournament.checks import Context, PairingWarning, review
from domain.tournament.errors import TournamentError
from domain.tournament.entries import article, closed_message, last_entry_round, open_tables
from domain.tournament.pairing import (
    NoPairing, Pairing, Within, first_round, king_of_the_hill, round_robin, swiss,
)
from domain.tournament.results import Kind
from domain.tournament.rules import RULES, SettingRefused, setting_value
from domain.tournament.views import TournamentViews, pairing_of

SYSTEMS = ("swiss", "round_robin", "manual")


class Tournament(TournamentViews, Aggregate):
    """One tournament: its players, its rounds' pairings and games, and the results they gave."""

    Created = ev.Created

    def __init__(self, name: str, rules: str, profile: str, rounds: int, system: str, settings: dict[str, Any],
                 hash: str, at: str = "", **_: Any) -> None:
        self.name = name
        self.created_at = str(at)  # when it was created (the files' event date: its first ten characters)
        self.rules_name = rules
        self.profile = profile
        self.rounds = rounds
        self.system = system
        self.settings = dict(settings)
        self.last_hash = hash
        self.players: dict[str, dict[str, Any]] = {}
        self.drafts: dict[str, dict[str, Any]] = {}
        self.published: dict[str, list[dict[str, Any]]] = {}
        self.publications: list[dict[str, Any]] = []
        self.results: dict[str, dict[str, Any]] = {}
        self.setting_changes: list[dict[str, Any]] = []
        self.details: dict[str, str] = {"city": "", "federation": "", "chief_arbiter": ""}
        self.closed: dict[str, Any] | None = None  # once closed (TournamentClosed): when, by whom, why

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def create(cls, name: str, rules: str, profile: str, rounds: int, meta: Meta, *, system: str = "swiss",
               settings: dict[str, Any] | None = None, tournament_id: UUID | None = None) -> Tournament:
        """A tournament of ``rounds`` rounds ranked under ``rules`` (``fisc-2023``, ``ajs-2012``)."""
        if rules not in RULES:
            raise TournamentError(msg("tournament.rules_must_one_not", rules=', '.join(RULES), rules2=rules), code="rules",
                                  field="rules")
        if system not in SYSTEMS:
            raise TournamentError(msg("tournament.system_must_one", systems=', '.join(SYSTEMS)), code="system", field="system")
        get_profile(profile)  # every game is played under it: an unknown one is refused now, not at round 1
        minimum = 5 if rules == "fisc-2023" else 6
        if rounds < minimum:
            raise TournamentError(msg("tournament.tournaments_have_at_least", rules=rules, minimum=minimum,
                                      rounds=rounds),
                                  code="rounds", field="rounds",
                                  article="FISC I.1 (mínim 5)" if minimum == 5 else "AJS 4.1.1 (mínimo de 6 rondas)")
        base = RULES[rules]
        chosen = {"unplayed": str(base.unplayed), "tiebreaks": [str(t) for t in base.order], "koth_rounds": 0,
                  "within": "nearest" if rules == "fisc-2023" else "halves", **(settings or {})}
        tid = tournament_id or uuid4()
        payload = {"name": name.strip(), "rules": rules, "profile": profile, "rounds": rounds, "system": system,
                   "settings": chosen}
        chain = {"previous_hash": GENESIS, **meta.as_dict()}
        digest = event_hash(str(tid), "Created", 1, payload, chain)
        return cls._create(cls.Created, id=tid, hash=digest, **payload, **chain)

    def _record(self, event_class: type, meta: Meta, **payload: Any) -> None:
        chain = {"previous_hash": self.last_hash, **meta.as_dict()}
        digest = event_hash(str(self.id), event_class.__name__, self.version + 1, payload, chain)
        self.trigger_event(event_class, hash=digest, **chain, **payload)

    # ---- players --------------------------------------------------------------------------
    def register(self, name: str, meta: Meta, *, federation_id: str = "", club: str = "", rating: int = 0,
                 division: str = "A") -> str:
        """Enter a player (in a division: each is paired and ranked on its own); after a round is published this
        is a late entry (FISC I.4: until round N/2 at the latest; AJS 4.1.9)."""
        self._open("entries", "name", article(self.rules_name, "late_entry"))
        name, division = name.strip(), division.strip()
        if not name:
            raise TournamentError(msg("tournament.player_needs_name"), code="player_name", field="name")
        if not division or len(division) > 20:
            raise TournamentError(msg("tournament.division_named_characters"), code="division", field="division")
        if any(p["name"] == name and p["federation_id"] == federation_id for p in self.players.values()):
            raise TournamentError(msg("tournament.registered_already", name=name), code="player_registered", field="name")
        player = f"p{len(self.players) + 1}"
        before = self.last_published
        last = last_entry_round(self.rules_name, self.rounds)
        if last is not None and before + 1 > last:
            raise TournamentError(msg("tournament.entry_closed", last=last, rounds=self.rounds, round=before + 1),
                                  code="entry_closed", field="name",
                                  article=f"{article(self.rules_name, 'late_entry')} (fins a la ronda N/2)")
        self._record(ev.PlayerRegistered, meta, player=player, name=name, federation_id=federation_id, club=club,
                     rating=int(rating), from_round=before + 1, pairing_bonus=before / 2, division=division)
        return player

    def withdraw(self, player: str, from_round: int, reason: str, meta: Meta) -> None:
        """A player leaves from a round on, which must not be drawn yet (AJS 4.1.10; FISC has no article)."""
        withdrawal = article(self.rules_name, "withdrawal") or None
        self._open("withdrawals", "player", withdrawal)
        if player not in self.players:
            raise TournamentError(msg("tournament.no_player", player=player), code="no_player", field="player")
        if from_round <= self.last_published:
            raise TournamentError(msg("tournament.round_drawn_already_withdrawal", from_round=from_round,
                                      last_published=self.last_published + 1), code="round_drawn",
                                  field="from_round", article=withdrawal)
        if from_round > self.rounds:
            raise TournamentError(msg("tournament.withdrawal_past_last_round", rounds=self.rounds,
                                      first=self.last_published + 1), code="round", field="from_round",
                                  article=withdrawal)
        self._record(ev.PlayerWithdrew, meta, player=player, from_round=from_round, reason=reason)

    def change_setting(self, setting: str, value: Any, reason: str, meta: Meta) -> None:
        """The director changes a standings setting; after round 1 the change is shown with its round."""
        self._open("setting changes", "setting", None)
        try:
            value = setting_value(setting, value)
        except SettingRefused as refused:
            raise TournamentError(str(refused), code="setting" if refused.field == "setting" else "setting_value",
                                  field=refused.field, article=refused.article) from None
        if self.last_published and not reason.strip():
            raise TournamentError(msg("tournament.change_after_first_round"), code="reason", field="reason")
        self._record(ev.SettingChanged, meta, setting=setting, value=value, after_round=self.last_published,
                     reason=reason)

    def give_details(self, city: str, federation: str, chief_arbiter: str, meta: Meta) -> None:
        """The event's city, federation (FIDE's three-letter code, ``ESP``, ``AND``) and chief arbiter, which the
        TRF16 file carries (022, 032, 102). Each may be left empty; given again, the last is kept."""
        code = federation.strip().upper()
        if code and not (len(code) == 3 and code.isascii() and code.isalpha()):
            raise TournamentError(msg("tournament.fide_three_letter_code", federation=federation),
                                  code="federation", field="federation",
                                  article="FIDE Handbook C.04 Annex 2 (TRF16: 032 federation)")
        values = {"city": city.strip(), "chief_arbiter": chief_arbiter.strip()}
        for key, value in values.items():
            if len(value) > 80 or "\n" in value or "\r" in value:
                raise TournamentError(msg("tournament.one_line_at_most", key=key), code=key, field=key)
        self._record(ev.DetailsGiven, meta, city=values["city"], federation=code,
                     chief_arbiter=values["chief_arbiter"])

    def draw_lots(self, seed: str, meta: Meta) -> None:
        self._record(ev.LotsDrawn, meta, seed=seed)

    # ---- rounds ---------------------------------------------------------------------------
    def draft(self, round_no: int, meta: Meta, *, manual: list[tuple[str, str | None]] | None = None,
              reason: str = "") -> list[Pairing]:
        """Draft the next round's pairing by the tournament's system, or as the director gives it (``manual``,
        with the ``reason``: recorded with the round, and the reason of every table the system would not give)."""
        self._open("pairings", "round", None)
        if round_no != self.last_published + 1 or round_no > self.rounds:
            raise TournamentError(msg("tournament.next_round_draft", last_published=self.last_published + 1), code="round",
                                  field="round")
        players = self.active(round_no)
        if len(players) < 2:
            raise TournamentError(msg("tournament.round_needs_two_players"), code="players", field="round")
        if manual is not None:
            pairings = self._manual(round_no, players, manual, reason)
            method = "manual"
        else:
            pairings, method = self.derive(round_no)
        self._record(ev.RoundDrafted, meta, round=round_no, method=method,
                     pairings=[p.as_dict() for p in pairings], reason=reason.strip() if manual is not None else "")
        return pairings

    def derive(self, round_no: int) -> tuple[list[Pairing], str]:
        """The pairing the system gives for ``round_no`` from the events before it (the checker's view); with
        divisions, each division paired on its own, its tables numbered after the previous division's."""
        divisions = self.divisions
        if len(divisions) == 1:
            return self._derive(round_no, self.active(round_no))
        tables: list[Pairing] = []
        method = "swiss"
        for division in divisions:
            players = self.active(round_no, division)
            if not players:
                continue
            found, method = self._derive(round_no, players)
            start = len(tables)
            tables += [p.in_division(start + i + 1, division) for i, p in enumerate(found)]
        return tables, method

    def _derive(self, round_no: int, players: list[str]) -> tuple[list[Pairing], str]:
        if self.system == "round_robin":
            return round_robin(players, round_no), "round_robin"
        history = self.history(round_no)
        if round_no == 1:
            ranked = sorted(players, key=lambda p: (-self.players[p]["rating"], int(p[1:])))
            return first_round(ranked), "swiss"
        table = [row for row in self.standings(round_no - 1, for_pairing=True) if row.player in players]
        ranked = [row.player for row in table]
        points = {row.player: row.points for row in table}
        if round_no > self.rounds - int(self.settings.get("koth_rounds", 0)):
            return king_of_the_hill(ranked, history), "king_of_the_hill"
        return swiss(ranked, points, history, Within(self.settings["within"])), "swiss"

    def _manual(self, round_no: int, players: list[str], manual: list[tuple[str, str | None]],
                reason: str) -> list[Pairing]:
        """The director's tables: one the system would give keeps its reason, any other gives the director's."""
        tables = self.hand_tables(round_no, manual)
        if not reason.strip():
            raise TournamentError(msg("tournament.pairing_by_hand_needs"),
                                  code="reason", field="reason")
        system = {(p.first, p.second): p for p in self._system(round_no) or []}
        out = []
        for p in tables:
            kept = system.get((p.first, p.second))
            out.append(Pairing(p.table, p.first, p.second, kept.why, kept.code, kept.params) if kept else
                       Pairing.because(p.table, p.first, p.second, "manual.bye" if p.second is None else
                                       "manual.table", reason=reason.strip()))
        return out

    def hand_tables(self, round_no: int, manual: list[tuple[str, str | None]]) -> list[Pairing]:
        """A pairing given by hand, as tables (numbered in the order given); refused unless it names every
        player of the round once."""
        players = self.active(round_no)
        seen = [p for pair in manual for p in pair if p is not None]
        strangers = sorted(set(seen) - set(players), key=lambda p: (len(p), p))
        if strangers:
            raise TournamentError(msg("tournament.not_player_round", strangers=', '.join(strangers),
                                      round_no=round_no), code="pairing",
                                  field="pairings")
        if any(a is None for a, _ in manual) or sorted(seen) != sorted(players) or len(seen) != len(set(seen)):
            raise TournamentError(msg("tournament.manual_pairing_names_every"), code="pairing",
                                  field="pairings")
        return [Pairing(i + 1, a, b, "") for i, (a, b) in enumerate(manual) if a is not None]

    def _system(self, round_no: int) -> list[Pairing] | None:
        try:
            return self.derive(round_no)[0]
        except NoPairing:
            return None

    def warnings(self, round_no: int, pairings: list[Pairing] | None = None) -> list[PairingWarning]:
        """The checker's warnings on round ``round_no``'s pairing (as drafted or published, unless ``pairings``
        are given): what it breaks of the rules, each with its article (``domain.tournament.checks``)."""
        if pairings is None:
            key = str(round_no)
            stored = self.published.get(key) or self.drafts.get(key, {}).get("pairings", [])
            pairings = [pairing_of(t) for t in stored]
        points: dict[str, float] = {}
        if round_no > 1:
            points = {row.player: row.points for row in self.standings(round_no - 1, for_pairing=True)}
        try:
            profile = get_profile(self.profile)
            by_list = profile.article("start.starter") if profile.start.starter is Starter.PAIRING_LIST else None
        except (DomainError, KeyError):
            by_list = None
        context = Context(self.rules_name, self._earlier(round_no), points,
                          {p: self.division_of(p) for p in self.players}, self._system(round_no), by_list,
                          self.system == "round_robin")
        return review(pairings, context)

    def publish(self, round_no: int, games: dict[int, str], meta: Meta, *, reason: str = "") -> None:
        """Publish the drafted round with the game created for each table (a bye has none)."""
        self._open("pairings", "round", None)
        draft = self.drafts.get(str(round_no))
        if draft is None:
            raise TournamentError(msg("tournament.round_has_no_draft", round_no=round_no), code="no_draft", field="round")
        again = str(round_no) in self.published
        if again and not reason.strip():
            raise TournamentError(msg("tournament.publishing_round_again_needs"), code="reason", field="reason")
        if again and any(r["round"] == round_no and r["kind"] != "bye" for r in self.results.values()):
            raise TournamentError(msg("tournament.round_has_results_cannot", round_no=round_no), code="round_played",
                                  field="round")
        tables = []
        for t in draft["pairings"]:
            game = games.get(t["table"])
            if t["second"] is not None and not game:
                raise TournamentError(msg("tournament.table_needs_its_game", t=t['table']), code="no_game", field="games")
            tables.append({**t, "game_id": game})
        self._record(ev.RoundPublished, meta, round=round_no, pairings=tables, reason=reason)
        for t in tables:
            if t["second"] is None:
                self._record(ev.ResultRecorded, meta, round=round_no, table=t["table"], kind="bye", scores=None,
                             scrabbles=[0, 0], game_id=None, game_version=None, outcome=None, reason=t["why"],
                             official_entries=0)

    # ---- results --------------------------------------------------------------------------
    def record_game(self, game_id: str, version: int, scores: list[int], scrabbles: list[int], meta: Meta, *,
                    outcome: list[str] | None = None, official_entries: int = 0) -> bool:
        """A game of the tournament was closed (its sheet signed): its result, with the game's own verdict
        when given (the settlement's), and how many of its players' acts an official entered (shown as such).
        False when this closing is recorded already."""
        self._open("results", "game_id", None)
        round_no, table = self._game_table(game_id)
        key = f"{round_no}:{table['table']}"
        if key in self.results and self.results[key]["game_version"] == version:
            return False
        self._record(ev.ResultRecorded, meta, round=round_no, table=table["table"], kind="played",
                     scores=list(scores), scrabbles=list(scrabbles), game_id=game_id, game_version=version,
                     outcome=list(outcome) if outcome else None,
                     reason="the sheet was signed by both players (FILE 43)" if not official_entries else
                     f"the sheet was signed (FILE 43); {official_entries} of the players' acts entered by an official",
                     official_entries=official_entries)
        return True

    def record_absence(self, round_no: int, table: int, kind: str, reason: str, meta: Meta) -> None:
        """The director records a no-show (the first player named is the one present) or both absent."""
        self._open("results", "table", None)
        t = self._table(round_no, table)
        if Kind(kind) not in (Kind.FORFEIT, Kind.BOTH_ABSENT):
            raise TournamentError(msg("tournament.director_records_forfeit_both"),
                                  code="kind", field="kind")
        if not reason.strip():
            raise TournamentError(msg("tournament.director_result_needs_reason"), code="reason", field="reason")
        self._record(ev.ResultRecorded, meta, round=round_no, table=t["table"], kind=kind, scores=None,
                     scrabbles=[0, 0], game_id=t["game_id"], game_version=None, outcome=None, reason=reason,
                     official_entries=0)

    def reopen_game(self, game_id: str, reason: str, meta: Meta) -> bool:
        """The game was reopened: its result is open again until it closes anew. False when none was recorded
        from the game (a director's no-show recorded on a table whose game was never played stays)."""
        self._open("results", "game_id", None)
        round_no, table = self._game_table(game_id)
        recorded = self.results.get(f"{round_no}:{table['table']}")
        if recorded is None or recorded["game_version"] is None:
            return False  # nothing recorded, or the director's (a no-show): the game's reopening cannot open it
        self._record(ev.ResultReopened, meta, round=round_no, table=table["table"], game_id=game_id, reason=reason)
        return True

    # ---- the end -------------------------------------------------------------------------
    def close(self, reason: str, meta: Meta) -> None:
        """The tournament is over: its standings final (the late entries' pairing points gone: FISC I.4, AJS
        4.1.9). Refused while a published table has no result (a game in play: record it, or its absence)."""
        self._open("closing", "tournament_id", None)
        waiting = open_tables(self.published, self.results)
        if waiting:
            raise TournamentError(msg("tournament.results_missing", tables=", ".join(waiting)),
                                  code="results_missing", field="round", article=article(self.rules_name, "closing"))
        self._record(ev.TournamentClosed, meta, reason=reason.strip(), rounds_played=self.last_published)

    def _open(self, what: str, field: str, article_: str | None) -> None:
        if self.closed is not None:
            raise TournamentError(closed_message(self.closed, what), code="tournament_closed", field=field,
                                  article=article_)

    def _game_table(self, game_id: str) -> tuple[int, dict[str, Any]]:
        for round_no, tables in self.published.items():
            for t in tables:
                if t.get("game_id") == game_id:
                    return int(round_no), t
        raise TournamentError(msg("tournament.game_not_game_this", game_id=game_id), code="no_game", field="game_id")

