"""Players' receipts (issue 26): at GameClosed each tablet can fetch its receipt, the game, the closing's version,
the closing head and the service's signature over it, as a QR code and a 20-character short code (FILE 43: the
sheets signed, the game closed); the round's results sheet prints each closed game's short code; and the
receipt checks an export offline."""

from __future__ import annotations

import io
import json

from domain.game.receipt import grouped, short_code
from domain.seal.records import head_message
from service.cli.audit import run_audit_verify
from service.trust.keys import ServiceKey, verify_ed25519
from tests.api.conftest import Api
from tests.api.test_player_keys import ended


def test_a_closed_game_gives_each_player_a_receipt_and_the_results_sheet_prints_its_code_file_43(api: Api, tmp_path):
    api.games.service_key = ServiceKey.generate()
    table = ended(api, event="Open de Lleida", round=2, table=1)
    early = api.get(f"/v1/games/{table.id}/receipt", table.players[0])
    assert early.status_code == 409 and early.json()["code"] == "not_closed" and early.json()["article"] == "FILE 43"
    for seat, name in enumerate(("Ana", "Bea")):
        table.send(table.players[seat], "sign", signature=name)
    state = table.state()
    assert state["phase"] == "closed"
    answers = [api.get(f"/v1/games/{table.id}/receipt", token).json() for token in table.players]
    assert answers[0] == answers[1]
    receipt = answers[0]
    assert receipt["version"] == state["version"] and receipt["head_hash"] == state["head_hash"]
    assert receipt["code"] == short_code(state["head_hash"]) and len(receipt["code"]) == 20
    assert receipt["code_grouped"] == grouped(receipt["code"]) and receipt["qr_svg"].startswith("<svg")
    key = api.games.service_key
    assert receipt["fingerprint"] == key.fingerprint
    assert verify_ed25519(key.public_key, head_message(str(table.id), receipt["version"], receipt["head_hash"]),
                          receipt["signature"])
    sheet = api.get("/v1/seals/results?event=Open de Lleida&round=2&lang=es", api.tokens["spectator"])
    assert f"Código del recibo: <b>{receipt['code_grouped']}</b>" in sheet.text
    # The receipt, kept by the player, checks the export a tribunal is handed later.
    export = api.get(f"/v1/games/{table.id}/export", api.tokens["director"])
    (tmp_path / "game.jsonl").write_bytes(export.content)
    kept = {k: v for k, v in receipt.items() if k not in ("code_grouped", "qr_svg")}
    (tmp_path / "receipt.json").write_text(json.dumps(kept))
    out = io.StringIO()
    code = run_audit_verify([str(tmp_path / "game.jsonl")], out, receipt=str(tmp_path / "receipt.json"),
                            service_key=key.public_key)
    assert code == 0 and "receipt: the receipt holds" in out.getvalue(), out.getvalue()
