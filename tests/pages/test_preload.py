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
    The binding screen needs no module (issue 28: tablet.html draws it, the code typed before the bundle runs)."""
    html = (STATIC / "tablet.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'rel="modulepreload" href="([^"]+)"', html)
    assert preloaded == ["/bundle/tablet.js"]
    assert len(imported(STATIC / "js" / "tablet.js")) > 10  # what the bundle spares: a request each


def test_the_binding_screen_is_drawn_before_the_styles_with_their_own_rules() -> None:
    """Issue 28: a first use's code field is drawn by a script right after ``#app``, before the style sheets (a script
    after a pending style sheet waits for it), with the screen's rules inlined in the head: each one as base.css or
    tablet.css has it, so nothing moves when they arrive."""
    html = (STATIC / "tablet.html").read_text(encoding="utf-8")
    body = html.split("<body>", 1)[1]
    assert body.index("window.__drawBind(") < body.index('rel="stylesheet"') < body.index('<script type="module"')
    assert 'rel="stylesheet"' not in html.split("<body>", 1)[0]  # none pending before the screen is drawn
    inline = re.sub(r"/\*.*?\*/", "", html.split("<style>", 1)[1].split("</style>", 1)[0], flags=re.S)
    sheets = " ".join((STATIC / "css" / name).read_text(encoding="utf-8") for name in ("base.css", "tablet.css"))
    flat = lambda text: " ".join(text.split())  # noqa: E731
    rules = [flat(rule) + " }" for rule in inline.split("}") if rule.strip()]
    assert len(rules) >= 10 and any(rule.startswith(".bind input") for rule in rules)
    for rule in rules:
        assert rule in flat(sheets), rule
