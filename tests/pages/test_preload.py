"""``/tablet``'s HTML preloads what the page runs: on a hall's slow Wi-Fi each module found only when its
importer arrives costs a round trip more before the page works (bench/bench_tablet.py's time to
interactive). The page's modules now come joined in one file (``/bundle/tablet.js``)."""

from __future__ import annotations

import re
from pathlib import Path


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


def test_the_tablet_page_preloads_its_one_bundle_and_no_module_one_by_one() -> None:
    """The modules come joined (``/bundle/tablet.js``, tests/pages/test_bundle.py): one request, preloaded. Every
    other page loads its own bundle the same way (``test_each_page_loads_its_bundle_and_no_module_of_its_own``).
    Before it, the binding screen's own small module (issue 28: a first use types the code before the bundle)."""
    html = (STATIC / "tablet.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'rel="modulepreload" href="([^"]+)"', html)
    assert preloaded == ["/static/js/bind_first.js", "/bundle/tablet.js"]
    assert len(imported(STATIC / "js" / "tablet.js")) > 10  # what the bundle spares: a request each
