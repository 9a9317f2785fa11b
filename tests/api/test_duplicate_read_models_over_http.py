"""The duplicate's read models over HTTP: no player sees another's slip before «¡Tiempo!» in any read (the round,
the sheets, the printable sheets, the ranking, the history), a spectator none; whoever just wrote reads their own
write even when the projector lags (the answer then comes from the aggregate, the same as the projected one);
the printable sheets in each language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.api.conftest import Api, _api
from tests.duplicate_world import RACK

#: Three slips whose words are not part of one another: what a reader sees is found by its words.
SLIPS = {0: ("CASAR", "H4"), 1: ("ROCA", "H5"), 2: ("SACO", "8H")}


@pytest.fixture(scope="module")
def api() -> Iterator[Api]:
    yield from _api("memory")


def playing(api: Api) -> tuple[str, list[str], str]:
    """A duplicate with round 1 in play and every player's slip in; its base path, player tokens, a spectator's."""
    director = api.tokens["director"]
    r = api.post("/v1/duplicates", director, {"profile": "ajs-2012", "players": ["Ana", "Berto", "Carmen"]})
    base, players = f"/v1/duplicates/{r.json()['id']}", [t["token"] for t in r.json()["tokens"]]
    assert api.post(base + "/rounds", director, {"rack": RACK}).status_code == 200
    for seat, (word, coordinates) in SLIPS.items():
        assert api.post(base + "/rounds/1/slips", players[seat], {"word": word, "coordinates": coordinates}
                        ).status_code == 200
    spectator = api.games.issue_token("spectator", "hall screen", "test")[0]
    return base, players, spectator


READS = ("/rounds/1", "/rounds/1/print", "/rounds/1/print?lang=ca", "/sheets/{seat}", "/sheets/{seat}/print?lang=en",
         "/masters/print", "/print", "/ranking", "/results.csv", "/events", "")


def seen(api: Api, base: str, token: str, seat: int | None) -> str:
    texts = []
    for path in READS:
        if "{seat}" in path and seat is None:
            path = path.replace("{seat}", "0")
        r = api.get(base + path.replace("{seat}", str(seat)), token)
        assert r.status_code == 200, (path, r.text)
        texts.append(r.text)
    return "\n".join(texts)


def test_no_player_sees_another_slip_before_time_in_any_read(api: Api):
    """FISC II.7 / AJS 3.2.8 and the issue: a player sees their own slip, never another's during the round (nor
    what the engine made of their own: its score); a spectator none. After «¡Tiempo!» every slip is public."""
    base, players, spectator = playing(api)
    for seat, token in enumerate(players):
        text = seen(api, base, token, seat)
        assert SLIPS[seat][0] in text
        assert not [w for s, (w, _) in SLIPS.items() if s != seat and w in text], seat
        assert '"score":20' not in api.get(base + "/rounds/1", token).text  # CASAR H4 scores 20, unread until time
    text = seen(api, base, spectator, None)
    assert not [w for w, _ in SLIPS.values() if w in text]
    judge = api.get(base + "/rounds/1/print", api.tokens["arbiter"]).text
    assert all(w in judge for w, _ in SLIPS.values())

    assert api.post(base + "/rounds/1/close", api.tokens["director"], None).status_code == 200
    for token in (*players, spectator):
        assert all(w in api.get(base + "/rounds/1/print", token).text for w, _ in SLIPS.values())


def test_a_writer_reads_their_own_write_while_the_projector_lags(api: Api, monkeypatch):
    """A read first waits for the read models to show the stored version; when they still lag, it answers from
    the aggregate: the player who just sent a slip sees it, and the answer is the one the read models give once
    they have caught up."""
    base, players, _ = playing(api)
    projector = api.app.state.projector
    projector.catch_up()
    projected = {path: api.get(base + path, players[1]).json() for path in ("/rounds/1", "/sheets/1", "/ranking")}
    monkeypatch.setattr(projector, "wait_for", lambda *args, **kwargs: False)
    computed = {path: api.get(base + path, players[1]).json() for path in ("/rounds/1", "/sheets/1", "/ranking")}
    assert computed == projected
    assert api.post(base + "/rounds/1/slips", players[1], {"word": "SACO", "coordinates": "8H"}).status_code == 200
    mine = api.get(base + "/rounds/1", players[1]).json()["slips"]
    assert [(s["seat"], s["word"]) for s in mine] == [(1, "SACO")]  # the last slip before time counts (3.2.6)


def test_the_printable_sheets_speak_each_language(api: Api):
    """The player's sheet, the round table, the master-move sheet and the ranking in es, ca and en (AJS: es by
    default), with the round's figures: CASAR H4 = 20, the master; ROCA H5 = (1 + 1 + 3 + 1) × 2 = 12."""
    base, players, _ = playing(api)
    director = api.tokens["director"]
    assert api.post(base + "/rounds/1/close", director, None).status_code == 200
    for word in ("CASAR", "ROCA", "SACO"):
        assert api.post(base + "/rulings", director, {"word": word, "valid": True}).status_code == 200
    assert api.post(base + "/rounds/1/master", director, {"seat": 0}).status_code == 200
    assert api.post(base + "/rounds/1/publish", director, {}).status_code == 200
    titles = {"es": ("HOJA DEL JUGADOR", "TABLA DE LA RONDA", "JUGADAS MAESTRAS", "CLASIFICACIÓN"),
              "ca": ("FULL DEL JUGADOR", "TAULA DE LA RONDA", "JUGADES MESTRES", "CLASSIFICACIÓ"),
              "en": ("PLAYER&#x27;S SHEET", "ROUND TABLE", "MASTER MOVES", "RANKING")}
    for lang, words in titles.items():
        pages = [api.get(base + path + f"?lang={lang}", director) for path in
                 ("/sheets/1/print", "/rounds/1/print", "/masters/print", "/print")]
        for page, word in zip(pages, words):
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            assert f'<html lang="{lang}">' in page.text and word in page.text, (lang, word)
    sheet = api.get(base + "/sheets/1/print", director).text
    assert '<html lang="es">' in sheet and '<td class="n">12</td>' in sheet and '<td class="n">60</td>' in sheet
    ranking = api.get(base + "/print?lang=en", director).text
    assert ranking.index("Ana") < ranking.index("Berto")
