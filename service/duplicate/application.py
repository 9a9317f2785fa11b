"""Duplicate games' use cases, on the games' own store: load, call one method of the aggregate, save.

What the domain must not do happens here: the seed of a drawn rack comes from a CSPRNG
(``secrets``) unless the game was created with a seed published for every site; the computed master
move is found by the move generator on a lexicon the organiser loaded into the data folder
(``service.lexicon.library``), which also rules the slips' words (advisory unless declared official), and the
seed that breaks a tie between equal tops is made here and recorded (the aggregate takes the players' equal tops
first, AJS 3.2.3). ``lexicons`` lists what the data folder holds (``GET /v1/lexicons``). A command sent with an
``Idempotency-Key`` is remembered in the same save as its events (``service.access.idempotency``).
"""

from __future__ import annotations

import copy
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.duplicate import Duplicate
from domain.duplicate.slips import board_of
from domain.errors import msg
from domain.game.meta import Meta
from domain.lexicon import Lexicon
from domain.notation import parse_word
from domain.profiles import get_profile
from service.game.application import Actor, ApplicationError, VersionConflict
from service.lexicon.library import LexiconError, catalogue, shared_lexicon


class DuplicateNotFound(ApplicationError, LookupError):
    """Raised when no duplicate game has the id asked for."""

    code = "duplicate_not_found"

    def __init__(self, duplicate_id: UUID) -> None:
        super().__init__(msg("service.no_duplicate", duplicate_id=duplicate_id))
        self.duplicate_id = duplicate_id


class KeyReused(ApplicationError):
    """The Idempotency-Key was used for another request."""

    code = "idempotency_key_reused"


