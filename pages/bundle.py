"""One file for a page's ES modules, made by the server from the modules themselves (issue 14, cold load).

A browser asks a hall server for at most six files at a time over HTTP/1.1: the tablet's eighteen
modules cost four round trips on a slow hall network before the page can run. ``bundle`` joins the
modules an entry imports, in the order they would run, into one module script:

    const __m = {};
    __m["api.js"] = await (async () => { const net = __m["net.js"]; ...the module's text...
      return { get readState() { return readState; }, ... }; })();

Each module keeps its own scope (an async function, awaited before the next: a top-level ``await`` waits
as it would in a module of its own), its imports read the namespace objects of modules already run, and
its exports are getters (so a value set after the import is seen, as with live bindings). The comments that
fill their lines are left out (``uncommented``: a third of the gzipped bundle).
It knows the subset of module syntax the pages use, and refuses anything else by name rather than
guess: static imports of relative ``.js`` paths (named, renamed, namespace, bare), and exports of
declarations (``function``, ``async function``, ``class``, ``const``/``let``, a destructured
``const {…} =``) or lists (``export {a, b as c}``). No default export, no ``import()``, no
``import.meta``, no cycle. The modules stay as they are: node's tests import them one by one.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

IMPORT = re.compile(r"""^import\s+(?:(?P<what>[^'";]+?)\s+from\s+)?['"](?P<path>[^'"]+)['"]\s*;?[ \t]*$""",
                    re.MULTILINE)
EXPORT_DECLARATION = re.compile(
    r"^export\s+(?P<kind>async\s+function\s*\*?|function\s*\*?|class|const|let|var)\s+(?P<name>[A-Za-z_$][\w$]*)",
    re.MULTILINE)
EXPORT_DESTRUCTURED = re.compile(r"^export\s+(?:const|let|var)\s+\{(?P<names>[^}]*)\}\s*=", re.MULTILINE)
EXPORT_LIST = re.compile(r"^export\s*\{(?P<names>[^}]*)\}\s*;?[ \t]*$", re.MULTILINE)
ANY_EXPORT = re.compile(r"^export\b.*$", re.MULTILINE)
FORBIDDEN = (("import(", "a dynamic import()"), ("import.meta", "import.meta"))
NAME = re.compile(r"^[A-Za-z_$][\w$]*$")
#: The pages whose HTML loads ``/bundle/<page>.js``, and each one's entry module under ``static/js``.
ENTRIES = {"tablet": "tablet.js", "slip": "slip.js", "judge": "judge.js", "ranking": "ranking.js",
           "console": "console.js", "replay": "replay.js", "audit": "audit.js", "verify": "verifier.js",
           "standings": "standings.js", "rounds": "rounds.js", "director": "director.js", "board": "board_page.js", "wall": "wall.js",
           "seats": "seat_sheet.js", "index": "landing.js"}


class BundleError(ValueError):
    """Raised when a module uses syntax the bundler does not handle (it names the module, line and form)."""


@dataclass(frozen=True)
class Bundle:
    """The joined text, the modules it holds (in the order they run) and a digest of their contents."""

    text: str
    modules: tuple[str, ...]
    digest: str


def bundle(entry: Path, root: Path) -> Bundle:
    """Every module ``entry`` imports (paths under ``root``), each once, dependencies first, as one module."""
    order: list[str] = []
    texts: dict[str, str] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in texts:
            return
        if name in visiting:
            raise BundleError(f"{name}: an import cycle ({' -> '.join([*visiting, name])})")
        path = (root / name).resolve()
        if root.resolve() not in path.parents or not path.is_file():
            raise BundleError(f"{visiting[-1] if visiting else name}: imports {name}, not a module under {root}")
        text = path.read_text(encoding="utf-8")
        visiting.append(name)
        for found in IMPORT.finditer(text):
            visit(_target(name, found.group("path")))
        visiting.pop()
        texts[name] = text
        order.append(name)

    visit(entry.resolve().relative_to(root.resolve()).as_posix())
    digest = hashlib.sha256()
    parts = ["// One file for the page's modules, made by the server from them (pages/bundle.py).",
             "const __m = Object.create(null);"]
    for name in order:
        digest.update(name.encode() + b"\0" + texts[name].encode())
        parts.append(uncommented(wrap(name, texts[name])))  # the comments stay in the modules, not on the wire
    return Bundle("\n".join(parts) + "\n", tuple(order), digest.hexdigest()[:16])


def _target(importer: str, spec: str) -> str:
    if not spec.startswith(("./", "../")) or not spec.endswith(".js"):
        raise BundleError(f"{importer}: imports {spec!r}; only relative paths to .js modules are joined")
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))


