"""``planilla tournament``: create from a CSV of players, pair, publish, standings, export, on a data folder
and on a database URL; a refusal names the list's line and column and exits 1, changing nothing."""

from __future__ import annotations

import random
from uuid import UUID

import pytest
from typer.testing import CliRunner

from domain.tournament.formats import trf
from service.access.application import ServiceApplication
from service.settings import settings_env
from tests.application.script import Bot

PLAYERS = "name,federation_id,club,rating\nAnna Puig,FISC-0001,Mots i Més,1900\nBiel Roca,FISC-0002,,1850\n" \
          "Carla Vidal,,,1800\nDani Mas,,,1750\n"


def planilla(*args: str):
    from service.cli.main import app

    return CliRunner().invoke(app, ["tournament", *args])


@pytest.mark.parametrize("where", ["folder", "url"])
def test_a_round_from_the_command_line(tmp_path, where):
    target = str(tmp_path / "data") if where == "folder" else f"sqlite:///{tmp_path / 'events.sqlite3'}"
    store = ["--data", target] if where == "folder" else ["--database-url", target]
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")

    created = planilla("create", "Obert de Molins", "--rules", "fisc-2023", "--profile", "fisc-2023", "--rounds",
                       "5", "--players", str(players), "--city", "Molins de Rei", "--federation", "esp", *store)
    assert created.exit_code == 0, created.output
    tid = created.stdout.strip().splitlines()[0]
    assert "4 players entered" in created.output

    paired = planilla("pair", tid, "1", *store)
    assert paired.exit_code == 0, paired.output
    assert "table 1: Anna Puig - Carla Vidal" in paired.stdout and "FISC I.1" in paired.stdout  # halves by rating
    published = planilla("publish", tid, "1", *store)
    assert published.exit_code == 0 and published.stdout.count("    seat ") == 4, published.output

    app = ServiceApplication(settings_env(target))
    try:
        from service.tournament.application import Tournaments
        for n, t in enumerate(Tournaments(app).get(UUID(tid)).published["1"]):
            bot = Bot(app, random.Random(n), UUID(t["game_id"]), app.get_game(UUID(t["game_id"])).version)
            bot.start()
            bot.play_turns(3)
            bot.end_by_passes()
            bot.sign_all()
    finally:
        app.close()

    standings = planilla("standings", tid, *store)
    assert standings.exit_code == 0, standings.output
    lines = standings.stdout.strip().splitlines()
    assert lines[0].split("\t") == ["rank", "name", "points", "median_buchholz", "berger", "spread", "points_for"]
    assert sum(float(line.split("\t")[2]) for line in lines[1:]) == 2.0  # two games: one point each

    out = tmp_path / "obert.trf"
    exported = planilla("export", tid, "--format", "trf", "-o", str(out), *store)
    assert exported.exit_code == 0, exported.output
    raw = out.read_bytes().decode("utf-8")
    assert raw.count("\r\n") == raw.count("\n") and "\r\n022 Molins de Rei\r\n032 ESP\r\n" in raw  # CR LF
    warned = exported.stderr.splitlines()  # what the file leaves out, on standard error
    assert any(w.startswith("warning: trf.fide_id: ") and "1, 2" in w for w in warned), exported.stderr
    assert any(w.startswith("warning: trf.header: 102 (chief arbiter)") for w in warned), exported.stderr
    assert planilla("details", tid, "--city", "Molins de Rei", "--federation", "ESP", "--chief-arbiter",
                    "Joan Ferrer", *store).exit_code == 0
    again = planilla("export", tid, "--format", "trf", *store)
    assert b"\r\n102 Joan Ferrer\r\n" in again.stdout_bytes and "trf.header" not in again.stderr
    sheet = trf.read_trf(out.read_text(encoding="utf-8"))
    assert [e.name for e in sheet.players] == ["Anna Puig", "Biel Roca", "Carla Vidal", "Dani Mas"]
    assert len(sheet.lines) == 2
    tsh = planilla("export", tid, "--format", "tsh", *store)
    assert tsh.exit_code == 0 and tsh.stdout.startswith("Anna Puig 1900 3; ")
    closed = planilla("close", tid, "--reason", "the hall closes", *store)
    assert closed.exit_code == 0 and "closed after 1 of 5 rounds" in closed.stdout, closed.output
    after = planilla("pair", tid, "2", *store)  # the closing locks the pairings, and the refusal names it
    assert after.exit_code == 1 and "TournamentClosed" in after.output, after.output


def test_refusals_exit_1_with_the_line_and_change_nothing(tmp_path):
    store = ["--data", str(tmp_path / "data")]
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nAnna,1900\nBiel,fort\n", encoding="utf-8")
    r = planilla("create", "Obert", "--rules", "fisc-2023", "--profile", "fisc-2023", "--rounds", "5",
                 "--players", str(bad), *store)
    assert r.exit_code == 1 and "line 3" in r.output and "(rating)" in r.output, r.output
    short = planilla("create", "Obert", "--rules", "ajs-2012", "--profile", "ajs-2012", "--rounds", "5", *store)
    assert short.exit_code == 1 and "AJS 4.1.1" in short.output
    created = planilla("create", "Obert", "--rules", "fisc-2023", "--profile", "fisc-2023", "--rounds", "5", *store)
    tid = created.stdout.strip()
    twice = tmp_path / "twice.csv"
    twice.write_text("name\nAnna\nAnna\n", encoding="utf-8")
    r = planilla("import", tid, str(twice), *store)
    assert r.exit_code == 1 and "player 2 (Anna)" in r.output
    assert planilla("pair", tid, "1", *store).exit_code == 1  # nobody entered: the import changed nothing
    assert planilla("standings", "7a1c9e2b-3d4f-4a5b-9c6d-7e8f9a0b1c2d", *store).exit_code == 2
    assert planilla("export", tid, "--format", "pdf", *store).exit_code == 2
    r = planilla("details", tid, "--federation", "España", *store)
    assert r.exit_code == 1 and "three-letter code" in r.output and "Annex 2" in r.output, r.output
