"""Hostile GCG records: an import either records a game or refuses with a DomainError, never anything else."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import DomainError
from service.game.application import Actor
from service.game.gcg_record import import_gcg

RACK = st.text(alphabet="ABCDEILNORSTUÑ?[]", min_size=0, max_size=9)
WORD = st.text(alphabet="ABCDEILNORSTUÑabc.[]()", min_size=1, max_size=9)
POSITION = st.sampled_from(["8H", "H8", "8G", "G8", "1A", "15O", "16A", "Z9", "8"])
NICK = st.sampled_from(["ana", "bea", "cai"])
SCORE = st.integers(-100, 200).map(lambda n: f"{n:+d}")
LINE = st.one_of(
    st.builds(lambda n, r, p, w, s, t: f">{n}: {r} {p} {w} {s} {t}", NICK, RACK, POSITION, WORD, SCORE,
              st.integers(-50, 500)),
    st.builds(lambda n, r, s, t: f">{n}: {r} - {s} {t}", NICK, RACK, SCORE, st.integers(-50, 500)),
    st.builds(lambda n, r, x, t: f">{n}: {r} -{x} +0 {t}", NICK, RACK, st.one_of(RACK, st.integers(0, 9).map(str)),
              st.integers(0, 500)),
    st.builds(lambda n, r, s, t: f">{n}: {r} -- {s} {t}", NICK, RACK, SCORE, st.integers(-50, 500)),
    st.builds(lambda n, r, s, t: f">{n}: ({r}) {s} {t}", NICK, RACK, SCORE, st.integers(-50, 500)),
    st.sampled_from(["#player1 ana Ana", "#player2 bea Bea", "#lexicon DISC2", "#tile-distribution spanish",
                     "#note x", ">ana: (challenge) +5 10", ">bea: (time) -10 0", "garbage"]),
)


@given(lines=st.lists(LINE, min_size=1, max_size=12), profile=st.sampled_from(["file-2024", "fisc-2023"]))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_an_import_records_a_game_or_refuses_with_a_domain_error(lines, profile):
    text = "#player1 ana Ana\n#player2 bea Bea\n" + "\n".join(lines) + "\n"
    try:
        events, bag_mode, warnings = import_gcg(text, profile, None, Actor("director:fuzz", None), {},
                                                lambda: "2025-05-01T12:00:00.000Z")
    except DomainError as err:
        assert err.field in ("gcg", "profile", "players") and err.message
    else:
        assert events and bag_mode in ("replay", "physical") and isinstance(warnings, list)
