"""A computed master records the SHA-256 of the list its lexicon was compiled from, in the master and in each
ruling the lexicon gave (docs/lexicon.md: the lexicon's name, its source's SHA-256 and whether it was
advisory); the service keeps the lexicon open, and a list loaded again under the same name rules from the
next master on (AJS 3.2.3: the master is the highest-scoring valid play; AJS 3.2.8: a word not valid nulls
the slip)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from domain.game.chain import verify_chain
from domain.tiles import SPANISH
from service.duplicate.application import duplicate_history
from service.lexicon.library import load_word_list
from tests.api.conftest import Api, _api

RACK = ["C", "A", "S", "A", "R", "O", "E"]


def write_list(path: Path, words: list[str]) -> str:
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def api(data: Path, tmp_path: Path) -> Iterator[Api]:
    write_list(tmp_path / "a.txt", ["casa", "caso", "asa"])
    load_word_list("es-x", tmp_path / "a.txt", SPANISH, data)
    yield from _api(str(data))


def one_round(api: Api, slips: dict[int, tuple[str, str]]) -> tuple[str, dict]:
    """A duplicate of three with the judge's rack, the slips sent, «¡Tiempo!», the computed master."""
    director = api.tokens["director"]
    r = api.post("/v1/duplicates", director, {"profile": "ajs-2012", "players": ["Ana", "Berto", "Carmen"],
                                               "draw": "judge"})
    assert r.status_code == 201, r.text
    did, tokens = r.json()["id"], [t["token"] for t in r.json()["tokens"]]
    base = f"/v1/duplicates/{did}"
    assert api.post(base + "/rounds", director, {"rack": RACK}).status_code == 200
    for seat, (word, coordinates) in slips.items():
        assert api.post(base + "/rounds/1/slips", tokens[seat], {"word": word, "coordinates": coordinates}).status_code == 200
    assert api.post(base + "/rounds/1/close", director, {}).status_code == 200
    master = api.post(base + "/rounds/1/master", director, {"computed": True, "lexicon": "es-x"})
    assert master.status_code == 200, master.text
    return did, master.json()["result"]


def events_of(api: Api, did: str) -> list:
    return list(api.app.state.duplicates.app.repository.event_store.get(UUID(did)))


def test_the_master_and_each_lexicon_ruling_record_the_lists_digest(api: Api, tmp_path: Path):
    digest = hashlib.sha256((tmp_path / "a.txt").read_bytes()).hexdigest()
    did, master = one_round(api, {0: ("CASO", "H8"), 1: ("CARO", "H8")})
    assert master["method"] == "computed" and master["lexicon"] == "es-x" and master["lexicon_sha256"] == digest
    rulings = {e.word: e for e in events_of(api, did) if type(e).__name__ == "WordRuled"}
    assert rulings["CASO"].valid and not rulings["CARO"].valid  # CARO is not in list A: null (AJS 3.2.8)
    assert {e.lexicon_sha256 for e in rulings.values()} == {digest}
    chosen = [e for e in events_of(api, did) if type(e).__name__ == "MasterChosen"]
    assert [e.lexicon_sha256 for e in chosen] == [digest]
    duplicate = api.app.state.duplicates.get(UUID(did))
    assert duplicate.rulings["CARO"]["lexicon_sha256"] == digest
    assert verify_chain(duplicate_history(api.app.state.duplicates.app, UUID(did))) is None


def test_a_judges_ruling_records_no_digest(api: Api):
    r = api.post("/v1/duplicates", api.tokens["director"], {"profile": "ajs-2012", "players": ["A", "B", "C"]})
    did = r.json()["id"]
    assert api.post(f"/v1/duplicates/{did}/rulings", api.tokens["director"], {"word": "CASO", "valid": True}).status_code == 200
    ruled = [e for e in events_of(api, did) if type(e).__name__ == "WordRuled"]
    assert [e.lexicon_sha256 for e in ruled] == [None]
    assert "lexicon_sha256" not in api.app.state.duplicates.get(UUID(did)).rulings["CASO"]


def test_a_list_loaded_again_rules_the_next_master_with_its_own_digest(api: Api, data: Path, tmp_path: Path):
    first, _ = one_round(api, {0: ("CARO", "H8")})
    digest_b = write_list(tmp_path / "b.txt", ["casa", "caso", "asa", "caro"])
    load_word_list("es-x", tmp_path / "b.txt", SPANISH, data)  # `planilla lexicon load` while the service runs
    second, master = one_round(api, {0: ("CARO", "H8")})
    assert master["lexicon_sha256"] == digest_b
    ruled = {did: next(e for e in events_of(api, did) if type(e).__name__ == "WordRuled" and e.word == "CARO")
             for did in (first, second)}
    assert not ruled[first].valid and ruled[second].valid and ruled[second].lexicon_sha256 == digest_b


