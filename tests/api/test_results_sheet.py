"""The round's results sheet (issue 16: the seal's root «printed on the round's results sheet»): every game of
the round with its table, players, final scores, winner and closing head, the service key's fingerprint and
the round seal's root, printable in es, ca and en; an unsealed round and an unfinished game said plainly."""

from __future__ import annotations

from tests.api.conftest import Api
from tests.api.test_player_keys import ended


def grouped(digits: str) -> str:
    return " ".join(digits[i:i + 4] for i in range(0, len(digits), 4))


def test_the_results_sheet_prints_each_games_result_and_head_and_the_seal_root(api: Api):
    event = "Open de Girona"
    closed = ended(api, event=event, round=4, table=2)
    for seat, name in enumerate(("Ana", "Bea")):
        closed.send(closed.players[seat], "sign", signature=name)
    playing = api.table(players=("Carme", "Dolors"), event=event, round=4, table=1)
    api.table(players=("Elena", "Fina"), event=event, round=5, table=1)  # another round: not on this sheet
    state = closed.state()
    head, version = state["head_hash"], state["version"]
    reader = api.tokens["spectator"]

    before = api.get(f"/v1/seals/results?event={event}&round=4&lang=en", reader)
    assert before.status_code == 200 and before.headers["content-type"].startswith("text/html")
    assert "round not sealed" in before.text and "Carme" in before.text and "Elena" not in before.text
    assert before.text.index("Carme") < before.text.index("Ana"), "in table order"
    assert "not closed" in before.text and f"v{version} · {grouped(head)}" in before.text

    seal = api.post("/v1/seals", api.tokens["director"], {"event": event, "round": 4})
    assert seal.status_code == 201, seal.text
    page = api.get(f"/v1/seals/results?event={event}&round=4&lang=ca", reader)
    assert page.status_code == 200 and '<html lang="ca">' in page.text and "RESULTATS DE LA RONDA" in page.text
    assert grouped(seal.json()["root"]) in page.text and "1 partides" in page.text
    assert grouped(api.games.service_key.fingerprint) in page.text
    settled = api.games.get_game(closed.game.id).settlement
    finals = [p["final_score"] for p in settled["players"]]
    row = page.text[page.text.index(f'data-game="{closed.id}"'):]
    row = row[:row.index("</tr>")]
    assert f"{finals[0]}<br>{finals[1]}" in row and "✓" in row
    winner = "Empat" if settled["winner"] is None else ("Ana", "Bea")[settled["winner"]]
    assert f"<td>{winner}</td>" in row
    assert f'data-game="{playing.id}"' in page.text and "sense tancar" in page.text

    spanish = api.get(f"/v1/seals/results?event={event}&round=4", reader)  # FILE's language by default
    assert '<html lang="es">' in spanish.text and "Sello de la ronda" in spanish.text
    assert api.get(f"/v1/seals/results?event={event}&round=4&lang=fr", reader).status_code == 400
    assert api.client.get(f"/v1/seals/results?event={event}&round=4").status_code == 401
