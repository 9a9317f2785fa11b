"""Who records a challenge's verdict and who asks for a reopening, over HTTP, with each person's own token.

FILE 41.1: «uno de los jugadores abre la aplicación "Lexicón de Scrabble" en su teléfono, manteniendo en
todo momento la pantalla a la vista de su rival»: at a FILE table the players rule, one recording the answer
and the other confirming it; a dispute goes to the arbiter. FISE 42.1-42.2: the judges rule, not the players.
FILE 43: «ambos jugadores, bajo mutuo acuerdo, lo soliciten expresamente al Director del torneo».
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Api, Table
from tests.application.script import find_play


def challenged(api: Api, profile: str) -> tuple[Table, int, int]:
    """A game whose starter's first play is challenged by the opponent: (table, placer, challenger)."""
    table = api.table(profile)
    table.start()
    placer = table.state()["seat_on_turn"]
    coordinates, word = find_play(table.game, placer, table.rng)
    table.send(table.players[placer], "place_tiles", coordinates=coordinates, word=word)
    table.send(table.players[1 - placer], "challenge")
    return table, placer, 1 - placer


def types(answer: dict[str, Any]) -> list[str]:
    return [e["type"] for e in answer["events"]]


def test_at_a_file_table_one_player_records_the_apps_answer_and_the_other_confirms_it_file_41_1(api: Api):
    table, placer, challenger = challenged(api, "file-2024")
    recorded = table.send(table.players[placer], "rule_challenge", valid=False)
    (event,) = recorded["events"]
    assert event["type"] == "RulingProposed" and event["actor"].startswith(f"player:{placer}")
    assert event["payload"]["authority"] == "Lexicón de Scrabble (FILE app)"  # the game's lexicon by default
    assert event["payload"]["article"] == "FILE 41.1"
    assert table.state()["pending"]["kind"] == "ruling"  # not a ruling until the other player confirms

    mine = table.send(table.players[placer], "confirm_ruling", expect=422)
    assert mine["code"] == "not_your_turn" and mine["article"] == "FILE 41.1"
    assert table.send(api.tokens["arbiter"], "confirm_ruling", seat=challenger, expect=403)["field"] == "type"
    again = table.send(table.players[challenger], "rule_challenge", valid=True, expect=422)
    assert again["code"] == "wrong_phase" and "already recorded" in again["message"]

    confirmed = table.send(table.players[challenger], "confirm_ruling")
    assert types(confirmed)[:2] == ["ChallengeRuled", "PlayWithdrawn"]
    ruling = confirmed["events"][0]
    assert ruling["actor"].startswith(f"player:{challenger}")
    assert (ruling["payload"]["valid"], ruling["payload"]["proposed_by"], ruling["payload"]["confirmed_by"]) == (
        False, placer, challenger)
    assert ruling["payload"]["authority"] == "Lexicón de Scrabble (FILE app)"
    assert table.state()["last_turn"]["kind"] == "invalid"


def test_a_dispute_between_the_players_goes_to_the_arbiter_whose_ruling_decides_file_41_1(api: Api):
    table, placer, challenger = challenged(api, "file-2024")
    table.send(table.players[challenger], "rule_challenge", valid=False, authority="Lexicón (Bea's phone)")
    disputed = table.send(table.players[placer], "dispute_ruling", reason="the screen showed the word as valid")
    (event,) = disputed["events"]
    assert event["type"] == "RulingDisputed" and event["payload"]["proposed"]["valid"] is False
    status = api.get(f"/v1/games/{table.id}/status", table.director).json()
    assert {"type": "rule_challenge", "seat": None, "role": "director"} in status["next_actions"]

    refused = table.send(table.players[challenger], "rule_challenge", valid=False, expect=422)
    assert refused["code"] == "wrong_phase" and "arbiter" in refused["message"]
    assert table.send(table.players[challenger], "confirm_ruling", expect=422)["code"] == "wrong_phase"
    nameless = table.send(api.tokens["arbiter"], "rule_challenge", valid=True, expect=422)
    assert nameless["field"] == "authority"

    ruled = table.send(api.tokens["arbiter"], "rule_challenge", valid=True, authority="Lexicón, arbiter's phone")
    assert types(ruled)[:2] == ["ChallengeRuled", "PlayAccepted"]
    assert ruled["events"][0]["actor"] == "arbiter:arbiter-1"
    assert ruled["events"][0]["payload"]["proposed_by"] is None
    assert table.state()["last_turn"]["kind"] == "play"