def wrap(name: str, text: str) -> str:
    """One module as a function that runs it once and returns its exports as getters."""
    for needle, what in FORBIDDEN:
        if needle in text:
            raise BundleError(f"{name}: uses {what}, which the bundler does not handle")
    exported: dict[str, str] = {}  # exported name -> local name

    def line_of(position: int) -> int:
        return text.count("\n", 0, position) + 1

    def imported(found: re.Match[str]) -> str:
        target = _target(name, found.group("path"))
        what = (found.group("what") or "").strip()
        module = f"__m[{target!r}]".replace("'", '"')
        if not what:
            return ""  # a module run for what it does: it ran before this one
        if what.startswith("* as "):
            local = what[5:].strip()
            if not NAME.match(local):
                raise BundleError(f"{name}:{line_of(found.start())}: import {what!r} not understood")
            return f"const {local} = {module};"
        if what.startswith("{") and what.endswith("}"):
            pairs = []
            for item in filter(None, (x.strip() for x in what[1:-1].split(","))):
                source, _, local = (part.strip() for part in item.partition(" as "))
                local = local or source
                if not (NAME.match(source) and NAME.match(local)):
                    raise BundleError(f"{name}:{line_of(found.start())}: import {item!r} not understood")
                pairs.append(source if source == local else f"{source}: {local}")
            return f"const {{ {', '.join(pairs)} }} = {module};"
        raise BundleError(f"{name}:{line_of(found.start())}: import {what!r} (a default import?) is not handled")

    body = IMPORT.sub(imported, text)

    def declaration(found: re.Match[str]) -> str:
        exported[found.group("name")] = found.group("name")
        return found.group(0)[len("export"):].lstrip()

    def destructured(found: re.Match[str]) -> str:
        for item in filter(None, (x.strip() for x in found.group("names").split(","))):
            source, _, local = (part.strip() for part in item.partition(":"))
            local = local or source
            if not NAME.match(local):
                raise BundleError(f"{name}: export {{{item}}} not understood")
            exported[local] = local
        return found.group(0)[len("export"):].lstrip()

    def listed(found: re.Match[str]) -> str:
        for item in filter(None, (x.strip() for x in found.group("names").split(","))):
            local, _, public = (part.strip() for part in item.partition(" as "))
            exported[public or local] = local
        return ""

    body = EXPORT_DESTRUCTURED.sub(destructured, body)
    body = EXPORT_DECLARATION.sub(declaration, body)
    body = EXPORT_LIST.sub(listed, body)
    left = ANY_EXPORT.search(body)
    if left:
        raise BundleError(f"{name}: {left.group(0).strip()!r} is an export form the bundler does not handle")
    getters = ", ".join(f"get {public}() {{ return {local}; }}" for public, local in exported.items())
    return f'__m["{name}"] = await (async () => {{\n{body}\nreturn Object.freeze({{ {getters} }});\n}})();'


KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield",
                         "await", "instanceof"}


def uncommented(text: str) -> str:
    """``text`` without the comments that fill their lines (``// …`` lines, ``/* … */`` blocks alone on theirs):
    a third of the tablet's gzipped bundle is its comments (issue 28: 52 KB to 36 KB on a hall's slow Wi-Fi). A
    scanner of the module's strings, templates (``${…}`` nested), regular expressions and comments decides what is
    a comment; a comment sharing its line with code stays, and so does everything else, byte for byte."""
    out: list[str] = []
    i, n = 0, len(text)
    stack: list[int] = []  # inside a template's ${…}: the brace depth there, one entry per template level
    last = ""  # the last significant code token's end (a character or a word): a regex or a division after it
    kept_from = 0  # text[kept_from:i] not yet copied to out

    def alone_before(at: int) -> bool:
        return text[text.rfind("\n", 0, at) + 1:at].strip() == ""

    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end == -1 else end
            if alone_before(i):
                start = text.rfind("\n", 0, i) + 1
                out.append(text[kept_from:start])
                kept_from = min(end + 1, n)
            i = end
            continue
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end == -1 else end + 2
            after = text.find("\n", end)
            after = n if after == -1 else after
            if alone_before(i) and text[end:after].strip() == "":
                start = text.rfind("\n", 0, i) + 1
                out.append(text[kept_from:start])
                kept_from = min(after + 1, n)
            i = end
            continue
        if c in "'\"":
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
            last = c
            continue
        if c == "`" or (c == "}" and stack and stack[-1] == 0):
            if c == "}":
                stack.pop()
            i += 1
            while i < n and text[i] != "`":  # a template's text up to its end or its next ${
                if text[i] == "\\":
                    i += 2
                    continue
                if text.startswith("${", i):
                    stack.append(0)
                    i += 2
                    break
                i += 1
            else:
                i += 1  # the closing backtick
                last = "`"
            continue
        if c == "/":
            if last == "" or last in "(,=:[!&|?{};+-*%<>~^" or last in KEYWORDS_BEFORE_REGEX:  # a regular expression
                i += 1
                in_class = False
                while i < n and text[i] != "\n":
                    if text[i] == "\\":
                        i += 2
                        continue
                    if text[i] == "[":
                        in_class = True
                    elif text[i] == "]":
                        in_class = False
                    elif text[i] == "/" and not in_class:
                        break
                    i += 1
                i += 1
                last = "/x"
                continue
            last = "/"
            i += 1
            continue
        if c in "{}" and stack:
            stack[-1] += 1 if c == "{" else -1
        if c.isalnum() or c in "_$":
            j = i
            while j < n and (text[j].isalnum() or text[j] in "_$"):
                j += 1
            last = text[i:j]
            i = j
            continue
        if not c.isspace():
            last = c
        i += 1
    out.append(text[kept_from:])
    return "".join(out)
