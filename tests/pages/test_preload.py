"""``/tablet``'s HTML names every module the page imports as a ``modulepreload``: on a hall's slow Wi-Fi
each module found only when its importer arrives costs a round trip more before the page works
(bench/bench_tablet.py's time to interactive)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "pages" / "static"
IMPORT = re.compile(r"""^\s*import\s+(?:[^'"]*?\s+from\s+)?['"](\./[^'"]+|\.\./[^'"]+)['"]""", re.M)


def imported(entry: Path) -> set[str]:
    """Every module reachable from ``entry`` by static imports, as /static/... paths."""
    seen: set[Path] = set()
    todo = [entry]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        for found in IMPORT.findall(module.read_text(encoding="utf-8")):
            todo.append((module.parent / found).resolve())
    return {"/static/" + p.relative_to(STATIC).as_posix() for p in seen}


@pytest.mark.parametrize("page", ["tablet", "slip", "judge", "ranking"])
def test_the_tablet_page_preloads_every_module_it_imports(page: str) -> None:
    """The tablet, and the duplicate pages (a player's slip on the same Wi-Fi, the judge's desk, the hall screen)."""
    html = (STATIC / f"{page}.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'rel="modulepreload" href="([^"]+)"', html))
    needed = imported(STATIC / "js" / f"{page}.js")
    assert len(needed) > 5
    assert needed - preloaded == set(), f"imported but not preloaded: {sorted(needed - preloaded)}"
    assert preloaded - needed == set(), f"preloaded but never imported: {sorted(preloaded - needed)}"
