"""A transparency log's formats and proofs, pure (no I/O, no clock, no cryptography library).

``merkle``: RFC 9162 hashing (leaf 0x00, node 0x01), inclusion and consistency proofs, made from a list of
leaf hashes or any store of subtree hashes, and their verification (RFC 9162 §2.1.3–2.1.4). ``note``: the
C2SP signed-note format (signature lines, Ed25519 key ids, verifier keys). ``checkpoint``: the C2SP
tlog-checkpoint body. ``cosignature``: the C2SP tlog-cosignature/v1 (timestamped Ed25519) signature.
``witness``: what a C2SP tlog-witness answers to ``add-checkpoint``, given what it last cosigned.
``entries``: a round seal's bytes as a leaf of the log (hashes only: no player's name).

The Ed25519 mathematics is the caller's (``service.federation.keys``): signing and verifying are callables
passed in, as ``domain.game.keys`` does.
"""
