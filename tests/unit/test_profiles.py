"""Rulebook profiles: the registry, citations, serialisation, equipment and players.

The per-rule differences are in test_profiles_{start,challenge,ending,time,sheet}.py.
"""

import json
from dataclasses import FrozenInstanceError, replace

import pytest

from domain.errors import DomainError
from domain.profiles import GROUPS, PROFILES, get_profile
from domain.profiles.ajs_2012 import OVERRIDES as AJS_OVERRIDES
from domain.tiles import get_tileset

IDS = ("file-2024", "fise-2009", "ajs-2012", "fisc-2023", "molins-club")


def per_profile(getter):
    return {pid: getter(p) for pid, p in PROFILES.items()}


def test_the_five_profiles_of_rules_md():
    """RULES.md's first table names file-2024, fise-2009, ajs-2012, fisc-2023 and molins-club."""
    assert tuple(PROFILES) == IDS
    for pid in IDS:
        assert get_profile(pid).id == pid


def test_unknown_profile_is_refused_naming_the_valid_ids():
    with pytest.raises(DomainError) as info:
        get_profile("wespa-2020")
    err = info.value
    assert err.code == "unknown_profile"
    assert err.field == "profile"
    assert "wespa-2020" in err.message
    for pid in IDS:
        assert pid in err.message


def test_every_profile_plays_a_100_tile_set_in_its_language():
    """FILE 3: 'la cantidad y distribución de las 100 fichas'; Molins 1: 'les 100 fitxes que alberga el sac'."""
    assert per_profile(lambda p: (p.tileset, p.language)) == {
        "file-2024": ("spanish", "es"),
        "fise-2009": ("spanish", "es"),
        "ajs-2012": ("spanish", "es"),
        "fisc-2023": ("catalan", "ca"),
        "molins-club": ("catalan", "ca"),
    }
    for profile in PROFILES.values():
        tiles = get_tileset(profile.tileset)
        assert tiles.total_tiles == 100
        assert tiles.language == profile.language


def test_to_dict_is_json_and_keeps_every_value():
    for profile in PROFILES.values():
        data = json.loads(json.dumps(profile.to_dict()))
        assert data["id"] == profile.id
        for setting in profile.settings():
            value = profile.value(setting)
            group, _, name = setting.partition(".")
            got = data[group][name] if name else data[group]
            expected = list(value) if isinstance(value, tuple) else value
            assert got == expected, (profile.id, setting)
        assert data["articles"]["exchange"] == profile.article("exchange")
        assert data["notes"] == dict(profile.notes)


def test_every_setting_and_group_cites_an_article_of_its_own_rulebook():
    """AJS 2: FISE 2009 applies and the DCT prevails, so AJS cites the DCT or FISE '(AJS 2)'."""
    prefix = {"file-2024": "FILE", "fise-2009": "FISE", "fisc-2023": "FISC", "molins-club": "Molins"}
    for profile in PROFILES.values():
        for key in profile.settings() + GROUPS:
            cited = profile.article(key)
            if profile.id == "ajs-2012":
                assert cited.startswith("AJS") or "(AJS 2)" in cited, key
            else:
                assert cited.startswith(prefix[profile.id]), (profile.id, key, cited)


def test_article_names_the_rule_a_later_error_can_cite():
    assert get_profile("file-2024").article("exchange") == "FILE 25"
    assert get_profile("molins-club").article("exchange.min_bag") == "Molins 16"
    assert get_profile("fisc-2023").article("ending.passes_each") == "FISC I.8 B"
    assert get_profile("ajs-2012").article("ending.passes_each") == "FISE 45.2 (AJS 2)"
    with pytest.raises(KeyError):
        get_profile("file-2024").article("exchange.minimum")


def test_a_profile_with_an_uncited_setting_is_refused():
    profile = get_profile("file-2024")
    articles = tuple((k, v) for k, v in profile.articles if k != "exchange.min_bag")
    with pytest.raises(ValueError, match="exchange.min_bag"):
        replace(profile, articles=articles)


def test_a_citation_or_note_for_no_setting_is_refused():
    profile = get_profile("fisc-2023")
    with pytest.raises(ValueError, match="exchange.minimum"):
        replace(profile, notes=profile.notes + (("exchange.minimum", "gap: director decides"),))


def test_every_note_is_a_gap_with_a_director_default_or_a_reading():
    """Where a rulebook is silent the value is a director's default, marked 'gap: director decides'."""
    for profile in PROFILES.values():
        for key, note in profile.notes:
            assert note.startswith(("gap: director decides — ", "reading: ")), (profile.id, key)
        assert set(profile.gaps()) == {k for k, v in profile.notes if v.startswith("gap")}


def test_profiles_are_frozen():
    with pytest.raises(FrozenInstanceError):
        get_profile("file-2024").exchange.min_bag = 7


def test_ajs_is_fise_2009_except_where_the_dct_overrides():
    """AJS 2: 'Será de aplicación el Reglamento de la FISE ... prevalecerá siempre la redacción del DCT'."""
    ajs, fise = get_profile("ajs-2012"), get_profile("fise-2009")
    assert ajs.base == "fise-2009"
    changed = {s for s in ajs.settings() if ajs.value(s) != fise.value(s)}
    assert changed <= set(AJS_OVERRIDES)
    assert changed >= {"start.starter", "start.draw_tie", "challenge.decision_seconds", "sheet.reopen"}


def test_players_two_except_molins_which_allows_more_file_1_ajs_4_1_1_molins_19():
    """FILE 1: 'enfrentamiento entre 2 jugadores'; AJS 4.1.1: 'Sólo se prevén partidas de dos jugadores';
    FISC I.1: 'd'un contra un'; Molins 19: 'Els altres jugadors s'han de restar els punts'."""
    assert per_profile(lambda p: (p.min_players, p.max_players)) == {
        "file-2024": (2, 2),
        "fise-2009": (2, 2),
        "ajs-2012": (2, 2),
        "fisc-2023": (2, 2),
        "molins-club": (2, 4),
    }
    assert "max_players" in get_profile("molins-club").gaps()


def test_blank_may_be_a_digraph_tile_ajs_2_fisc_i6_molins_15():
    """AJS 2 on FISE II.10.2: 'donde dice letra se entienden también los dígrafos CH, LL y RR';
    FISC I.6: 'l'escarràs pot representar només les fitxes existents'; Molins 15: 'només per l'ús de
    l'escarràs representant-la'."""
    assert per_profile(lambda p: p.blank_as_digraph) == dict.fromkeys(IDS, True)
    assert get_profile("ajs-2012").article("blank_as_digraph") == "AJS 2 (on FISE II.10.2)"
    assert get_profile("molins-club").article("blank_as_digraph") == "Molins 15"


def test_lexicon_each_rulebook_names_fise_xi_file_41_fisc_i2_molins_25():
    """FISE XI: 'El diccionario oficial ... es la versión 1.0-2003'; FILE 41.1 'Lexicón de Scrabble';
    FISC I.2 'consultable a l'app Leximots'; Molins 25 'GDLC ... DOSC'."""
    lexicons = per_profile(lambda p: p.challenge.lexicon)
    assert "Lexicón de Scrabble" in lexicons["file-2024"]
    assert "DRAE" in lexicons["fise-2009"] and lexicons["ajs-2012"] == lexicons["fise-2009"]
    assert "Leximots" in lexicons["fisc-2023"]
    assert "GDLC" in lexicons["molins-club"] and "DOSC" in lexicons["molins-club"]
