"""Duplicate games for the API's tests, written once: an AJS duplicate brought to a stage of its first round.

Stages: ``fresh`` (no round yet), ``playing`` (round 1 in play, rack C A S A ? R O), ``closed`` («¡Tiempo!»
after seat 0's slip CASAR H4, ruled valid), ``mastered`` (that slip chosen as the master). The contract's
examples (tests/api/test_examples.py) and the permission matrix (tests/api/test_permissions.py, its world in
tests/api/permission_world.py) use it.
"""

from __future__ import annotations

from typing import Any, Callable

RACK = ["C", "A", "S", "A", "?", "R", "O"]
PLAYERS = ("Ana", "Berto", "Carmen")
STAGES = ("fresh", "playing", "closed", "mastered")


def steps(stage: str) -> list[Callable[[Any, Any], Any]]:
    """The commands (``step(duplicate, meta)``) that take a fresh duplicate to ``stage``."""
    if stage not in STAGES:
        raise ValueError(f"no stage {stage!r}")
    found: list[Callable[[Any, Any], Any]] = []
    if stage != "fresh":
        found.append(lambda x, m: x.start_round(m, rack=list(RACK)))
    if stage in ("closed", "mastered"):
        found += [lambda x, m: x.submit_slip(0, "CASAR", "H4", m), lambda x, m: x.close_round(m),
                  lambda x, m: x.rule_word("CASAR", True, m)]
    if stage == "mastered":
        found.append(lambda x, m: x.choose_master(m, seat=0))
    return found


def duplicate_at(games: Any, stage: str, players: tuple[str, ...] = PLAYERS) -> tuple[Any, list[dict[str, Any]]]:
    """An AJS duplicate on ``games`` (the service's application) at ``stage``, and its player tokens."""
    from service.game.application import Actor
    from service.duplicate.application import Duplicates

    duplicates, by = Duplicates(games), Actor("director:test")
    d, tokens = duplicates.create("ajs-2012", list(players), by, issued_by="director:test")
    for step in steps(stage):
        duplicates.act(d.id, by, step, lambda x, r: {})
    return d, tokens


# ---- a hand-worked AJS game of ten players (tests/projections/test_duplicate_projection.py) ----------------
#: Round 1, rack C A S A ? R O on the empty board (row H: H4 a double letter, H8 the centre, a double word):
#: CASAR H4 = (C 3×2 + A + S + A + R) × 2 = 20; CASA H5 = (3 + 1 + 1 + 1) × 2 = 12 (its last A on H8); CASA H8
#: = the same 12 (its C on H8); seat 3's slip has no coordinates (null: coordinates); the rest send nothing.
#: Round 2, rack ? O + A S L E N, CASAR on H4–H8: OCA 4G (O on G4, the C of CASAR, A on I4; no premium) = 1 + 3
#: + 1 = 5, OCAS 4G = 6 (S on J4, no premium), seat 1 late (null: late).
TEN = tuple(f"P{i}" for i in range(10))
ROUND_1 = {0: ("CASAR", "H4"), 1: ("CASA", "H5"), 2: ("CASA", "H8"), 3: ("CASA", "")}
ROUND_2 = {0: ("OCA", "4G"), 3: ("OCA", "4G"), 5: ("OCAS", "4G")}
RACK_2 = ["?", "O", "A", "S", "L", "E", "N"]


def hand_worked_commands() -> list[Callable[[Any, Any], Any]]:
    """Two rounds of the ten-player game, each command one save; the master each round is the best slip."""
    cmds: list[Callable[[Any, Any], Any]] = [lambda d, m: d.start_round(m, rack=list(RACK))]
    cmds += [lambda d, m, s=s, w=w: d.submit_slip(s, w[0], w[1], m) for s, w in ROUND_1.items()]
    cmds += [lambda d, m: d.close_round(m), lambda d, m: d.rule_word("CASAR", True, m),
             lambda d, m: d.rule_word("CASA", True, m), lambda d, m: d.choose_master(m, seat=0),
             lambda d, m: d.publish(m), lambda d, m: d.start_round(m, rack=list(RACK_2))]
    cmds += [lambda d, m, s=s, w=w: d.submit_slip(s, w[0], w[1], m) for s, w in ROUND_2.items()]
    cmds += [lambda d, m: d.close_round(m), lambda d, m: d.submit_slip(1, "OCA", "4G", m),
             lambda d, m: d.rule_word("OCA", True, m), lambda d, m: d.rule_word("OCAS", True, m),
             lambda d, m: d.choose_master(m, seat=5), lambda d, m: d.publish(m)]
    return cmds


def correction_commands() -> list[Callable[[Any, Any], Any]]:
    """After round 2: seat 3's first slip was CASA H5 misread (FISC II.9), and round 1 is published again."""
    return [lambda d, m: d.correct_slip(1, 3, "CASA", "H5", "typed without its coordinates", m),
            lambda d, m: d.publish(m, round_no=1, reason="seat 3's slip corrected")]
