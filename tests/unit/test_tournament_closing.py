"""Late entries, withdrawals and the closing of a tournament, each with the article of the event's own rules
(FISC I.4, AJS 4.1.9, AJS 4.1.10; FISC has no article on withdrawals), and what ``TournamentClosed`` locks."""

from __future__ import annotations

import pytest

from domain.game.meta import Meta
from domain.tournament.aggregate import Tournament, TournamentError
from domain.tournament.entries import article, last_entry_round

DIRECTOR = Meta("director:ana", "laptop", "2025-05-01T09:00:00.000Z")
CLOSING = Meta("director:ana", "laptop", "2025-05-01T21:00:00.000Z")
NAMES = [("Anna", 1900), ("Biel", 1850), ("Carla", 1800), ("Dani", 1750)]


def event(rules: str = "fisc-2023", rounds: int = 5) -> tuple[Tournament, list[str]]:
    t = Tournament.create("Obert de Molins", rules, rules, rounds, DIRECTOR)
    return t, [t.register(name, DIRECTOR, rating=rating) for name, rating in NAMES]


def round_played(t: Tournament, n: int) -> None:
    """Draft and publish round ``n``, each table's game closed 400-300."""
    t.draft(n, DIRECTOR)
    tables = [p["table"] for p in t.drafts[str(n)]["pairings"] if p["second"]]
    t.publish(n, {table: f"g{n}-{table}" for table in tables}, DIRECTOR)
    for table in tables:
        t.record_game(f"g{n}-{table}", 40, [400, 300], [0, 0], DIRECTOR)


def test_each_rulebook_labels_late_entries_and_withdrawals_with_its_own_article():
    """A FISC event's late-entry box says FISC I.4 («Incorporació de jugadors tardans»), not AJS 4.1.9; FISC has
    no article on withdrawals (empty: the page says the rulebook is silent); AJS: 4.1.9 and 4.1.10."""
    assert article("fisc-2023", "late_entry") == "FISC I.4"
    assert article("fisc-2023", "withdrawal") == ""
    assert article("ajs-2012", "late_entry") == "AJS 4.1.9"
    assert article("ajs-2012", "withdrawal") == "AJS 4.1.10"


def test_fisc_i4_new_players_until_round_n_over_2_and_never_later():
    """FISC I.4: «fins al començament de la ronda N/2 (si N és senar, (N - 1)/2) inclusivament, i en cap cas més
    tard»: 5 rounds, round 2 at the latest; 7 rounds, round 3. AJS 4.1.9 sets no last round."""
    assert (last_entry_round("fisc-2023", 5), last_entry_round("fisc-2023", 7), last_entry_round("fisc-2023", 8)) \
        == (2, 3, 4)
    assert last_entry_round("ajs-2012", 7) is None
    t, _ = event("fisc-2023", 5)
    round_played(t, 1)
    late = t.register("Emma", DIRECTOR, rating=1700)  # enters at round 2: the last round FISC I.4 allows
    assert t.players[late]["from_round"] == 2 and t.players[late]["pairing_bonus"] == 0.5  # P/2, P = 1
    round_played(t, 2)
    with pytest.raises(TournamentError) as err:
        t.register("Fina", DIRECTOR)
    assert (err.value.code, err.value.field) == ("entry_closed", "name") and err.value.article.startswith("FISC I.4")
    assert "until round 2 of 5" in err.value.message
    t, _ = event("ajs-2012", 6)
    for n in (1, 2, 3, 4):
        round_played(t, n)
    fina = t.register("Fina", DIRECTOR)
    assert t.players[fina]["pairing_bonus"] == 2.0  # AJS 4.1.9: half of the 4 rounds played


def test_a_withdrawal_from_a_round_the_event_does_not_have_is_refused():
    """A 7-round event: a withdrawal takes effect from a round not yet drawn up to round 7 (AJS 4.1.10: «el número
    de la primera ronda que el jugador no disputará»); round 8 does not exist."""
    t, ids = event("ajs-2012", 7)
    with pytest.raises(TournamentError) as err:
        t.withdraw(ids[0], 8, "ill", DIRECTOR)
    assert (err.value.code, err.value.field, err.value.article) == ("round", "from_round", "AJS 4.1.10")
    t.withdraw(ids[0], 7, "ill", DIRECTOR)
    assert t.players[ids[0]]["withdrawn_from"] == 7


def test_closing_waits_for_every_published_table_then_locks_pairings_results_entries_and_withdrawals():
    """TournamentClosed: the standings are final (the late entry's pairing points gone: FISC I.4 «se'ls restarà
    aquests punts ficticis»); every later pairing, result, entry, withdrawal or setting is refused naming it."""
    t, ids = event("fisc-2023", 5)
    round_played(t, 1)
    late = t.register("Emma", DIRECTOR, rating=1700)
    t.draft(2, DIRECTOR)
    t.publish(2, {1: "g2-1", 2: "g2-2"}, DIRECTOR)  # five players: two games and a bye
    t.record_game("g2-1", 30, [350, 360], [1, 0], DIRECTOR)
    with pytest.raises(TournamentError) as err:
        t.close("the hall closes early", CLOSING)
    assert (err.value.code, err.value.field) == ("results_missing", "round") and "2.2" in err.value.message
    assert err.value.article == "FISC I.4"
    t.record_absence(2, 2, "both_absent", "neither came", DIRECTOR)
    t.close("the hall closes early", CLOSING)
    assert t.closed == {"at": CLOSING.at, "actor": "director:ana", "reason": "the hall closes early",
                        "rounds_played": 2}
    assert {r.player: r.points for r in t.standings()}[late] <= 1.0  # no pairing bonus in the final table

    refusals = {
        "pairings": lambda: t.draft(3, DIRECTOR),
        "publish": lambda: t.publish(2, {}, DIRECTOR, reason="again"),
        "results": lambda: t.record_game("g2-1", 31, [350, 361], [1, 0], DIRECTOR),
        "reopen": lambda: t.reopen_game("g2-1", "reopened", DIRECTOR),
        "absence": lambda: t.record_absence(1, 1, "forfeit", "late", DIRECTOR),
        "entries": lambda: t.register("Fina", DIRECTOR),
        "withdrawals": lambda: t.withdraw(ids[0], 4, "ill", DIRECTOR),
        "settings": lambda: t.change_setting("unplayed", "opponent", "ruling", DIRECTOR),
        "closing": lambda: t.close("again", DIRECTOR),
    }
    for what, act in refusals.items():
        with pytest.raises(TournamentError) as err:
            act()
        assert err.value.code == "tournament_closed", what
        assert "TournamentClosed" in err.value.message and CLOSING.at in err.value.message, what
    with pytest.raises(TournamentError) as err:
        t.register("Fina", DIRECTOR)
    assert err.value.article == "FISC I.4"  # «i en cap cas més tard»


def test_the_closing_is_an_event_of_the_chain_and_replays():
    """The closing is recorded like every act (who, when, the hash link) and a replay gives the same state."""
    t, _ = event("ajs-2012", 6)
    round_played(t, 1)
    t.close("", CLOSING)
    events = t.collect_events()
    assert type(events[-1]).__name__ == "TournamentClosed" and events[-1].previous_hash == events[-2].hash
    copy = None
    for e in events:
        copy = e.mutate(copy)
    assert copy.closed == t.closed and copy.closed["rounds_played"] == 1
