"""``POST /v1/bind?view=game`` (issue 28, a tablet's cold first use): the binding answers with the game's state and
scoresheet, each exactly as the new seat token's own reads answer them, so the page shows the game after one round
trip. Without ``view`` the answer is the binding alone; a refused code reads nothing."""

from __future__ import annotations

from tests.api.conftest import Api
from tests.api.test_seats import issue


def bind(api: Api, code: str, device: str, query: str = "") -> object:
    return api.client.post(f"/v1/bind{query}", json={"code": code, "device": device})


def test_the_binding_answers_with_the_game_as_the_seat_token_reads_it(api: Api):
    table = api.table("file-2024", ("Ana", "Bea"))
    table.start()  # racks dealt: the opponent's rack is what the seat's token must not see
    r = bind(api, issue(table, 1)["code"], "tablet-b", "?view=game")
    assert r.status_code == 200, r.text
    bound = r.json()
    assert bound["seat"] == 1 and bound["game_id"] == table.id
    token = bound["token"]
    assert bound["state"] == table.state(token)  # the seat's own GET, byte for byte as JSON
    sheet = api.get(f"/v1/games/{table.id}/scoresheet", token)
    assert sheet.status_code == 200 and bound["scoresheet"] == sheet.json()
    players = bound["state"]["players"]
    assert players[1]["rack"] and players[0]["rack"] is None  # its own rack only: no playing aid
    assert bound["state"]["version"] == bound["version"]  # the state after its DeviceBound


def test_without_view_the_answer_is_the_binding_alone(api: Api):
    table = api.table("file-2024", ("Ana", "Bea"))
    bound = bind(api, issue(table, 0)["code"], "tablet-a").json()
    assert bound["state"] is None and bound["scoresheet"] is None and bound["seat"] == 0


def test_a_refused_code_reads_nothing_and_an_unknown_view_is_refused(api: Api):
    table = api.table("file-2024", ("Ana", "Bea"))
    gone = bind(api, "ZZZZ-ZZZZ", "tablet-a", "?view=game")
    assert gone.status_code == 404 and "state" not in gone.json()
    code = issue(table, 0)["code"]
    assert bind(api, code, "tablet-a", "?view=everything").status_code == 400
    assert bind(api, code, "tablet-a", "?view=game").status_code == 200  # the code was not spent by the refusal


def test_a_binding_whose_game_reads_fail_still_answers_its_token(api: Api, monkeypatch):
    """The binding is saved and its code spent before the game is read: a read that fails then (a stalled store's
    503) leaves the state out of the answer, never the token, or the tablet could bind neither now nor again."""
    import service.api.routes.seats as seats
    from service.api.common.store_reads import StoreUnavailable

    async def stalled(*args, **kwargs):
        raise StoreUnavailable("stalled", "the store took too long", reading=True)

    table = api.table("file-2024", ("Ana", "Bea"))
    table.start()
    code = issue(table, 0)["code"]
    monkeypatch.setattr(seats, "game_of", stalled)
    r = bind(api, code, "tablet-a", "?view=game")
    assert r.status_code == 200, r.text
    bound = r.json()
    assert bound["state"] is None and bound["scoresheet"] is None and bound["seat"] == 0
    assert table.state(bound["token"])["version"] == bound["version"]  # the token reads the game itself
    assert bind(api, code, "tablet-a", "?view=game").status_code == 410  # the code was spent by the binding
