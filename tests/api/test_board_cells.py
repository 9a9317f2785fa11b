"""The board a client can index: ``cells``, 15 rows of 15 squares, beside the 15 text rows (issue 13, item 9).

A text row brackets Spanish digraphs, so ``......[CH]OZAs....`` is 18 characters for 15 squares; a
tablet drawing the board indexes ``cells[row][col]`` instead (row A first, column 1 first).
"""

from __future__ import annotations

from domain.cells import cells_of_rows
from domain.tiles import get_tileset
from tests.api.conftest import Api

#: Ana plays [CH]OZAs across from the federations' H7 (GCG 8G), the S a blank: CH 5 + O 1 + Z 10 + A 1 + s 0 = 17,
#: doubled on the centre star H8 (FILE 14) = 34.
GCG = ("#player1 ana Ana\n#player2 berto Berto\n"
       ">ana: [CH]AOZ?EI 8G [CH]OZAs +34 34\n"
       ">berto: AEIORST - +0 0\n")


def cell(tile: str, letter: str, blank: bool, points: int) -> dict:
    return {"tile": tile, "letter": letter, "blank": blank, "points": points}


def imported(api: Api) -> str:
    r = api.post("/v1/games/import", api.tokens["director"], {"profile": "file-2024", "gcg": GCG})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_cells_index_the_board_by_square_where_the_text_row_is_longer_file_11(api: Api):
    """FILE 11: CH is one tile, so one square; FILE 10.1: a blank scores 0 and reads as the letter it stands for."""
    game_id = imported(api)
    state = api.get(f"/v1/games/{game_id}", api.tokens["director"]).json()
    assert state["board"][7] == "......[CH]OZAs...." and len(state["board"][7]) == 18
    cells = state["cells"]
    assert len(cells) == 15 and all(len(row) == 15 for row in cells)
    assert cells[7][6:11] == [cell("CH", "CH", False, 5), cell("O", "O", False, 1), cell("Z", "Z", False, 10),
                              cell("A", "A", False, 1), cell("?", "S", True, 0)]
    assert sum(c is not None for row in cells for c in row) == 5
    assert cells[7][7]["letter"] == "O"  # the federations' H8 is cells[7][7]


def test_replay_frames_carry_the_same_cells_as_the_game(api: Api):
    """GET /state?at=N gives `cells` too: after the play it is the game's own; before it, an empty board."""
    game_id = imported(api)
    director = api.tokens["director"]
    state = api.get(f"/v1/games/{game_id}", director).json()
    latest = api.get(f"/v1/games/{game_id}/state", director).json()
    assert latest["cells"] == state["cells"] and latest["board"] == state["board"]
    first = api.get(f"/v1/games/{game_id}/state?at=1", director).json()
    assert first["cells"] == [[None] * 15] * 15
    for version in range(1, state["version"] + 1):
        frame = api.get(f"/v1/games/{game_id}/state?at={version}", director).json()
        assert frame["cells"] == cells_of_rows(frame["board"], get_tileset(frame["tileset"])), version
