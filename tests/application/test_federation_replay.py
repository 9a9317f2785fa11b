"""An archived game's replay on the federation's pages (issue 29, "every game's replay and its proof bundle"): the
board and the scores after chosen events, worked out from the archived export, are the hall's own
(``projections.replay.state_at`` on the hall's store at those versions); the sheet at an event is the lines played
by then; no rack's tiles, ever (as on the hall's public board); a hidden player stays hidden; an unknown game
or event is a 404 page in the reader's language.
"""

from __future__ import annotations

import re
from html import escape

import pytest
from tests.testclient import TestClient

from projections.replay import state_at
from service.federation.archive import Archive
from service.federation.http import create_federation_app
from service.federation.keys import NamedKey
from service.federation.pages import catalogue
from service.federation.queries import hide
from service.federation.replay import PUBLIC, Replay, public_frame
from service.federation.store import Db
from service.trust.attest import export_attested
from service.trust.verdict import records_in
from tests.federation_world import (EVENT, closed_game, game_body, hall_app, reopen_and_close, results_body, row,
                                    signed)
from tests.keys import Tablet

LOG = NamedKey.generate("fisc.test/seals")
#: Chosen events of the game: its creation, Ana's CASA placed (9) and accepted, Ana's second play through
#: the C (13), and the last (closed). Bea is hidden from the pages.
CHOSEN = (1, 9, 10, 13)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay")
    app = hall_app(folder / "hall")
    tablets = [Tablet(), Tablet()]
    game = closed_game(app, 1, 1, tablets, second_play=True)
    last = app.get_game(game).version
    hall = {v: state_at(app, game, v) for v in CHOSEN + (last,)}  # the hall's own replay at those versions
    settlement = app.get_game(game).settlement
    export = export_attested(app, game)
    reopen_and_close(app, game, tablets)  # a later history, for the replay cache's test (never pushed here)
    reopened = export_attested(app, game)
    key = app.service_key
    app.close()
    url = str(folder / "federation.sqlite3")
    archive = Archive(Db(url), LOG)
    archive.enrol_hall(key.fingerprint, "Casal de Girona", "officer:test")
    archive.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    standings = [row("p1", "Ana", "FISC-0001", 1, 1, [("Bea", 19)], [(1, "Bea", 1, 19, 0)]),
                 row("p2", "Bea", "FISC-0002", 2, 0, [("Ana", -19)], [(1, "Ana", 0, 0, 19)])]
    for body in (game_body(export), results_body(EVENT, "t1", standings)):
        archive.push(body, signed(key, body))
    hide(archive, "id:FISC-0002", "officer:test")
    archive.db.close()
    yield {"game": str(game), "last": last, "hall": hall, "export": export, "settlement": settlement,
           "reopened": reopened, "key": key, "client": TestClient(create_federation_app(url, LOG))}


def shown_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_replay_at_chosen_events_is_the_halls_state_at_those_versions(world):
    replay = Replay(records_in(world["export"], world["last"]))
    assert replay.last == world["last"]
    for version, hall in world["hall"].items():
        frame = replay.frame(version)
        assert (frame["board"], frame["cells"], frame["scores"], frame["version"], frame["event"]) == (
            hall["board"], hall["cells"], hall["scores"], hall["version"], hall["event"]), version
        page = world["client"].get("/replay", params={"game": world["game"], "at": version, "lang": "es"})
        assert page.status_code == 200
        scores = [int(s) for s in re.findall(r'data-testid="score-\d">(-?\d+)<', page.text)]
        assert scores == hall["scores"], version
        assert f'data-version="{version}"' in page.text
        tiles = re.findall(r'aria-label="([A-O]\d+): ', page.text)  # each square holding a tile, by name
        assert len(tiles) == sum(c is not None for r in hall["cells"] for c in r), version
    assert world["hall"][9]["scores"] == [12, 0] and "CASA" in world["hall"][9]["board"][7]


def test_the_sheet_at_an_event_holds_the_lines_played_by_then(world):
    replay = Replay(records_in(world["export"], world["last"]))
    assert [[r["word"] or r["notation"] for r in rows] for rows in replay.sheet(9)[0]] == [["CASA"], []]
    assert replay.sheet(9)[1] is None
    assert [r["total"] for r in replay.sheet(13)[0][0]] == [12, 19]
    page = world["client"].get("/replay", params={"game": world["game"], "at": 13, "lang": "ca"}).text
    words = catalogue("ca")
    assert words["sheet.plays_of"].format(name="Ana") in page and "H7 CASA" in shown_text(page)
    assert 'data-testid="final-0"' not in page  # not settled yet
    last = world["client"].get("/replay", params={"game": world["game"], "lang": "ca"}).text
    finals = [p["final_score"] for p in world["settlement"]["players"]]
    assert replay.sheet(world["last"])[1] == finals  # as the hall settled it (the event's game list shows these)
    assert all(words["sheet.final"].format(score=f) in last for f in finals)


