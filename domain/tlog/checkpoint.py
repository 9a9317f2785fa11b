"""C2SP checkpoints (c2sp.org/tlog-checkpoint): the note text of a log's tree head.

Origin line, tree size (decimal, no leading zero), base64 root hash, then optional non-empty extension
lines, each ending with a newline.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from domain.tlog.merkle import EMPTY
from domain.tlog.note import NoteError, b64decode


class CheckpointError(NoteError):
    """A checkpoint body that breaks tlog-checkpoint's "Note text"."""


class EmptyRootError(CheckpointError):
    """A checkpoint of size 0 whose root is not the empty tree's (tlog-witness answers 422)."""


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root: bytes
    extensions: tuple[str, ...] = ()

    def body(self) -> str:
        lines = [self.origin, str(self.size), base64.b64encode(self.root).decode(), *self.extensions]
        return "".join(line + "\n" for line in lines)

    @classmethod
    def parse(cls, text: str) -> "Checkpoint":
        if not text.endswith("\n"):
            raise CheckpointError("a checkpoint's lines each end with a newline (tlog-checkpoint, Note text)")
        lines = text[:-1].split("\n")
        if len(lines) < 3 or any(not line for line in lines):
            raise CheckpointError("a checkpoint is at least three non-empty lines: origin, size, root hash "
                                  "(tlog-checkpoint, Note text)")
        origin, size_text, root_text, *extensions = lines
        if not size_text.isascii() or not size_text.isdigit() or (size_text != "0" and size_text.startswith("0")):
            raise CheckpointError(f"tree size {size_text!r}: a decimal without leading zeroes "
                                  "(tlog-checkpoint, Note text 2)")
        root = b64decode(root_text, "root hash")
        if len(root) != 32:
            raise CheckpointError("root hash: a SHA-256 hash is 32 bytes (tlog-checkpoint, Note text 3)")
        size = int(size_text)
        if size == 0 and root != EMPTY:
            raise EmptyRootError("an empty tree's root is the hash of the empty string (RFC 6962 §2.1)")
        return cls(origin, size, root, tuple(extensions))