class Duplicates:
    """The duplicate games of one store (``app``: the service's application); ``lexicon_data``: the data
    folder whose ``lexicons/`` the computed master reads (None: no lexicon can be used)."""

    def __init__(self, app: Any, lexicon_data: str | Path | None = None) -> None:
        self.app = app
        self.lexicon_data = lexicon_data
        self._lock = threading.Lock()  # one judge's desk per hall: commands one at a time per process

    # ---- reading --------------------------------------------------------------------------
    def get(self, duplicate_id: UUID) -> Duplicate:
        """A copy of the game as stored (a failed command never touches a cached one): one pickled copy of the
        cached aggregate (the library's get deep-copies from its cache, and a deepcopy on top of it made two; a
        duplicate of 20 rounds keeps a board per round, and the two copies cost as much as the move generator:
        bench/README.md, "The computed master through the API")."""
        try:
            if self.app.repository.cache is not None:
                found = self.app._from_cache(duplicate_id)  # noqa: SLF001  (a pickled copy: 4x a deepcopy)
            else:
                found = copy.deepcopy(self.app.repository.get(duplicate_id))
        except AggregateNotFoundError:
            raise DuplicateNotFound(duplicate_id) from None
        if not isinstance(found, Duplicate):
            raise DuplicateNotFound(duplicate_id)
        return found

    # ---- commands -------------------------------------------------------------------------
    def create(self, profile: str, players: list[str], by: Actor, *, issued_by: str,
               **options: Any) -> tuple[Duplicate, list[dict[str, Any]]]:
        """Create the game and one player token per seat in one save; the tokens are returned once."""
        with self._lock:
            meta = self._meta(by)
            duplicate = Duplicate.create(profile, players, meta, **options)
            tokens, issued = [], []
            for seat, name in enumerate(duplicate.players):
                raw, token = self.app.player_token(name, issued_by, meta.at, game_id=duplicate.id, seat=seat)
                issued.append(token)
                tokens.append({"seat": seat, "player": name, "token": raw})
            self.app.save_together(duplicate, *issued)
            self.app.remember_tokens(issued)
            return duplicate, tokens

    def act(self, duplicate_id: UUID, by: Actor | Callable[[Duplicate], Actor], step: Callable[[Duplicate, Meta], Any],
            answer: Callable[[Duplicate, Any], dict[str, Any]], *, key: str | None = None,
            digest: str | None = None) -> tuple[dict[str, Any], bool]:
        """Load, run ``step(duplicate, meta)``, save; the answer ``answer(duplicate, result)`` and whether it
        is a replay of the first answer to ``key``. ``by`` may be a function of the loaded game (the game is
        loaded once: a copy of a duplicate with twenty rounds' boards is not free)."""
        rid = self.app.answer_id(duplicate_id, key) if key is not None else None
        if rid is not None:
            first = self.app.answered(rid)
            if first is not None:
                return self._replay(first, digest), True
        with self._lock:
            duplicate = self.get(duplicate_id)
            meta = self._meta(by(duplicate) if callable(by) else by)
            result = step(duplicate, meta)
            response = answer(duplicate, result)
            others = [] if rid is None or not duplicate.pending_events else [
                self.app.answer_record(duplicate_id, key, digest, 200, response, meta.at)]
            try:
                if duplicate.pending_events:
                    self.app.save_together(duplicate, *others)
            except IntegrityError:
                first = self.app.answered(rid) if rid is not None else None
                if first is None:
                    raise VersionConflict(duplicate.id, duplicate.version, duplicate.version) from None
                return self._replay(first, digest), True
            return response, False

    @staticmethod
    def _replay(first: Any, digest: str | None) -> dict[str, Any]:
        if first.request_hash != digest:
            raise KeyReused(msg("api.this_idempotency_key_was"))
        return dict(first.response)

    # ---- what the service brings: seeds and the lexicon ------------------------------------
    @staticmethod
    def seed_for(duplicate: Duplicate) -> str:
        """The game's published seed (every site draws the same racks), else a fresh one from a CSPRNG."""
        return duplicate.settings.get("seed") or secrets.token_hex(16)

    def lexicons(self) -> list[dict[str, Any]]:
        """Every lexicon of the data folder (name, tile set, official, advisory, SHA-256, source, words)."""
        return [{**x, "advisory": not x["official"]} for x in catalogue(self.lexicon_data)]

    def lexicon(self, name: str) -> Lexicon:
        """The lexicon ``name`` of the data folder, opened once per process and shared, opened again when its
        file changes (``service.lexicon.library.shared_lexicon``)."""
        if self.lexicon_data is None:
            raise LexiconError(msg("service.this_service_has_no"), code="no_lexicons", field="lexicon")
        try:
            return shared_lexicon(name, self.lexicon_data)
        except LexiconError as error:
            raise LexiconError(error.message, code=error.code, field="lexicon") from None

    def computed_master(self, duplicate: Duplicate, meta: Meta, lexicon_name: str) -> dict[str, Any]:
        """Rule every unruled word of the round's slips by the lexicon (advisory unless official), then hand
        the move generator's equal tops to the aggregate, which takes one from a fresh recorded seed: among the
        players' equal tops when a valid slip reaches the generator's best (AJS 3.2.3), else among the
        generator's. Each verdict records the lexicon's name, the SHA-256 of the list it was compiled from and
        whether it is advisory."""
        lexicon = self.lexicon(lexicon_name)
        if lexicon.tileset.name != duplicate.tileset.name:
            raise LexiconError(msg("service.spelt_tiles_game", lexicon_name=lexicon_name, name=lexicon.tileset.name,
                                   name2=duplicate.tileset.name), code="lexicon_tileset", field="lexicon")
        source = f"lexicon:{lexicon_name}"
        words = {w for s in duplicate.current["slips"].values() if not s["causes"] for w in s["words"]}
        for word in sorted(duplicate.unruled(sorted(words))):
            letters = [t.tile.letter for t in parse_word(word, duplicate.tileset)]
            duplicate.rule_word(word, lexicon.has_tiles(letters), meta, source=source, advisory=lexicon.advisory,
                                reason="the loaded lexicon's verdict", lexicon_sha256=lexicon.sha256)
        r = duplicate.current
        blank_as_digraph = get_profile(duplicate.profile).blank_as_digraph
        tops = lexicon.tops(board_of(r["board"]), r["rack"], blank_as_digraph=blank_as_digraph)
        written = [duplicate.master_text([[q.row, q.col, q.tile.letter, q.tile.blank] for q in p.placements],
                                         p.horizontal) for p in tops]
        return duplicate.choose_master(meta, computed=written, seed=secrets.token_hex(8), lexicon=lexicon_name,
                                       advisory=lexicon.advisory, lexicon_sha256=lexicon.sha256)

    def _meta(self, by: Actor) -> Meta:
        return Meta(by.actor, by.device, self.app.clock())


def duplicate_history(app: Any, duplicate_id: UUID) -> list[Any] | None:
    """A duplicate game's whole history as chain records (``domain.game.chain``), oldest first, every field
    included (slips of a round in play, a published seed): what ``planilla audit export`` writes for the
    tribunal as ``planilla-audit/1``. None when no duplicate game has this id."""
    from domain.game.chain import record_of

    events = list(app.repository.event_store.get(duplicate_id))
    if not events or not isinstance(events[0], Duplicate.Created):
        return None
    return [record_of(event) for event in events]
