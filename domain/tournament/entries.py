"""Who may still enter or leave, and when the tournament is over: late entries, withdrawals and the closing, each
with the article of the event's own rules.

- FISC I.4 «Incorporació de jugadors tardans»: new players until the start of round N/2 ((N - 1)/2 when N is odd)
  «inclusivament, i en cap cas més tard», given P/2 fictitious points for pairing only, taken away «en acabar el
  campionat i abans de fer la classificació final».
- AJS 4.1.9 «Entradas tardías»: half the rounds played before as Swiss Perfect's Bonus, cleared «una vez finalizado
  el torneo»; no last round is set. AJS 4.1.10 «Bajas de un torneo»: a player leaves before the draw of the first
  round they will not play.
- FISC has no article on withdrawals: its label is empty and a page says so.

The closing (``TournamentClosed``) is that end: no more pairings, results, entries or withdrawals.
"""

from __future__ import annotations

from typing import Any

from domain.errors import Message, msg

#: The articles of late entries and withdrawals per standings rules ("" where the rulebook has none).
ARTICLES: dict[str, dict[str, str]] = {
    "fisc-2023": {"late_entry": "FISC I.4", "withdrawal": "", "closing": "FISC I.4"},
    "ajs-2012": {"late_entry": "AJS 4.1.9", "withdrawal": "AJS 4.1.10", "closing": "AJS 4.1.9"},
}


def article(rules: str, what: str) -> str:
    """The article of ``what`` (``late_entry``, ``withdrawal``, ``closing``) under ``rules``; "" when none."""
    return ARTICLES.get(rules, {}).get(what, "")


def last_entry_round(rules: str, rounds: int) -> int | None:
    """The last round a new player may enter from: FISC I.4's N/2, (N - 1)/2 when N is odd; None where the rules
    set no limit (AJS 4.1.9)."""
    return rounds // 2 if rules == "fisc-2023" else None


def open_tables(published: dict[str, list[dict[str, Any]]], results: dict[str, Any]) -> list[str]:
    """The published tables with no result yet, as ``round.table`` (a game still in play)."""
    return [f"{r}.{t['table']}" for r, tables in sorted(published.items(), key=lambda x: int(x[0])) for t in tables
            if f"{r}:{t['table']}" not in results]


#: What a closed tournament refuses, each said as a word in the catalogue (``tournament.locks.*``).
LOCKS = ("entries", "withdrawals", "setting changes", "pairings", "results", "closing")


def closed_message(closed: dict[str, Any], what: str) -> Message:
    """A refusal after the closing, naming it: when, by whom, and what it locks."""
    return msg("tournament.closed_locks", at=closed["at"], actor=closed["actor"], what=msg("tournament.locks." + what.replace(" ", "_")))
