"""The house plan (issue 24): ``service/`` by the nouns of ``domain/``, imports pointing inward only.

Layers, lowest first: ``domain`` < ``projections`` < the root of ``service`` (what every context shares)
< the contexts (``service.game``, ``service.tournament``, ``service.duplicate``, ``service.lexicon``,
``service.trust``, ``service.hall``, ``service.gcg``, ``service.federation``, and ``pages``) < ``service.access``
< ``service.api`` and ``service.cli``. Every import counts: at module level, inside functions and under
``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("service", "projections", "pages")
CONTEXTS = {"service.game", "service.tournament", "service.duplicate", "service.lexicon", "service.trust",
            "service.hall", "service.gcg", "service.federation", "pages"}


def layer(package: str) -> int:
    """The layer of a package (its rank: an import may point only to the same rank or lower)."""
    if package == "domain" or package.startswith("domain."):
        return 0
    if package == "projections":
        return 1
    if package == "service":
        return 2
    if package in CONTEXTS:
        return 3
    if package == "service.access":
        return 4
    if package.startswith("service.api") or package == "service.cli":
        return 5
    raise AssertionError(f"{package} has no layer: add it to the house plan")


@cache
def modules() -> dict[str, Path]:
    found = {}
    for tree in TREES:
        for path in (ROOT / tree).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if "tests" in rel.parts or "static" in rel.parts:
                continue
            parts = list(rel.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def packages() -> set[str]:
    return {name for name, path in modules().items() if path.name == "__init__.py"}


def owner(module: str) -> str:
    """The package a module belongs to (a package owns itself); all of ``domain`` counts as one."""
    if module.split(".")[0] == "domain":
        return "domain"
    return module if module in packages() else module.rpartition(".")[0]


@cache
def imports_of(module: str) -> frozenset[str]:
    """Every project module ``module`` imports, wherever the import statement stands."""
    found = set()
    for node in ast.walk(ast.parse(modules()[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{module}: relative import"
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in modules() else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return frozenset(n for n in found if n != module and (n in modules() or n.split(".")[0] == "domain"))


def graph_of_modules() -> dict[str, set[str]]:
    return {m: {d for d in imports_of(m) if d in modules()} for m in modules()}


def graph_of_packages() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module in modules():
        for dep in imports_of(module):
            if owner(dep) != owner(module):
                graph.setdefault(owner(module), set()).add(owner(dep))
    return graph


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each a loop of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def declared(package: str) -> set[str]:
    """The packages named on the ``May import:`` line of the package's docstring."""
    doc = ast.get_docstring(ast.parse(modules()[package].read_text(encoding="utf-8"))) or ""
    match = re.search(r"May import:(.*)", doc, re.S)
    assert match, f"{package}/__init__.py: no 'May import:' line"
    return {name.strip() for name in match.group(1).replace("\n", " ").split(",") if name.strip()}


def test_loops_are_found():
    """The loop finder itself: a 3-cycle and a 2-cycle found, a chain not."""
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}) == [
        ["a", "b", "c"], ["d", "e"]]
    assert loops({"a": {"b"}, "b": {"c"}}) == []


def test_no_import_loop_between_modules():
    assert loops(graph_of_modules()) == []


def test_no_import_loop_between_packages():
    assert loops(graph_of_packages()) == []


def test_no_import_points_up_a_layer():
    upward = [(package, dep) for package, deps in graph_of_packages().items() for dep in deps
              if layer(dep) > layer(package)]
    assert upward == []


def test_each_package_imports_only_what_its_docstring_declares():
    graph = graph_of_packages()
    for package in sorted(packages() - {"pages"}):
        allowed = declared(package)
        assert allowed <= packages() | {"domain"}, f"{package}: declares unknown {allowed - packages()}"
        assert all(layer(a) <= layer(package) for a in allowed), f"{package} declares a higher layer"
        assert graph.get(package, set()) <= allowed, f"{package} imports {graph[package] - allowed} undeclared"


def test_package_initialisers_hold_a_docstring_and_nothing_else():
    """An eager import in ``__init__`` would slow every command that touches the package."""
    for package in sorted(packages() - {"pages"}):
        tree = ast.parse(modules()[package].read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{package}: no docstring"
        assert len(tree.body) == 1, f"{package}/__init__.py holds more than its docstring"


def test_few_modules_at_the_service_root_and_in_the_api_root():
    def count(folder: str) -> int:
        return len([p for p in (ROOT / folder).glob("*.py") if p.name != "__init__.py"])

    assert count("service") <= 6
    assert count("service/api") <= 12


def test_stored_access_classes_keep_their_modules():
    """Their topics are stored: ``service.access.tokens``, ``seat_codes`` and ``idempotency`` never move."""
    for name in ("tokens", "seat_codes", "idempotency"):
        assert (ROOT / "service" / "access" / f"{name}.py").exists()
