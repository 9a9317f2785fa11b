"""The lexicon kept open (``service.lexicon.library.shared_lexicon``): opened once per process and shared,
opened again when ``planilla lexicon load`` replaces its file, forgotten when the file goes.

docs/lexicon.md ("Which lists, and what their verdicts are worth"): whatever records a ruling or a master
made with a lexicon records the lexicon's name and its source's SHA-256; a list replaced under the same name
must therefore give verdicts, and digests, of the new list from the next call on.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import pytest

from domain.lexicon import Lexicon
from domain.tiles import SPANISH
from service.lexicon.library import LexiconError, LexiconShelf, load_word_list, path_of


def write_list(path: Path, words: list[str]) -> str:
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def reads(monkeypatch) -> list[int]:
    """How many times a compiled lexicon was read from bytes."""
    count = [0]
    original = Lexicon.from_bytes.__func__

    def counted(cls, data):
        count[0] += 1
        return original(cls, data)

    monkeypatch.setattr(Lexicon, "from_bytes", classmethod(counted))
    return count


def test_a_lexicon_is_opened_once_and_shared(tmp_path: Path, reads: list[int]):
    write_list(tmp_path / "a.txt", ["casa", "caso"])
    load_word_list("es-x", tmp_path / "a.txt", SPANISH, tmp_path / "data")
    shelf = LexiconShelf()
    first = shelf.get("es-x", tmp_path / "data")
    assert all(shelf.get("es-x", tmp_path / "data") is first for _ in range(5))
    assert reads[0] == 1


def test_threads_asking_at_once_read_the_file_once(tmp_path: Path, reads: list[int]):
    write_list(tmp_path / "a.txt", ["casa", "caso"])
    load_word_list("es-x", tmp_path / "a.txt", SPANISH, tmp_path / "data")
    shelf, got = LexiconShelf(), []
    threads = [threading.Thread(target=lambda: got.append(shelf.get("es-x", tmp_path / "data"))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert reads[0] == 1 and len(got) == 8 and all(g is got[0] for g in got)


def test_a_list_loaded_again_under_the_same_name_is_read_again_with_its_digest(tmp_path: Path):
    data = tmp_path / "data"
    digest_a = write_list(tmp_path / "a.txt", ["casa", "caso"])
    load_word_list("es-x", tmp_path / "a.txt", SPANISH, data)
    shelf = LexiconShelf()
    a = shelf.get("es-x", data)
    assert a.sha256 == digest_a and "caro" not in a
    digest_b = write_list(tmp_path / "b.txt", ["casa", "caso", "caro"])
    load_word_list("es-x", tmp_path / "b.txt", SPANISH, data)  # what `planilla lexicon load` does
    b = shelf.get("es-x", data)
    assert b is not a and b.sha256 == digest_b and "caro" in b
    assert shelf.get("es-x", data) is b


def test_a_removed_lexicon_is_forgotten_and_named_unknown(tmp_path: Path):
    data = tmp_path / "data"
    write_list(tmp_path / "a.txt", ["casa", "caso"])
    load_word_list("es-x", tmp_path / "a.txt", SPANISH, data)
    shelf = LexiconShelf()
    shelf.get("es-x", data)
    path_of("es-x", data).unlink()
    with pytest.raises(LexiconError) as refused:
        shelf.get("es-x", data)
    assert refused.value.code == "unknown_lexicon" and refused.value.field == "name"


def test_a_damaged_file_is_refused_naming_it(tmp_path: Path):
    data = tmp_path / "data"
    path_of("es-x", data).parent.mkdir(parents=True)
    path_of("es-x", data).write_bytes(b"not a lexicon")
    with pytest.raises(LexiconError) as refused:
        LexiconShelf().get("es-x", data)
    assert refused.value.code == "damaged_lexicon" and "es-x.lexicon" in refused.value.message
