"""The refusals' catalogues (docs/languages.md): every key in English, Spanish and Catalan with the same parameters,
and every key the code raises is in the catalogue. A refusal raised the old way (a plain English message, no key)
is still accepted, and said as it is."""

from __future__ import annotations

import ast
from pathlib import Path

from domain.errors import DomainError, msg, said_in, word
from domain.game.errors import RackError
from domain.messages.catalogue import CATALOGUE, LANGUAGES, placeholders

ROOT = Path(__file__).resolve().parents[2]


def keys_in_code() -> dict[str, list[str]]:
    """Every literal key given to ``msg(...)``, ``Message(...)`` or ``key=`` in domain/ and service/, with where."""
    found: dict[str, list[str]] = {}
    for tree in ("domain", "service"):
        for path in (ROOT / tree).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                args = [node.args[0]] if name in ("msg", "Message") and node.args else []
                args += [kw.value for kw in node.keywords if kw.arg == "key" and name != "msg"]
                for arg in args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and "." in arg.value:
                        found.setdefault(arg.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_key_has_its_three_languages_with_the_same_parameters():
    assert LANGUAGES == ("en", "es", "ca")
    for key, texts in CATALOGUE.items():
        assert len(texts) == 3 and all(isinstance(t, str) and t.strip() for t in texts), key
        english = placeholders(texts[0])
        for lang, text in zip(LANGUAGES[1:], texts[1:]):
            assert placeholders(text) == english, f"{key} ({lang}): {sorted(placeholders(text))} != {sorted(english)}"


def test_spanish_and_catalan_are_written_not_copied():
    """A text the same in English and in Spanish or Catalan is an entry nobody translated (a bare pattern excepted)."""
    copied = [key for key, (en, es, ca) in CATALOGUE.items()
              if (es == en or ca == en) and len([w for w in en.split() if w.isalpha()]) > 2]
    assert copied == []


def test_every_key_used_in_the_code_is_in_the_catalogue():
    used = keys_in_code()
    assert len(used) > 200  # the scan finds the keys (the domain's game aggregate alone raises ~190)
    missing = {key: where for key, where in used.items() if key not in CATALOGUE}
    assert missing == {}


def test_a_refusal_with_a_key_reads_in_english_and_says_itself_in_spanish_and_catalan_file_27():
    """FILE 27: a draw of more tiles than the bag holds is refused, in the reader's language."""
    error = RackError(key="game.only_tiles_left_bag", params={"bag_count": 6}, field="count", article="FILE 27")
    assert error.message == str(error) == "count: only 6 tiles left in the bag"
    assert said_in(error.message, "es") == "count: solo quedan 6 fichas en la bolsa"
    assert said_in(error.message, "ca") == "count: només queden 6 fitxes a la bossa"
    assert error.to_dict()["article"] == "FILE 27" and error.field == "count"


def test_a_message_inside_a_message_is_said_in_the_same_language():
    inner = msg("game.only_tiles_left_bag", bag_count=2)
    outer = msg("game.refused", field="tiles", i=0, tile_message=inner)
    assert outer == "tiles[0]: count: only 2 tiles left in the bag"
    assert said_in(outer, "es") == "tiles[0]: count: solo quedan 2 fichas en la bolsa"


def test_a_plain_english_refusal_without_a_key_is_said_as_it_is():
    """Code raised the old way keeps working: its message is English in every language."""
    error = DomainError("seat: not now", code="x", field="seat")
    assert error.message == "seat: not now" and said_in(error.message, "ca") == "seat: not now"
    assert said_in("plain", "es") == "plain" and said_in(7, "es") == 7


def test_an_unknown_key_or_language_never_breaks_a_refusal():
    assert str(msg("no.such_key", n=1)) == "no.such_key {'n': 1}"
    assert said_in(msg("game.only_tiles_left_bag", bag_count=1), "fr") == "count: only 1 tiles left in the bag"


def test_a_code_said_as_a_word_where_the_catalogue_has_it():
    """A token's role inside a refusal: «un token de espectador», not «un token de spectator»."""
    refusal = msg("api.token_sends_no_slip", role=word("role", "spectator"))
    assert refusal == "a spectator token sends no slip"
    assert said_in(refusal, "es") == "un token de espectador no entrega papeletas"
    assert said_in(refusal, "ca") == "un token d'espectador no lliura paperetes"  # Catalan elides before a vowel
    assert said_in(msg("api.token_sends_no_slip", role=word("role", "director")), "ca") == (
        "un token de director no lliura paperetes")
    assert word("role", "nobody") == "nobody"


def test_the_keys_the_code_builds_from_a_code_are_in_the_catalogue():
    """Keys made from a code at run time (what a pending step waits for, a phase, the store's causes, a token's role),
    which the scan of literal keys cannot see."""
    from domain.game.aggregate import WAITS
    from service.access.tokens import ROLES
    from service.store_health import SAYS
    from domain.tournament.entries import LOCKS
    built = ([f"game.waits_{kind}" for kind in WAITS] + [f"game.waiting_{phase}" for phase in ("starting", "dealing",
             "ended")] + [f"store.{cause}" for cause in SAYS] + [f"role.{role}" for role in ROLES]
             + [f"tournament.locks.{what.replace(' ', '_')}" for what in LOCKS])
    assert [key for key in built if key not in CATALOGUE] == []
    assert [CATALOGUE[f"store.{cause}"][0] for cause in SAYS] == list(SAYS.values())  # the health report's words
    assert [CATALOGUE[f"game.waits_{kind}"][0] for kind in WAITS] == list(WAITS.values())


def test_no_key_is_written_twice_in_a_catalogue_file() -> None:
    """A key written twice in one dict is silently the second one's text: a parameter renamed in one copy then fails
    only at run time (it happened with tournament.not_csv)."""
    twice = []
    for path in sorted((ROOT / "domain" / "messages").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
                twice += [f"{path.name}: {k}" for k in sorted({k for k in keys if keys.count(k) > 1})]
    assert not twice, twice
