"""The page's ``planilla-audit/2`` verifier inside Chromium (its WebCrypto's ECDSA P-256 and Ed25519) on the
signed hall's files and the attacker's rewrites (``tests/pages/test_audit2_verifier.py`` ``cases``: a
score changed with every hash recomputed and the closing re-signed, an event inserted or dropped, a key
signature stripped, a game moved between rounds, a foreign closing signature, a version 1 file, random
bytes), with the service key given or not and each round's seal or none: every file's lines are the ones
``planilla audit verify`` prints with the same options."""

from __future__ import annotations

import base64
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from service.access.application import ServiceApplication
from service.trust.attest import export_attested, seal_round
from service.cli.audit import run_audit_verify
from service.trust.keys import ServiceKey
from service.settings import settings_env
from tests.keys import Tablet
from tests.pages.test_audit2_verifier import cases
from tests.reliability.test_signed_rewrite import NOON, closed_game


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """As the reliability suite's hall: round 1 two keyed games and a paper one, round 2 a keyed one and one with
    a paper second seat; both sealed."""
    data = tmp_path_factory.mktemp("signed") / "data"
    key, _ = ServiceKey.for_store(str(data))
    app = ServiceApplication(settings_env(str(data)), clock=lambda: NOON, rng=random.Random(3), service_key=key)
    games = {"signed": closed_game(app, 1, 1, [Tablet(), Tablet()]), "paper": closed_game(app, 1, 3, None),
             "round2": closed_game(app, 2, 1, [Tablet(), Tablet()]),
             "mixed": closed_game(app, 2, 2, [Tablet(), None], second_play=True)}  # plays and passes key-signed
    seals = {r: seal_round(app, "Open", r) for r in (1, 2)}
    exports = {name: export_attested(app, game) for name, game in games.items()}
    app.close()
    return {"key": key, "seals": seals, "exports": exports}


def test_chromium_verifies_every_version_2_case_as_the_command_does(browser: Any, hall: Any, signed: Any,
                                                                    tmp_path: Path) -> None:
    files = cases(signed)
    paths = []
    for name, data in files.items():
        paths.append(tmp_path / name)
        paths[-1].write_bytes(data)
    page = browser.new_page()
    page.goto(f"{hall.url}/verify")
    compared = 0
    for with_key in (True, False):
        for round_ in (1, 2, None):
            key = signed["key"].public_key if with_key else None
            seal_path = None
            if round_ is not None:
                seal_path = tmp_path / f"seal-{round_}.json"
                seal_path.write_text(json.dumps(signed["seals"][round_], indent=1) + "\n", encoding="utf-8")
            out = io.StringIO()
            run_audit_verify([str(p) for p in paths], out, service_key=key,
                             seal=None if seal_path is None else str(seal_path))
            shown = page.evaluate("""async ([files, key, seal]) => {
              const { verifyExport, commandLines } = await import('/static/js/audit/verify.js');
              const { loads, decodeUtf8 } = await import('/static/js/audit/pyjson.js');
              const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
              const sealed = seal === null ? null : loads(decodeUtf8(new TextEncoder().encode(seal)).text);
              const out = [];
              for (const [name, b64] of files) {
                out.push(commandLines(name, await verifyExport(bytes(b64), { serviceKey: key, seal: sealed })));
              }
              return out.join('\\n') + '\\n';
            }""", [[[str(p), base64.b64encode(p.read_bytes()).decode()] for p in paths], key,
                   None if seal_path is None else seal_path.read_text(encoding="utf-8")])
            assert shown.splitlines() == out.getvalue().splitlines(), (with_key, round_)
            compared += len(paths)
    assert compared == 6 * len(files)
    page.close()
