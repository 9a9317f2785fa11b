"""``pages/bundle.py``: a page's modules joined in one file run as the modules do, or are refused by name.

The joined file is run by node (as an ES module) on small modules written here, then on the tablet's
own modules: every module the tablet imports is in its bundle, once, after the modules it imports.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pages import STATIC
from pages.bundle import ENTRIES, BundleError, bundle, uncommented
from tests.pages.test_preload import imported

NODE = shutil.which("node")


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_joined_modules_run_as_the_modules_do(tmp_path: Path) -> None:
    write(tmp_path, {
        "lib/net.js": "export const order = [];\norder.push('net');\nexport function get(x) { return `got ${x}`; }\n"
                      "export let counter = 0;\nexport function bump() { counter += 1; }\n",
        "api.js": "import * as net from './lib/net.js';\nimport { get as fetchIt } from './lib/net.js';\n"
                  "net.order.push('api');\nexport const { get } = net;\nexport async function twice(x) {\n"
                  "  return [fetchIt(x), get(x)];\n}\nconst hidden = 1;\nexport { hidden as one };\n",
        "side.js": "import { order } from './lib/net.js';\norder.push('side');\n",
        "main.js": "import { twice, one } from './api.js';\nimport {\n  order,\n  bump,\n  counter,\n} from "
                   "'./lib/net.js';\nimport * as net from './lib/net.js';\nimport './side.js';\n"
                   "order.push('main');\nbump();\n"
                   "const got = await twice(2); // a top-level await: the modules after it wait, as in ES modules\n"
                   "console.log(JSON.stringify({ order, one, got, counter, live: net.counter }));\n",
    })
    joined = bundle(tmp_path / "main.js", tmp_path)
    assert joined.modules == ("lib/net.js", "api.js", "side.js", "main.js")  # dependencies first, each once
    out = tmp_path / "out.mjs"
    out.write_text(joined.text, encoding="utf-8")
    run = subprocess.run([NODE, str(out)], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    # The order modules run in is the order ES modules run in; a namespace sees a later value (live binding),
    # a named import keeps the value it had when imported.
    assert run.stdout.strip() == ('{"order":["net","api","side","main"],"one":1,"got":["got 2","got 2"],'
                                  '"counter":0,"live":1}')


@pytest.mark.parametrize(("files", "said"), [
    ({"main.js": "import a from './a.js';\n", "a.js": "export const b = 1;\n"}, "a default import"),
    ({"main.js": "export default 1;\n"}, "export form"),
    ({"main.js": "const m = await import('./a.js');\n", "a.js": ""}, "dynamic import()"),
    ({"main.js": "console.log(import.meta.url);\n"}, "import.meta"),
    ({"main.js": "import { a } from './a.js';\n", "a.js": "import { m } from './main.js';\nexport const a = 1;\n"},
     "import cycle"),
    ({"main.js": "import { a } from 'lodash';\n"}, "only relative paths"),
    ({"main.js": "import { a } from '../../etc/passwd.js';\n"}, "not a module under"),
])
def test_what_the_bundler_does_not_handle_is_refused_by_name(tmp_path: Path, files: dict[str, str], said: str) -> None:
    write(tmp_path / "js", files)
    with pytest.raises(BundleError, match=re.escape(said)):
        bundle(tmp_path / "js" / "main.js", tmp_path / "js")


def test_the_tablet_bundle_holds_every_module_the_tablet_imports_once_dependencies_first() -> None:
    joined = bundle(STATIC / "js" / "tablet.js", STATIC / "js")
    assert {f"/static/js/{m}" for m in joined.modules} == imported(STATIC / "js" / "tablet.js")
    assert joined.modules[-1] == "tablet.js" and len(set(joined.modules)) == len(joined.modules)
    position = {m: i for i, m in enumerate(joined.modules)}
    for module in joined.modules:  # each after what it imports
        for spec in re.findall(r"""^import\s+(?:[^'";]+?\s+from\s+)?['"]([^'"]+)['"]""",
                               (STATIC / "js" / module).read_text(encoding="utf-8"), re.M):
            dependency = Path("/x", module).parent.joinpath(spec).resolve().relative_to("/x").as_posix()
            assert position[dependency] < position[module], (dependency, module)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("page", sorted(ENTRIES))
def test_every_pages_bundle_is_made_and_is_valid_javascript(tmp_path: Path, page: str) -> None:
    out = tmp_path / f"{page}.mjs"
    out.write_text(bundle(STATIC / "js" / ENTRIES[page], STATIC / "js").text, encoding="utf-8")
    check = subprocess.run([NODE, "--check", str(out)], capture_output=True, text=True, timeout=30)
    assert check.returncode == 0, check.stderr


@pytest.mark.parametrize("page", sorted(ENTRIES))
def test_each_page_loads_its_bundle_and_no_module_of_its_own(page: str) -> None:
    html = (STATIC / f"{page}.html").read_text(encoding="utf-8")
    # Every page, the tablet too (issue 28: its binding screen is drawn by tablet.html itself, no module of its own).
    assert re.findall(r'<script type="module" src="([^"]+)"', html) == [f"/bundle/{page}.js"]
    assert re.findall(r'rel="modulepreload" href="([^"]+)"', html) == [f"/bundle/{page}.js"]
    assert not re.findall(r'"(/static/js/[^"]+)"', html)


def test_the_comments_filling_their_lines_are_left_out_and_nothing_else() -> None:
    """Issue 28: a third of the tablet's gzipped bundle was comments. Strings, templates (nested too) and regular
    expressions that look like comments stay; a comment after code on its line stays."""
    source = (
        "const a = 1;\n"
        "  // a whole-line comment\n"
        "/** a doc block\n * over lines\n */\n"
        "const t = `x\n// not a comment: a template's line\n${ `y\n/* nor this */` }\n`;\n"
        "const r = /\\/\\/ not a comment/g, q = '// nor this', d = 4 / 2; // after code: stays\n"
        "const e = [/\\*/, `${a}`]; /* after code */\n"
    )
    assert uncommented(source) == (
        "const a = 1;\n"
        "const t = `x\n// not a comment: a template's line\n${ `y\n/* nor this */` }\n`;\n"
        "const r = /\\/\\/ not a comment/g, q = '// nor this', d = 4 / 2; // after code: stays\n"
        "const e = [/\\*/, `${a}`]; /* after code */\n"
    )


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_every_pages_bundle_without_its_comments_still_parses(tmp_path: Path) -> None:
    for page, entry in ENTRIES.items():
        joined = bundle(STATIC / "js" / entry, STATIC / "js").text
        assert "\n// " not in joined.split("\n", 1)[1]  # no comment line left (the file's first line says what it is)
        (tmp_path / f"{page}.mjs").write_text(joined, encoding="utf-8")
        checked = subprocess.run([NODE, "--check", str(tmp_path / f"{page}.mjs")], capture_output=True, text=True)
        assert checked.returncode == 0, (page, checked.stderr)
