"""Slow or unfinished requests are answered 408 and closed (issue 13 item 19), on a live uvicorn server.

The server is the one ``planilla serve`` configures (``service.api.serve.uvicorn_config``), with the
deadlines shortened so that each slowloris-style client on loopback is bounded to a few seconds.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from service.api.app import create_app
from service.api.config import ServiceSettings
from service.api.serve import uvicorn_config
from service.api.middleware.timeouts import BODY_TIMEOUT, HEADER_TIMEOUT, GuardedHttpToolsProtocol
from tests.api.live_server import running

HEADERS, BODY = 0.6, 1.2


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    with running(create_app(ServiceSettings(store="memory")), header_timeout=HEADERS, body_timeout=BODY) as address:
        yield address


def trickle(address: tuple[str, int], first: bytes, drip: bytes, every: float, limit: float) -> tuple[bytes, float]:
    """Send ``first``, then ``drip`` every ``every`` seconds until the server closes; what it answered and when."""
    started = time.monotonic()
    conn = socket.create_connection(address, timeout=limit)
    conn.settimeout(every)
    received = b""
    try:
        conn.sendall(first)
        while time.monotonic() - started < limit:
            try:
                chunk = conn.recv(65536)
            except socket.timeout:
                try:
                    conn.sendall(drip)
                except OSError:
                    break
                continue
            except OSError:
                break
            if not chunk:
                break
            received += chunk
    finally:
        conn.close()
    return received, time.monotonic() - started


def test_headers_sent_a_byte_at_a_time_are_answered_408_within_the_header_timeout(address):
    answer, took = trickle(address, b"GET /health HTTP/1.1\r\nHost: x\r\n", b"X", 0.1, limit=10)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b'"code": "request_timeout"' in answer and b"headers" in answer
    assert HEADERS - 0.1 <= took < HEADERS + 2


def test_a_body_sent_a_byte_at_a_time_is_answered_408_within_the_body_timeout(address):
    head = (b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Authorization: Bearer nobody\r\nContent-Length: 400\r\n\r\n{")
    answer, took = trickle(address, head, b" ", 0.1, limit=10)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert BODY - 0.1 <= took < BODY + 2


def test_a_command_body_that_never_ends_is_answered_408(address):
    head = (b"POST /v1/games/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/commands HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 300\r\n\r\n{\"type\": ")
    answer, took = trickle(address, head, b" ", 0.1, limit=10)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b"body" in answer and BODY - 0.1 <= took < BODY + 2


def test_a_connection_that_sends_nothing_is_closed(address):
    answer, took = trickle(address, b"", b"", 5, limit=10)
    assert answer == b"" and took < HEADERS + 2


def test_a_slow_but_timely_request_is_answered_and_the_connection_kept(address):
    """No false alarm: headers in pieces within the bound, then a second request on the same connection."""
    conn = socket.create_connection(address, timeout=5)
    try:
        for piece in (b"GET /health HTTP/1.1\r\n", b"Host: x\r\n", b"\r\n"):
            conn.sendall(piece)
            time.sleep(HEADERS / 4)
        first = conn.recv(65536)
        assert first.startswith(b"HTTP/1.1 200 "), first
        time.sleep(HEADERS / 2)
        conn.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert conn.recv(65536).startswith(b"HTTP/1.1 200 ")
    finally:
        conn.close()


def test_planilla_serve_runs_with_the_guard_and_its_documented_deadlines():
    config = uvicorn_config(create_app(ServiceSettings(store="memory")))
    assert issubclass(config.http, GuardedHttpToolsProtocol)
    assert (config.http.header_timeout, config.http.body_timeout) == (HEADER_TIMEOUT, BODY_TIMEOUT)
