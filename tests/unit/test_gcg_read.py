"""Reading GCG (TILES.md "GCG essentials"): every event kind, the pragmas, notes and encodings."""

from pathlib import Path

import pytest

from service.gcg.reader import GcgSyntaxError, decode, parse_event, parse_gcg, read_gcg
from service.gcg.model import CHALLENGE_BONUS, END_PENALTY, END_POINTS, EXCHANGE, PASS, PLAY, TIME_PENALTY, WITHDRAWN, Event

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "gcg"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus of real GCG games at {CORPUS}")


@pytest.mark.parametrize(
    "line, kind, fields",
    [
        (">ana: [CH]AEIORZ 8G [CH]OZA +34 34", PLAY, dict(rack="[CH]AEIORZ", position="8G", word="[CH]OZA")),
        (">emely: DEIILTZ --  -24 55", WITHDRAWN, dict(rack="DEIILTZ", score=-24, total=55)),
        (">Noah: DEINNOR -  +0 402", PASS, dict(rack="DEINNOR", score=0)),
        (">bot: ?AIOOOY -OOOY +0 0", EXCHANGE, dict(rack="?AIOOOY", tiles="OOOY")),
        (">carmen: AEIORUX -3 +0 50", EXCHANGE, dict(tiles="3")),
        (">jvc: DIMSTTW (challenge) +5 37", CHALLENGE_BONUS, dict(rack="DIMSTTW", score=5)),
        (">úrsula:  (challenge) +5 399", CHALLENGE_BONUS, dict(rack="")),
        (">Alice:  (ACEGLMY) +30 601", END_POINTS, dict(rack="", tiles="ACEGLMY", score=30)),
        (">BestBot: (NU) +4 443", END_POINTS, dict(tiles="NU")),
        (">berto: AILORUV (AILORUV) -10 3", END_PENALTY, dict(rack="AILORUV", tiles="AILORUV", score=-10)),
        (">whatnoloan: NU (time) -10 422", TIME_PENALTY, dict(rack="NU", score=-10, total=422)),
    ],
)
def test_every_event_kind_is_read(line, kind, fields):
    """TILES.md "GCG essentials": play, withdrawal, pass, exchange (tiles or count), challenge bonus, end lines, time."""
    event = parse_event(line)
    assert event.kind == kind
    for name, value in fields.items():
        assert getattr(event, name) == value


@pytest.mark.parametrize(
    "line", [">nick 8H WORD +3 3", ">: AB 8H AB +3 3", ">n: AB 8H AB 3", ">n: AB 8H AB +3 x", ">n: +3 3", ">n: A B C D +3 3"]
)
def test_a_line_that_does_not_follow_the_format_is_refused(line):
    """No nick, no colon, a score without a sign or a total that is not a number: a syntax error, named."""
    with pytest.raises(GcgSyntaxError):
        parse_event(line)


def test_pragmas_players_and_unknown_pragmas_are_kept():
    """#player1 nick Full Name, #lexicon, #id, #tile, #rack1 and pragmas nobody knows stay in order."""
    game = parse_gcg(
        "#player1 ana Ana García\n#player2 berto Roberto Núñez\n#lexicon FILE2017\n#id planilla 7\n"
        "#tile [CH] [ch]\n#game-type classic\n#mystery keep me\n>ana: AB 8H AB +8 8\n#rack2 XYZ\n"
    )
    assert game.players == [("ana", "Ana García"), ("berto", "Roberto Núñez")]
    assert game.lexicon == "FILE2017"
    assert [(p.name, p.value) for p in game.pragmas] == [
        ("player1", "ana Ana García"),
        ("player2", "berto Roberto Núñez"),
        ("lexicon", "FILE2017"),
        ("id", "planilla 7"),
        ("tile", "[CH] [ch]"),
        ("game-type", "classic"),
        ("mystery", "keep me"),
        ("rack2", "XYZ"),
    ]


