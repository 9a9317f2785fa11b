"""``planilla lexicon load|list|check|plays``: a word list compiled once into the data folder, then used."""

from pathlib import Path

from typer.testing import CliRunner

from service.lexicon.library import open_lexicon, path_of

ROOT = Path(__file__).resolve().parents[2]
LISTS = ROOT / "tests" / "data" / "lexicon"


def run(*args):
    from service.cli.main import app

    return CliRunner().invoke(app, ["lexicon", *map(str, args)])


def test_load_compiles_into_the_data_folder_and_says_what_it_skipped(tmp_path):
    result = run("load", "es-small", LISTS / "es_small.txt", "--tiles", "spanish", "--data", tmp_path)
    assert result.exit_code == 0, result.output
    assert "lexicon es-small: 274 words in spanish tiles" in result.output
    assert "skipped        5: a letter the tile set does not have" in result.output
    assert "advisory" in result.output  # not declared official: its verdicts are advisory
    lexicon = open_lexicon("es-small", tmp_path)
    assert path_of("es-small", tmp_path).is_file() and lexicon.words == 274 and lexicon.advisory
    listed = run("list", "--data", tmp_path)
    assert listed.output.strip() == "es-small: spanish, 274 words, from es_small.txt (advisory)"


def test_profile_gives_the_tile_set_and_official_is_recorded(tmp_path):
    result = run("load", "disc", LISTS / "ca_small.txt", "--profile", "fisc-2023", "--official", "--data", tmp_path)
    assert result.exit_code == 0, result.output
    lexicon = open_lexicon("disc", tmp_path)
    assert lexicon.tileset.name == "catalan" and lexicon.official and "advisory" not in result.output


def test_check_reads_list_and_sheet_spellings(tmp_path):
    """A Catalan sheet writes QU as Q (FISC I.6, Molins 14): QADRE is quadre."""
    run("load", "ca", LISTS / "ca_small.txt", "--tiles", "catalan", "--data", tmp_path)
    result = run("check", "ca", "quadre", "QADRE", "col·lecció", "yoga", "--data", tmp_path)
    assert result.exit_code == 1
    assert result.output.splitlines()[:4] == ["quadre: yes", "QADRE: yes", "col·lecció: yes", "yoga: no"]


def test_plays_prints_the_best_plays(tmp_path):
    run("load", "es", LISTS / "es_small.txt", "--tiles", "spanish", "--data", tmp_path)
    """ZORRO across or down through H8 in four places each, 40 points (test_move_generator has the sums)."""
    result = run("plays", "es", "--rack", "ZO[RR]O", "--top", "20", "--data", tmp_path)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("8 plays in ")
    assert sorted(tuple(line.split()) for line in lines[1:9]) == sorted(
        ("40", square, "ZO[RR]O") for square in ("H5", "H6", "H7", "H8", "8E", "8F", "8G", "8H"))


def test_errors_name_the_field_and_exit_2(tmp_path):
    bad_name = run("load", "Bad Name", LISTS / "es_small.txt", "--tiles", "spanish", "--data", tmp_path)
    assert bad_name.exit_code == 2 and "lexicon name 'Bad Name'" in bad_name.output
    no_tiles = run("load", "es", LISTS / "es_small.txt", "--data", tmp_path)
    assert no_tiles.exit_code == 2 and "--tiles" in no_tiles.output
    missing = run("load", "es", tmp_path / "nope.txt", "--tiles", "spanish", "--data", tmp_path)
    assert missing.exit_code == 2 and "cannot read" in missing.output
    unknown = run("check", "nope", "casa", "--data", tmp_path)
    assert unknown.exit_code == 2 and "no lexicon 'nope'" in unknown.output
    empty = tmp_path / "empty.txt"
    empty.write_text("kiwi\nweb\n", encoding="utf-8")
    nothing = run("load", "es", empty, "--tiles", "spanish", "--data", tmp_path)
    assert nothing.exit_code == 2 and not path_of("es", tmp_path).exists()
