"""``planilla projections rebuild`` and ``status`` on a data folder or a database URL."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from projections import queries
from projections.models import READ_MODELS
from service.game.application import GamesApplication
from service.settings import settings_env
from tests.factories import play_random_game

ROOT = Path(__file__).resolve().parents[2]


def planilla(*args: str) -> subprocess.CompletedProcess:
    script = Path(sys.executable).with_name("planilla")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "service.cli"]
    return subprocess.run(command + list(args), capture_output=True, text=True, cwd=ROOT, check=False)


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_rebuild_projects_every_event_of_the_store(kind, tmp_path, request):
    target = request.getfixturevalue("pg_target") if kind == "postgres" else str(tmp_path / "data")
    with GamesApplication(settings_env(target)) as app:
        games = [play_random_game("fisc-2023", seed) for seed in range(3)]
        for game in games:
            app.save(game)
        events = app.recorder.max_notification_id()

    option = ["--database-url", target] if kind == "postgres" else ["--data", target]
    result = planilla("projections", "rebuild", *option)
    assert result.returncode == 0, result.stderr
    assert f"rebuilt the read models from {events} events" in result.stdout and "lag 0" in result.stdout

    status = planilla("projections", "status", *option)
    assert status.returncode == 0 and status.stdout.count("behind by 0") == len(READ_MODELS)

    from projections.store import ReadStore
    from service.settings import read_model_url

    store = ReadStore(read_model_url(target))
    sheet = queries.scoresheet(store, games[0].id)
    assert sheet["players"][0]["rows"] and sheet["status"] == "ended"
    store.dispose()


def test_rebuild_refuses_two_stores_at_once(tmp_path):
    result = planilla("projections", "rebuild", "--data", str(tmp_path), "--database-url", "sqlite:///x")
    assert result.returncode == 2 and "not both" in result.stderr