def test_the_second_check_on_another_phone_is_the_players_too_file_41_2(api: Api):
    """FILE 41.2: «El resultado será definitivo, excepto que alguno de los jugadores solicite verificación en
    otro teléfono»: the appeal's answer is recorded and confirmed by the players as the first was."""
    table, placer, challenger = challenged(api, "file-2024")
    table.send(table.players[challenger], "rule_challenge", valid=False)
    table.send(table.players[placer], "confirm_ruling")
    table.send(table.players[placer], "appeal", argument="check it on my phone")
    proposed = table.send(table.players[placer], "rule_appeal", valid=True, authority="Lexicón, Ana's phone")
    assert types(proposed) == ["RulingProposed"] and proposed["events"][0]["payload"]["appeal"] is True
    assert proposed["events"][0]["payload"]["article"] == "FILE 41.2"
    confirmed = table.send(table.players[challenger], "confirm_ruling")
    assert types(confirmed)[:2] == ["ChallengeRuled", "PlayRestored"]
    assert confirmed["events"][0]["payload"]["appeal"] is True and confirmed["events"][0]["payload"]["final"]
    assert table.state()["last_turn"]["kind"] == "play"


def test_where_the_judges_rule_a_players_ruling_is_refused_naming_the_article_fise_42(api: Api):
    table, placer, challenger = challenged(api, "fise-2009")
    refused = table.send(table.players[challenger], "rule_challenge", valid=False, authority="DRAE", expect=422)
    assert refused["code"] == "not_in_profile" and refused["article"] == "FISE 42.1, 42.2"
    assert "fise-2009" in refused["message"]
    ruled = table.send(api.tokens["arbiter"], "rule_challenge", valid=False, authority="judges, DRAE")
    assert types(ruled)[:2] == ["ChallengeRuled", "PlayWithdrawn"]


def test_the_director_reopens_only_once_each_player_asked_from_their_own_tablet_file_43(api: Api):
    table = api.table("file-2024")
    table.start()
    table.end_by_passes()
    for seat, token in enumerate(table.players):
        table.send(token, "sign", signature=f"player {seat}")
    assert table.state()["status"] == "closed"

    early = table.send(table.director, "reopen", reason="turn 3 misadded", expect=422)
    assert (early["code"], early["field"], early["article"]) == ("consent", "consent", "FILE 43")
    assert "Ana (seat 0)" in early["message"] and "Bea (seat 1)" in early["message"]
    on_behalf = table.send(table.director, "consent_reopen", seat=0, reason="typed by the director", expect=403)
    assert "own tablet" in on_behalf["message"]
    typed = table.send(table.director, "reopen", reason="x", consent=[0, 1], expect=400)
    assert typed["field"] == "consent"  # the director no longer types the players' consent

    asked = table.send(table.players[0], "consent_reopen", reason="my total on turn 3 is misadded")
    assert types(asked) == ["ReopenConsented"] and asked["events"][0]["actor"].startswith("player:0")
    half = table.send(table.director, "reopen", reason="turn 3 misadded", expect=422)
    assert "Bea (seat 1)" in half["message"] and "Ana" not in half["message"]
    table.send(table.players[1], "consent_reopen", reason="agreed")
    reopened = table.send(table.director, "reopen", reason="turn 3 misadded")
    assert types(reopened) == ["GameReopened"] and reopened["events"][0]["payload"]["consent"] == [0, 1]
    assert table.state()["status"] == "ended"


def test_where_a_sheet_handed_in_is_final_no_player_may_ask_to_reopen_it_fisc_i_8(api: Api):
    table = api.table("fisc-2023")
    table.start()
    table.send(table.director, "end_game", cause="director")
    for seat, token in enumerate(table.players):
        table.send(token, "sign", signature=f"player {seat}")
    refused = table.send(table.players[0], "consent_reopen", reason="typo", expect=423)
    assert refused["article"] == "FISC I.8" and "fisc-2023" in refused["message"]
