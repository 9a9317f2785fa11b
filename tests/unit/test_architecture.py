"""The design card's boundaries: domain/ is pure Python, with no I/O, framework, environment or clock."""

import ast
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
FORBIDDEN_MODULES = {
    "fastapi", "starlette", "sqlmodel", "sqlalchemy", "pydantic", "httpx", "uvicorn", "typer", "rich",
    "alembic", "psycopg", "service", "projections", "os", "io", "pathlib", "socket", "subprocess",
    "sqlite3", "requests", "shutil", "tempfile",
}
FORBIDDEN_CALLS = {"open", "print", "input"}


def domain_modules():
    files = sorted(DOMAIN.rglob("*.py"))
    assert files, "domain/ should hold the engine"
    return files


def test_domain_imports_no_framework_or_io_module():
    """domain/ imports only the standard library's pure parts and eventsourcing.domain."""
    for path in domain_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
                if top == "eventsourcing":
                    assert name.startswith("eventsourcing.domain") or name == "eventsourcing.utils", name


def test_domain_does_no_io_and_reads_no_clock():
    """No open()/print()/input(), no datetime.now() or time.time() inside the domain."""
    for path in domain_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                fn = node.func
                if isinstance(fn, ast.Name):
                    assert fn.id not in FORBIDDEN_CALLS, f"{path.name}:{node.lineno} calls {fn.id}()"
                if isinstance(fn, ast.Attribute):
                    assert fn.attr not in {"now", "utcnow", "today", "time"} or not isinstance(fn.value, ast.Name) \
                        or fn.value.id not in {"datetime", "time", "date"}, f"{path.name}:{node.lineno} reads the clock"