def test_a_note_attaches_to_the_event_before_it_and_may_run_on():
    """#note belongs to the event before it; lines that follow without # or > continue it (utf8_dos.gcg)."""
    game = parse_gcg("#note before any move\n>a: AB 8H AB +8 8\n#note first\nsecond line\n\n>b: CD 9H CD +7 7\n")
    first, second = game.events
    assert first.notes == ["first\nsecond line"]
    assert second.notes == []
    assert [(p.name, p.value) for p in game.pragmas] == [("note", "before any move")]


def test_an_unreadable_line_is_an_issue_not_a_crash():
    """Lines that do not parse are reported with their number; the rest of the game is read."""
    game = parse_gcg(">a: AB 8H AB +8 8\nstray text\n>b: nonsense\n>b: CD 9H CD +7 7\n")
    assert [e.line for e in game.events] == [1, 4]
    assert [(i.line, i.text) for i in game.issues] == [(2, "stray text"), (3, ">b: nonsense")]


def test_encoding_declared_on_the_first_line_else_utf8_else_latin1():
    """TILES.md: #character-encoding first; otherwise UTF-8, falling back to ISO-8859-1."""
    assert decode("#character-encoding ISO-8859-1\n#player1 césar".encode("latin-1")) == (
        "#character-encoding ISO-8859-1\n#player1 césar",
        "ISO-8859-1",
    )
    assert decode("#player1 césar".encode("utf-8")) == ("#player1 césar", "UTF-8")
    assert decode("#player1 césar".encode("latin-1")) == ("#player1 césar", "ISO-8859-1")


def test_crlf_line_ends_are_read_like_lf():
    """A file saved on Windows reads the same as one saved on Unix."""
    text = "#player1 a A\n>a: AB 8H AB +8 8\n#note n\n"
    assert parse_gcg(text.replace("\n", "\r\n")) == parse_gcg(text)


@needs_corpus
@pytest.mark.parametrize(
    "name, nick", [("name_iso8859-1.gcg", "césar"), ("name_utf8_noheader.gcg", "césar"), ("utf8_dos.gcg", "angwantibo")]
)
def test_corpus_encodings(name, nick):
    """The corpus's ISO-8859-1 file, its UTF-8 file without a header and its CRLF file all read cleanly."""
    game = read_gcg(CORPUS / name)
    assert game.players[0][0] == nick
    assert game.events[0].nick == nick
    assert not game.issues


@needs_corpus
def test_name_iso8859_1_reads_as_latin1():
    """The bytes of 'césar' in ISO-8859-1 are not UTF-8: the reader falls back."""
    game = read_gcg(CORPUS / "name_iso8859-1.gcg")
    assert game.encoding == "ISO-8859-1"
    assert game.players == [("césar", "césar"), ("hércules", "hércules")]


@needs_corpus
def test_utf8_dos_note_with_a_continuation_line():
    """utf8_dos.gcg: a CRLF file whose note runs on to a second line."""
    game = read_gcg(CORPUS / "utf8_dos.gcg")
    stein = next(e for e in game.events if e.word == "E.NSTEIN")
    assert stein.notes[0].endswith("win or lose. will it work?")
    assert "\r" not in stein.notes[0]


def test_fields_of_a_play_are_kept_as_written():
    """Words, racks and squares stay text: the tile set that reads them is chosen later."""
    assert parse_event(">jordi: AACÇEIR 8G CAÇA +28 28", 9) == Event(
        PLAY, "jordi", "AACÇEIR", 28, 28, position="8G", word="CAÇA", line=9
    )


def test_pragma_fields_may_be_separated_by_tabs():
    """Whitespace of any kind separates a pragma's name, the nick and the full name."""
    game = parse_gcg("#player1\tana\tAna García\n#player2 berto\n")
    assert game.players == [("ana", "Ana García"), ("berto", "berto")]
