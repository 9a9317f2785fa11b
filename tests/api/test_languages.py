"""Refusals in the reader's language (issue 28): the service answers in the language of ``Accept-Language`` (es, ca,
en; English without it), says so in ``Content-Language`` and ``Vary``, and keeps the code, field and article."""

from __future__ import annotations

from typing import Iterator

import pytest

from service.api.common.language import negotiate
from tests.api.conftest import Api, Table, _api


@pytest.fixture(scope="module")
def started() -> Iterator[tuple[Api, Table]]:
    """One game whose players have drawn their seven tiles (FILE 2024, a physical bag)."""
    for api in _api("memory"):
        table = api.table("file-2024")
        table.start()
        yield api, table


def draw_too_many(api: Api, table: Table, **headers: str) -> tuple[dict, dict]:
    r = api.post(f"/v1/games/{table.id}/commands", table.players[0],
                 {"type": "draw_tiles", "expected_version": table.version, "count": 1}, **headers)
    assert r.status_code == 422, r.text
    return r.json(), r.headers


@pytest.mark.parametrize("language, says", [
    ("es-ES,es;q=0.9", ("es", "count: Ana tendría 8 fichas; un atril tiene 7 (el exceso de fichas se corrige según el "
                              "FILE 28)")),
    ("ca", ("ca", "count: Ana tindria 8 fitxes; un faristol en té 7 (l'excés de fitxes es corregeix segons el FILE 28)")),
    ("en-GB,en;q=0.8", ("en", "count: Ana would hold 8 tiles; a rack holds 7 (an overdraw is corrected under FILE 28)")),
])
def test_a_draw_past_seven_tiles_is_refused_in_the_readers_language_file_28(started, language, says):
    """FILE 28: a rack holds seven tiles (more is an overdraw); the refusal names the field and the article in every
    language, and only its message changes. (FILE 27, more tiles than the bag holds, is said the same way:
    tests/unit/test_messages.py.)"""
    api, table = started
    body, headers = draw_too_many(api, table, **{"Accept-Language": language})
    assert (headers["content-language"], body["message"]) == says
    assert body["code"] == "rack" and body["field"] == "count" and body["article"] == "FILE 28"
    assert headers["vary"] == "Accept-Language"


def test_without_accept_language_the_refusal_is_english(started):
    api, table = started
    body, headers = draw_too_many(api, table)
    assert headers["content-language"] == "en" and body["message"].startswith("count: Ana would hold 8 tiles")


def test_request_validation_and_identity_refusals_in_spanish_and_catalan(started):
    api, table = started
    path = f"/v1/games/{table.id}/commands"
    # A command without its version (missing), then with a word of the wrong type: 400 naming the field.
    r = api.post(path, table.players[0], {"type": "pass_turn"}, **{"Accept-Language": "es"})
    assert r.status_code == 400 and r.headers["content-language"] == "es"
    assert r.json()["message"] == "expected_version: Falta este campo" and r.json()["field"] == "expected_version"
    r = api.post(path, table.players[0], {"type": "pass_turn", "expected_version": "tres"}, **{"Accept-Language": "ca"})
    assert r.json()["message"] == ("expected_version: Valor no vàlid: s'espera un nombre enter, escrit com a nombre JSON "
                                  "(no true, false ni text)"), r.json()
    r = api.post(path, table.players[0], {"type": "pass_turn", "expected_version": 1, "colour": "red"},
                 **{"Accept-Language": "ca"})
    assert r.json()["message"] == "colour: Aquest camp no s'admet aquí"
    # The tablet's "the token is unknown or revoked", in the tablet's language.
    r = api.client.get(f"/v1/games/{table.id}", headers={"Authorization": "Bearer nope", "Accept-Language": "es"})
    assert r.status_code == 401 and r.json()["message"] == "el token es desconocido o está revocado"
    assert r.json()["field"] == "Authorization"
    # English as it always was.
    r = api.post(path, table.players[0], {"type": "pass_turn"})
    assert r.json()["message"] == "expected_version: Field required" and r.headers["content-language"] == "en"


@pytest.mark.parametrize("header, language", [
    (None, "en"), ("", "en"), ("*", "en"), ("fr-FR, de;q=0.5", "en"), ("es", "es"), ("ca-ES-valencia", "ca"),
    ("en;q=0.5, ca;q=0.9, es;q=0.8", "ca"), ("fr, es;q=0.2", "es"), ("es;q=0, ca", "ca"), ("es;q=nonsense, en", "en"),
])
def test_the_language_is_the_highest_weighted_of_ours_else_english(header, language):
    assert negotiate(header) == language


def test_a_command_the_game_is_not_waiting_for_is_said_whole_in_catalan(started):
    """A challenge with no play to challenge (FILE 39): what the game waits for, and what the command needs, in the
    tablet's language; the starter's name elided as Catalan writes it when it starts with a vowel."""
    api, table = started
    on_turn = table.state()["seat_on_turn"]
    r = api.post(f"/v1/games/{table.id}/commands", table.players[1 - on_turn],
                 {"type": "challenge", "expected_version": table.version}, **{"Accept-Language": "ca-ES"})
    assert r.status_code == 422 and r.json()["code"] == "wrong_phase"
    player = ("Ana", "Bea")[on_turn]
    said = "d'Ana" if player == "Ana" else "de Bea"
    assert r.json()["message"] == (f"la partida està a l'espera de la jugada {said}: no hi ha cap jugada per acceptar o "
                                   "resoldre; aquesta ordre requereix que esperi que el contrari accepti o impugni "
                                   "l'última jugada")


@pytest.mark.parametrize("language, says", [
    ("ca", "la partida està començant; això requereix que estigui en joc"),
    ("es", "la partida está empezando; esto requiere que esté en juego"),
    ("en", "the game is starting; this needs it to be playing"),
])
def test_a_pass_before_the_start_names_the_games_phase_in_the_readers_words(language, says):
    """A pass before who starts is settled (FILE 4.1, 4.3: the pairing list or a draw decides it first): the
    phase the game is in and the one the command needs are said in the reader's words, not as the service's codes."""
    for api in _api("memory"):
        table = api.table()
        r = api.post(f"/v1/games/{table.id}/commands", table.director,
                     {"type": "pass_turn", "seat": 0, "expected_version": table.version}, **{"Accept-Language": language})
        assert r.status_code == 422 and r.json()["code"] == "wrong_phase"
        assert r.json()["message"] == says
