"""Who sees which tiles: a player their own rack, a spectator none, the tribunal every one; every event that names
rack tiles is in the redaction table."""

from __future__ import annotations

from uuid import UUID

from tests.api.conftest import Api, Table


def test_a_player_sees_their_own_rack_and_the_spectator_none(api: Api):
    table: Table = api.table()
    table.start()
    me, spectator = table.players[0], api.games.issue_token("spectator", "s", "test", game_id=UUID(table.id))[0]
    mine = table.state(me)["players"]
    assert mine[0]["rack"] is not None and mine[1]["rack"] is None
    assert all(p["rack"] is None for p in table.state(spectator)["players"])
    assert all(p["rack"] is not None for p in table.state(api.tokens["tribunal"])["players"])
    drawn = [e for e in api.get(f"/v1/games/{table.id}/events", spectator).json()["events"] if e["type"] == "TilesDrawn"]
    assert drawn and all(e["payload"]["tiles"] is None and e["redacted"] == ["tiles"] for e in drawn)
    own = [e for e in api.get(f"/v1/games/{table.id}/events", me).json()["events"] if e["type"] == "TilesDrawn"]
    assert [e["payload"]["tiles"] is not None for e in own] == [e["payload"]["seat"] == 0 for e in own]


def test_every_event_that_names_rack_tiles_is_in_the_redaction_table():
    """An event type added to the Game with a field of tiles must say whether a stranger may see it."""
    import dataclasses

    from domain.game import events, incidents
    from service.game.views import HIDDEN

    public = {"Created": "players", "StartingTilesDrawn": "tiles drawn in the open", "PlayChallenged": "words",
              "ChallengeRuled": "words", "EndRackDeclared": "revealed at the end", "SenyorsRedrawn": "shown"}
    for module in (events, incidents):
        for cls in vars(module).values():
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__):
                continue
            tiles = {f.name for f in dataclasses.fields(cls) if "list[str]" in str(f.type)} - {"set_aside", "words"}
            hidden = {name for name, _ in HIDDEN.get(cls.__name__, ())}
            assert tiles <= hidden or cls.__name__ in public, (cls.__name__, tiles - hidden)
