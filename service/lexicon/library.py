"""Lexicons in the data folder: a word list read, compiled once and kept; a compiled one loaded.

``planilla lexicon load NAME FILE`` (``service/cli/lexicon.py``) reads the list (UTF-8, else
ISO-8859-1), compiles it for the tile set (``domain.lexicon``) and writes
``<data>/lexicons/NAME.lexicon`` whole or not at all (a temporary file renamed over the old one).
Loading reads that file back without rebuilding anything. ``shared_lexicon`` keeps each compiled
lexicon open once per process, shared by every caller and thread, and opens it again when its file
changes (a ``planilla lexicon load`` renames a new file over it: a new inode, size or mtime).
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
from pathlib import Path

from domain.errors import DomainError, msg
from domain.lexicon import Lexicon, LexiconFormatError, compile_lexicon
from domain.lexicon.dawg import MAGIC, read_header
from domain.tiles import TileSet

SUFFIX = ".lexicon"
NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")


class LexiconError(DomainError):
    """Raised when a lexicon cannot be named, read, compiled or found; the message says which and why."""


def folder(data: str | Path) -> Path:
    """Where a data folder keeps its compiled lexicons."""
    return Path(data) / "lexicons"


def check_name(name: str) -> str:
    """A lexicon's name: lower-case letters, digits, ``.``, ``_`` and ``-``, at most 64, starting with a letter or digit."""
    if not NAME.match(name):
        raise LexiconError(
            msg("service.lexicon_name_use_lower", name=name),
            code="bad_lexicon_name", field="name",
        )
    return name


def path_of(name: str, data: str | Path) -> Path:
    """The compiled file of lexicon ``name`` in ``data``."""
    return folder(data) / f"{check_name(name)}{SUFFIX}"


def read_word_list(path: str | Path) -> tuple[list[str], str]:
    """The lines of a word list (UTF-8, else ISO-8859-1) and the SHA-256 of its bytes."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise LexiconError(msg("service.cannot_read", path=path, value=error.strerror or error), code="unreadable_word_list",
                           field="file") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    return text.splitlines(), hashlib.sha256(raw).hexdigest()


def load_word_list(name: str, path: str | Path, tileset: TileSet, data: str | Path, *,
                   official: bool = False) -> Lexicon:
    """Read, compile and keep a word list as lexicon ``name`` in ``data``; returns the compiled lexicon."""
    target = path_of(name, data)
    lines, digest = read_word_list(path)
    lexicon = compile_lexicon(name, lines, tileset, source=Path(path).name, sha256=digest, official=official)
    if lexicon.words == 0:
        raise LexiconError(msg("service.no_entry_can_written", path=path, name=tileset.name), code="empty_lexicon",
                           field="file")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(lexicon.to_bytes())
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return lexicon


def _unknown(name: str, data: str | Path) -> LexiconError:
    known = ", ".join(available(data)) or "none"
    return LexiconError(msg("service.no_lexicon_loaded_load", name=name, folder=folder(data), known=known), code="unknown_lexicon", field="name")


def _from_bytes(path: Path, raw: bytes) -> Lexicon:
    try:
        return Lexicon.from_bytes(raw)
    except (LexiconFormatError, KeyError, ValueError) as error:
        raise LexiconError(msg("service.damaged_lexicon_refused", path=path, error=error), code="damaged_lexicon", field="name") from None


def open_lexicon(name: str, data: str | Path) -> Lexicon:
    """The compiled lexicon ``name`` from ``data``, read from its file now (``shared_lexicon`` keeps it open)."""
    path = path_of(name, data)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise _unknown(name, data) from None
    return _from_bytes(path, raw)


class LexiconShelf:
    """Compiled lexicons opened once and shared: one per file, kept while the file stays the same.

    A file is the same while its device, inode, size and modification time are (``planilla lexicon load``
    writes a temporary file and renames it over the old one, so a new list is always a new inode); a
    changed file is read again on the next call, a removed one forgotten. One lock: a file is read once
    even when several threads ask for it at the same moment.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, tuple[tuple[int, int, int, int], Lexicon]] = {}

    def get(self, name: str, data: str | Path) -> Lexicon:
        """The compiled lexicon ``name`` in ``data``, opened once while its file does not change."""
        path = path_of(name, data)
        key = os.path.abspath(path)
        with self._lock:
            try:
                with open(path, "rb") as f:
                    st = os.fstat(f.fileno())
                    stamp = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
                    kept = self._open.get(key)
                    if kept is not None and kept[0] == stamp:
                        return kept[1]
                    raw = f.read()
            except FileNotFoundError:
                self._open.pop(key, None)
                raise _unknown(name, data) from None
            self._open.pop(key, None)  # the old graph goes before the new one is built
            lexicon = _from_bytes(path, raw)
            self._open[key] = (stamp, lexicon)
            return lexicon

    def clear(self) -> None:
        """Forget every open lexicon."""
        with self._lock:
            self._open.clear()


#: The process's shelf: what the service's computed master reads.
SHELF = LexiconShelf()


def shared_lexicon(name: str, data: str | Path) -> Lexicon:
    """The compiled lexicon ``name`` in ``data``, opened once per process and shared (``LexiconShelf``)."""
    return SHELF.get(name, data)


def describe(name: str, data: str | Path) -> dict:
    """What the header of compiled lexicon ``name`` says, read without the graph: name, tile set, whether it was
    declared official, the SHA-256 of the list it was compiled from, its source file and how many words."""
    path = path_of(name, data)
    head = b""
    try:
        with open(path, "rb") as f:
            while b"\n" not in head[len(MAGIC):]:
                chunk = f.read(4096)
                if not chunk:
                    break
                head += chunk
    except FileNotFoundError:
        raise _unknown(name, data) from None
    try:
        header, _ = read_header(head)
    except LexiconFormatError as error:
        raise LexiconError(f"{path}: {error}", code="damaged_lexicon", field="name") from None
    return {"name": name, "tileset": header.get("tileset", ""), "official": bool(header.get("official")),
            "sha256": header.get("sha256", ""), "source": header.get("source", ""), "words": header.get("words", 0)}


def catalogue(data: str | Path | None) -> list[dict]:
    """Every lexicon compiled in ``data`` as ``describe`` gives it, by name; a damaged file is left out (it is
    named when used)."""
    if data is None:
        return []
    found = []
    for name in available(data):
        try:
            found.append(describe(name, data))
        except LexiconError:
            continue
    return found


def available(data: str | Path) -> list[str]:
    """The names of the lexicons compiled in ``data``, sorted."""
    where = folder(data)
    if not where.is_dir():
        return []
    return sorted(p.name[: -len(SUFFIX)] for p in where.glob(f"*{SUFFIX}") if NAME.match(p.name[: -len(SUFFIX)]))