def test_get_v1_lexicons_names_each_list_its_tiles_whether_official_and_its_digest(api: Api, data: Path,
                                                                                    tmp_path: Path):
    """docs/lexicon.md: a verdict from a list not declared official is advisory. The judge's desk chooses from what
    ``GET /v1/lexicons`` lists (any valid token; none without one)."""
    digest_a = hashlib.sha256((tmp_path / "a.txt").read_bytes()).hexdigest()
    digest_o = write_list(tmp_path / "o.txt", ["casa", "caso", "asa", "caro"])
    load_word_list("es-official", tmp_path / "o.txt", SPANISH, data, official=True)
    (data / "lexicons" / "broken.lexicon").write_bytes(b"not a lexicon")  # left out, not a 500
    r = api.get("/v1/lexicons", api.tokens["spectator"])
    assert r.status_code == 200, r.text
    assert r.json() == {"count": 2, "lexicons": [
        {"name": "es-official", "tileset": "spanish", "official": True, "advisory": False, "sha256": digest_o,
         "source": "o.txt", "words": 4},
        {"name": "es-x", "tileset": "spanish", "official": False, "advisory": True, "sha256": digest_a,
         "source": "a.txt", "words": 3}]}
    assert api.client.get("/v1/lexicons").status_code == 401


def test_no_data_folder_lists_no_lexicon():
    for bare in _api("memory"):
        r = bare.get("/v1/lexicons", bare.tokens["arbiter"])
        assert r.status_code == 200 and r.json() == {"lexicons": [], "count": 0}


def test_a_master_from_a_list_not_declared_official_is_marked_advisory_with_every_ruling_it_gave(
        api: Api, data: Path, tmp_path: Path):
    did, master = one_round(api, {0: ("CASO", "H8"), 1: ("CARO", "H8")})
    assert master["advisory"] is True
    rulings = [e for e in events_of(api, did) if type(e).__name__ == "WordRuled"]
    assert rulings and all(e.advisory for e in rulings)
    shown = api.get(f"/v1/duplicates/{did}/rounds/1", api.tokens["director"]).json()["master"]
    assert shown["advisory"] is True and shown["lexicon"] == "es-x"
    # the same list declared official: no verdict is advisory
    write_list(tmp_path / "a2.txt", ["casa", "caso", "asa"])
    load_word_list("es-x", tmp_path / "a2.txt", SPANISH, data, official=True)
    did, master = one_round(api, {0: ("CASO", "H8"), 1: ("CARO", "H8")})
    assert master["advisory"] is False
    assert not any(e.advisory for e in events_of(api, did) if type(e).__name__ == "WordRuled")


def test_a_master_on_a_list_not_loaded_or_in_other_tiles_is_refused_naming_the_field(api: Api, data: Path,
                                                                                      tmp_path: Path):
    """The desk offers only what GET /v1/lexicons lists in the game's tiles; the API refuses anything else,
    naming the field and the lists loaded, and records nothing."""
    from domain.tiles import CATALAN

    write_list(tmp_path / "c.txt", ["casa", "cosa"])
    load_word_list("ca-x", tmp_path / "c.txt", CATALAN, data)
    director = api.tokens["director"]
    did = api.post("/v1/duplicates", director, {"profile": "ajs-2012", "players": ["A", "B"], "draw": "judge"}).json()["id"]
    base = f"/v1/duplicates/{did}"
    assert api.post(base + "/rounds", director, {"rack": RACK}).status_code == 200
    assert api.post(base + "/rounds/1/close", director, {}).status_code == 200
    before = len(events_of(api, did))
    unknown = api.post(base + "/rounds/1/master", director, {"computed": True, "lexicon": "no-such-list"})
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_lexicon"
    assert unknown.json()["field"] == "lexicon" and "ca-x, es-x" in unknown.json()["message"]
    other = api.post(base + "/rounds/1/master", director, {"computed": True, "lexicon": "ca-x"})
    assert other.status_code == 422 and other.json()["code"] == "lexicon_tileset" and other.json()["field"] == "lexicon"
    assert len(events_of(api, did)) == before
