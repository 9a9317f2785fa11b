"""One notation for tiles in every field, and the spellings people paste (issue 13, items 8, 22, 13).

A rack array (`tiles`, `drawn`, `returned`, `shown`, `sample`) takes a tile as a word does, brackets or not
(`CH` or `[CH]`, FILE 11), and answers it as the rack writes it; text in any Unicode form is read as NFC (a
decomposed Ñ); the Catalan L·L as people paste it (FISC I.6).
"""

from __future__ import annotations

from tests.api.conftest import Api, Table

ENYE = "N\u0303"  # N + combining tilde, as macOS text gives it


def dealt(api: Api, profile: str, racks: tuple[list[str], list[str]]) -> Table:
    table = api.table(profile, ("Ana", "Bea"), bag_mode="replay")
    table.send(table.director, "give_starter", seat=0)
    for seat, rack in enumerate(racks):
        table.send(table.players[seat], "draw_tiles", tiles=rack)
    return table


def test_a_rack_array_takes_the_words_notation_and_answers_the_racks_file_11(api: Api):
    """FILE 11: CH is one tile; `[CH]` and `CH` are the same item, a decomposed Ñ is Ñ."""
    table = dealt(api, "file-2024", (["[CH]", "A", ENYE, "O", "[LL]", "E", "?"], ["A", "E", "I", "O", "U", "S", "R"]))
    ana = table.state(table.players[0])["players"][0]["rack"]
    assert ana == ["CH", "A", "Ñ", "O", "LL", "E", "?"]
    table.send(table.players[0], "exchange_tiles", tiles=["[CH]", "LL"], drawn=["[RR]", "T"])
    assert sorted(table.state(table.players[0])["players"][0]["rack"]) == sorted(["A", "Ñ", "O", "E", "?", "RR", "T"])


def test_a_rack_item_that_is_not_one_tile_is_refused_saying_how_tiles_are_written(api: Api):
    table = dealt(api, "file-2024", (["A", "B", "C", "D", "E", "F", "G"], ["A", "E", "I", "O", "U", "S", "R"]))
    for item, says in (("[L][L]", "is not one tile"), ("ch", "written in upper case (CH)")):
        refused = table.send(table.players[0], "exchange_tiles", expect=400, tiles=["A", item], drawn=["A", "E"])
        assert refused["field"] == "tiles.1" and says in refused["message"], refused
        assert "CH or [CH]" in refused["message"] or "(CH)" in refused["message"]


def test_a_word_with_a_decomposed_enye_is_played_as_typed_with_the_composed_one(api: Api):
    """BUÑO from H8: B 3 + U 1 + Ñ 8 + O 1 = 13, doubled on the centre (FILE 14) = 26."""
    table = dealt(api, "file-2024", (["B", "U", "Ñ", "O", "E", "A", "S"], ["A", "E", "I", "O", "U", "S", "R"]))
    result = table.send(table.players[0], "place_tiles", coordinates="H8", word=f"BU{ENYE}O")
    (placed,) = [e for e in result["events"] if e["type"] == "TilesPlaced"]
    assert placed["payload"]["word"] == "BUÑO" and placed["payload"]["score"] == 26
    table.send(table.players[1], "challenge", words=[f"BU{ENYE}O"])  # the same word, in either form


def test_l_dot_l_where_the_square_is_empty_is_the_l_l_tile_fisc_i6(api: Api):
    """FISC I.6: L·L is one tile. COL.LEGA from H8, the '.' on an empty square, can only be COL·LEGA:
    C 2 + O 1 + L·L 10 + E 1 + G 3 × 2 (H12 double letter) + A 1 = 21, doubled on the centre = 42."""
    table = dealt(api, "fisc-2023", (["C", "O", "L·L", "E", "G", "A", "S"], ["A", "E", "I", "O", "U", "S", "R"]))
    result = table.send(table.players[0], "place_tiles", coordinates="H8", word="COL.LEGA")
    (placed,) = [e for e in result["events"] if e["type"] == "TilesPlaced"]
    assert placed["payload"]["word"] == "COL·LEGA" and placed["payload"]["score"] == 42
    cells = table.state()["cells"][7]
    assert [c and c["tile"] for c in cells[7:13]] == ["C", "O", "L·L", "E", "G", "A"]


def test_l_dot_l_that_fits_neither_reading_says_which_tile_was_meant(api: Api):
    """COL.LEGA from H2 misses the centre either way (the first play covers H8; FISC has no off-centre choice):
    the refusal says how the L·L tile is written; without an L·L on the rack the L·L reading names the tile
    the rack lacks."""
    table = dealt(api, "fisc-2023", (["C", "O", "L", "E", "G", "A", "S"], ["A", "E", "I", "O", "U", "S", "R"]))
    refused = table.send(table.players[0], "place_tiles", expect=422, coordinates="H2", word="COL.LEGA")
    assert "write L·L (or Ŀl), not L.L" in refused["message"], refused
    refused = table.send(table.players[0], "place_tiles", expect=422, coordinates="H8", word="COL.LEGA")
    assert refused["message"] == "word: the rack of Ana does not hold L·L", refused


def test_a_token_label_is_said_to_become_the_actors_name(api: Api):
    """POST /v1/tokens: a missing label is refused saying what it is for."""
    r = api.post("/v1/tokens", api.tokens["director"], {"role": "arbiter"})
    assert r.status_code == 400 and r.json()["field"] == "label"
    assert "actor's name" in r.json()["message"]
    r = api.post("/v1/tokens", api.tokens["director"], {"role": "arbiter", "label": "Nu\u0301n\u0303ez"})
    assert r.status_code == 201 and r.json()["label"] == "Núñez"
