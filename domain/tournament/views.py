"""What a tournament's state says without recording anything: the published rounds, the results as the
standings read them, the standings themselves, the divisions, who plays a round, the earlier pairings.

A mixin of ``domain.tournament.aggregate.Tournament`` (its state: ``players``, ``published``, ``results``,
``settings``, ``rules_name``, ``rounds``); pure, as the aggregate is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.errors import msg
from domain.tournament.errors import TournamentError
from domain.tournament.pairing import History, Pairing
from domain.tournament.results import Kind, Result
from domain.tournament.rules import RULES, StandingsRules, TieBreak, Unplayed
from domain.tournament.standings import Row, standings


class TournamentViews:
    """The tournament's derived views."""

    @property
    def last_published(self) -> int:
        return max((int(r) for r in self.published), default=0)

    @property
    def standings_rules(self) -> StandingsRules:
        base = RULES[self.rules_name]
        return replace(base, unplayed=Unplayed(self.settings["unplayed"]),
                       order=tuple(TieBreak(t) for t in self.settings["tiebreaks"]))

    def result_list(self, at: int | None = None) -> list[Result]:
        tables = {(int(n), t["table"]): t for n, published in self.published.items() for t in published}
        out = []
        for r in self.results.values():
            if at is not None and r["round"] > at:
                continue
            table = tables[(r["round"], r["table"])]
            scores = tuple(r["scores"]) if r["scores"] is not None else None
            outcome = tuple(r["outcome"]) if r.get("outcome") else None
            out.append(Result(r["round"], table["first"], table["second"], scores, Kind(r["kind"]),
                              tuple(r["scrabbles"]), outcome))
        return out

    def standings(self, at: int | None = None, *, for_pairing: bool = False, division: str | None = None) -> list[Row]:
        """The table after round ``at``; ``for_pairing`` adds the late entries' bonus (AJS 4.1.9); ``division``:
        that division's players alone, ranked among themselves (their games are all within it)."""
        bonus = {p: info["pairing_bonus"] for p, info in self.players.items()} if for_pairing else None
        players, results = list(self.players), self.result_list(at)
        if division is not None:
            players = [p for p in players if self.division_of(p) == division]
            inside = set(players)
            results = [r for r in results if all(p in inside for p in r.players)]
        return standings(players, results, self.standings_rules, rounds=self.rounds,
                         at=at, seed=self.settings.get("lots_seed", ""), bonus=bonus)

    @property
    def divisions(self) -> list[str]:
        """The divisions, in the order their first player entered (one, ``A``, unless the director named others)."""
        return list(dict.fromkeys(self.division_of(p) for p in self.players)) or ["A"]

    def division_of(self, player: str) -> str:
        return self.players[player].get("division", "A")

    def active(self, round_no: int, division: str | None = None) -> list[str]:
        """The players in a round (of one division when given): entered by then, not withdrawn from it."""
        return [p for p, info in self.players.items() if info["from_round"] <= round_no
                and (info["withdrawn_from"] is None or info["withdrawn_from"] > round_no)
                and (division is None or info.get("division", "A") == division)]

    def history(self, before: int) -> History:
        return History.of(self._earlier(before))

    def _earlier(self, before: int) -> list[list[Pairing]]:
        return [[pairing_of(t) for t in self.published[str(r)]] for r in range(1, before) if str(r) in self.published]

    def _table(self, round_no: int, table: int) -> dict[str, Any]:
        for t in self.published.get(str(round_no), []):
            if t["table"] == table:
                return t
        raise TournamentError(msg("tournament.round_has_no_published", round_no=round_no, table=table), code="no_table", field="table")


def pairing_of(t: dict[str, Any]) -> Pairing:
    """A table as a round's events store it (events before structured reasons have ``why`` alone)."""
    return Pairing(t["table"], t["first"], t["second"], t["why"], t.get("reason_code", ""), t.get("reason_params") or {})
