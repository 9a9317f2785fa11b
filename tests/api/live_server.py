"""The app on a live uvicorn server on loopback (in a thread), configured as ``planilla serve`` configures it."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from service.api.serve import uvicorn_config


@contextmanager
def running(app: Any, **options: Any) -> Iterator[tuple[str, int]]:
    """Serve ``app`` (options for ``uvicorn_config``) until the block ends; yields the address."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn_config(app, **{"access_log": False, "log_level": "warning", **options}))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield sock.getsockname()
    finally:
        server.should_exit = True
        thread.join(10)


def exchange(conn: socket.socket, request: bytes) -> tuple[int, bytes]:
    """Send one HTTP/1.1 request on an open connection and read one response: its status and body."""
    conn.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a response: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            raise ConnectionError("closed in the middle of a response")
        body += chunk
    return int(head.split(b" ", 2)[1]), body
