"""The committed HTTP contract: ``openapi/openapi.json`` is generated from the app, never edited by hand.

Regenerate after changing a route or a schema::

    .venv/bin/python -m service.api.contract

``tests/api/test_contract.py`` fails when the app and the file differ.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def current() -> dict[str, Any]:
    """The contract as the app states it now (an in-memory app: no store is touched)."""
    from service.api.app import create_app
    from service.api.config import ServiceSettings

    app = create_app(ServiceSettings(store="memory"))
    try:
        return app.openapi()
    finally:
        app.state.games.close()


def render(spec: dict[str, Any]) -> str:
    """The file's text: indented, keys in the app's order, UTF-8 kept, a final newline."""
    return json.dumps(spec, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    """Write ``openapi/openapi.json``."""
    SPEC.parent.mkdir(exist_ok=True)
    SPEC.write_text(render(current()), encoding="utf-8")
    sys.stdout.write(f"wrote {SPEC}\n")


if __name__ == "__main__":
    main()
