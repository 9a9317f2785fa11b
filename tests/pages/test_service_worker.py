"""``/sw.js``: the service worker with the app shell's list written in; ``/static`` gzipped, the API not."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from tests.testclient import TestClient

from pages import STATIC
from pages.bundle import ENTRIES
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.api.routes import pages


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServiceSettings(store="memory"))) as c:
        yield c


def shells_of(source: str) -> dict[str, list[str]]:
    found = re.search(r"^const SHELLS = (\{.*\});$", source, re.M)
    assert found, "the route wrote no SHELLS"
    return json.loads(found.group(1))


def test_the_worker_is_served_at_the_root_with_each_pages_own_shell(client: TestClient) -> None:
    """Issue 28: a page's shell is its own (the page, its styles, its bundle, the catalogues), never every page's."""
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"  # the browser checks for a new worker on every visit
    shells = shells_of(r.text)
    assert set(shells) == {"/", *(f"/{name}" for name in pages.PAGES)}
    catalogues = [f"/static/i18n/tablet/{lang}.json" for lang in ("ca", "en", "es")]  # its own (pages/catalogues.py)
    assert shells["/tablet"] == ["/tablet", "/bundle/tablet.js", "/static/css/base.css", "/static/css/tablet.css",
                                 *catalogues]  # the binding screen is in the page itself (issue 28), offline too
    assert shells["/console"][-3:] == [f"/static/i18n/{lang}.json" for lang in ("ca", "en", "es")]  # every page's
    for page, shell in shells.items():
        bundles = [path for path in shell if path.startswith("/bundle/")]
        assert bundles == [f"/bundle/{'index' if page == '/' else page[1:]}.js"], (page, bundles)
        assert set(shell) <= {page, *bundles, *(f"/static/{p.relative_to(STATIC).as_posix()}" for p in STATIC.rglob("*"))}
        assert not any(path.startswith("/v1") for path in shell)
    assert {f"/bundle/{name}.js" for name in ENTRIES} <= {p for shell in shells.values() for p in shell}
    assert re.search(r"^const VERSION = '[0-9a-f]{16}';$", r.text, re.M)
    for path in {p for shell in shells.values() for p in shell}:
        assert client.get(path).status_code == 200, path  # install fails whole if one is missing


def test_the_site_has_an_icon(client: TestClient) -> None:
    """Browsers ask for /favicon.ico on every page: an icon, not a 404 in the console."""
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/x-icon"
    assert r.content[:4] == b"\0\0\1\0"  # an ICO header


def test_a_changed_static_file_makes_a_new_worker(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # noqa: ANN001
    (tmp_path / "i18n").mkdir()
    for path in [STATIC / "sw.js", *STATIC.glob("*.html"), *STATIC.glob("i18n/*.json")]:
        (tmp_path / path.relative_to(STATIC)).write_bytes(path.read_bytes())
    monkeypatch.setattr(pages, "STATIC", tmp_path)
    monkeypatch.setattr(pages, "WORKER", tmp_path / "sw.js")
    before = pages.worker_source()
    (tmp_path / "i18n" / "es.json").write_text((STATIC / "i18n" / "es.json").read_text(encoding="utf-8") + "\n")
    after = pages.worker_source()
    assert before != after and shells_of(before) == shells_of(after)


def test_static_files_are_gzipped_and_the_api_answers_are_not(client: TestClient) -> None:
    js = client.get("/static/js/outbox.js", headers={"Accept-Encoding": "gzip"})
    assert js.status_code == 200 and js.headers.get("content-encoding") == "gzip"
    contract = client.get("/openapi.json", headers={"Accept-Encoding": "gzip"})  # large, outside the mount
    assert contract.status_code == 200 and len(contract.content) > 10_000
    assert "content-encoding" not in contract.headers


def test_a_pages_html_is_gzipped_where_taken_and_revalidated_by_its_etag(client: TestClient) -> None:
    """Issue 28: the tablet's HTML carries its binding screen (14 KB); gzipped it is what a first use waits for."""
    source = (STATIC / "tablet.html").read_bytes()
    packed = client.get("/tablet", headers={"Accept-Encoding": "gzip"})
    assert packed.status_code == 200 and packed.headers["content-encoding"] == "gzip"
    assert packed.content == source  # the client decodes it
    assert int(packed.headers["content-length"]) < len(source) / 2
    assert packed.headers["content-type"].startswith("text/html") and packed.headers["cache-control"] == "no-cache"
    plain = client.get("/tablet", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == source
    again = client.get("/tablet", headers={"If-None-Match": packed.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/console").headers["etag"] != packed.headers["etag"]
    assert client.get("/nothing-here").status_code == 404
