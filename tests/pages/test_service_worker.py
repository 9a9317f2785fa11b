"""``/sw.js``: the service worker with the app shell's list written in; ``/static`` gzipped, the API not."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from pages import STATIC
from pages.bundle import ENTRIES
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.api.routes import pages


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServiceSettings(store="memory"))) as c:
        yield c


def shell_of(source: str) -> list[str]:
    found = re.search(r"^const SHELL = (\[.*\]);$", source, re.M)
    assert found, "the route wrote no SHELL list"
    return json.loads(found.group(1))


def test_the_worker_is_served_at_the_root_with_every_page_and_static_file_in_its_shell(client: TestClient) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"  # the browser checks for a new worker on every visit
    shell = shell_of(r.text)
    files = {f"/static/{p.relative_to(STATIC).as_posix()}" for p in STATIC.rglob("*") if p.is_file()} - {"/static/sw.js"}
    files = {f for f in files if not (f.startswith("/static/js/") and f.endswith(".js"))}  # in the bundles
    bundles = {f"/bundle/{name}.js" for name in ENTRIES}  # a page's modules joined (pages/bundle.py)
    assert set(shell) == {"/", *(f"/{name}" for name in pages.PAGES), *bundles, *files}
    assert not any(path.startswith("/v1") for path in shell)
    assert re.search(r"^const VERSION = '[0-9a-f]{16}';$", r.text, re.M)
    for path in shell:
        assert client.get(path).status_code == 200, path  # install fails whole if one is missing


def test_a_changed_static_file_makes_a_new_worker(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # noqa: ANN001
    for name in ("sw.js", "index.html"):
        (tmp_path / name).write_bytes((STATIC / name).read_bytes())
    monkeypatch.setattr(pages, "STATIC", tmp_path)
    monkeypatch.setattr(pages, "WORKER", tmp_path / "sw.js")
    before = pages.worker_source()
    (tmp_path / "index.html").write_text("<!doctype html><title>new</title>")
    after = pages.worker_source()
    assert before != after and shell_of(before) == shell_of(after)


def test_static_files_are_gzipped_and_the_api_answers_are_not(client: TestClient) -> None:
    js = client.get("/static/js/outbox.js", headers={"Accept-Encoding": "gzip"})
    assert js.status_code == 200 and js.headers.get("content-encoding") == "gzip"
    contract = client.get("/openapi.json", headers={"Accept-Encoding": "gzip"})  # large, outside the mount
    assert contract.status_code == 200 and len(contract.content) > 10_000
    assert "content-encoding" not in contract.headers