def test_no_rack_is_shown_only_its_count(world):
    """The hall's public board never shows a rack's tiles (docs/public-board.md), closed game or not."""
    replay = Replay(records_in(world["export"], world["last"]))
    for version in (9, world["last"]):
        frame = public_frame(replay.frame(version))
        assert set(frame) == set(PUBLIC) | {"players"} and "racks" not in frame
        assert all(set(p) == {"seat", "name", "score", "rack_count"} for p in frame["players"])
    page = world["client"].get("/replay", params={"game": world["game"], "at": 9, "lang": "en"}).text
    assert catalogue("en")["public.rack_count"].format(count=3) in page  # Ana's ERO after CASA: counted, not shown
    assert catalogue("en")["public.no_racks"] in page and "rack_after" not in page


def test_a_hidden_player_stays_hidden(world):
    for lang in ("es", "ca", "en"):
        page = world["client"].get("/replay", params={"game": world["game"], "lang": lang}).text
        text = shown_text(page)
        assert "Bea" not in page and catalogue(lang)["federation.hidden"] in text
        assert "Ana" in text  # the other player is not hidden


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_an_unknown_game_or_event_is_a_404_page_in_the_readers_language(world, lang):
    words = catalogue(lang)
    client = world["client"]
    answer = client.get("/replay", params={"game": "no-such-game"}, headers={"Accept-Language": lang})
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}"' in answer.text
    assert words["federation.no_game"].format(game="no-such-game") in shown_text(answer.text).replace("&#x27;", "'")
    for at in ("0", str(world["last"] + 1), "x"):
        answer = client.get("/replay", params={"game": world["game"], "at": at, "lang": lang})
        assert answer.status_code == 404
        assert words["federation.no_version"].format(at=at, last=world["last"]) in answer.text


def test_the_events_are_the_games_own_never_a_duplicates_of_the_same_name():
    """``domain.duplicate.events`` has a ``GameEnded`` on the same base: an archived game's is the Game's."""
    import domain.duplicate.events  # noqa: F401
    from domain.game.events import GameEnded
    from service.federation.replay import event_classes

    assert event_classes()["GameEnded"] is GameEnded
    assert {cls.__module__.rsplit(".", 1)[0] for cls in event_classes().values()} == {"domain.game"}


def test_every_event_is_named_in_the_readers_language_as_the_halls_replay_names_it(world):
    """The timeline and the event shown read the catalogues' ``replay.type.*`` (the hall's ``js/replay.js`` reads
    the same keys), never the stored type; every Game event has its name in es, ca and en."""
    from service.federation.replay import event_classes

    types = [r.type for r in Replay(records_in(world["export"], world["last"])).records]
    for lang in ("es", "ca", "en"):
        words = catalogue(lang)
        assert all(f"replay.type.{kind}" in words for kind in event_classes()), lang
        page = world["client"].get("/replay", params={"game": world["game"], "at": 9, "lang": lang}).text
        timeline = re.findall(r'<li><a href="[^"]*"(?: aria-current=step)?>([^<]*)</a></li>', page)
        assert timeline == [escape(words[f"replay.type.{kind}"]) for kind in types], lang
        assert f'data-testid="event-type">{escape(words["replay.type.TilesPlaced"])}<' in page
        assert not any(f">{kind}<" in page for kind in types)  # no stored type shown as it is stored
    assert types[8] == "TilesPlaced"  # event 9, shown above: Ana's CASA


def test_a_replay_is_worked_out_once_per_history_and_again_after_an_update(world, tmp_path):
    """Viewed event after event, a game is read and replayed once (the process keeps it by the history's head
    hash); a reopened history pushed as an update is a new head: the next view replays it, never the old one."""
    url = str(tmp_path / "federation.sqlite3")
    archive = Archive(Db(url), LOG)
    archive.enrol_hall(world["key"].fingerprint, "Casal de Girona", "officer:test")
    archive.enrol_event(world["key"].fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    archive.push(game_body(world["export"]), signed(world["key"], game_body(world["export"])))
    app = create_federation_app(url, LOG)
    client, replays = TestClient(app), app.state.replays

    def shown_last() -> int:
        page = client.get("/replay", params={"game": world["game"], "lang": "ca"}).text
        return int(re.search(r'data-version="(\d+)"', page).group(1))

    assert shown_last() == world["last"]
    for at in (1, 9, 9, 10):
        assert client.get("/replay", params={"game": world["game"], "at": at}).status_code == 200
    assert replays.built == 1 and shown_last() == world["last"]
    update = game_body(world["reopened"])
    assert archive.push(update, signed(world["key"], update)).outcome == "update"
    assert shown_last() > world["last"] and replays.built == 2  # the reopen, its new signatures: replayed anew
    assert shown_last() > world["last"] and replays.built == 2
    archive.db.close()
