"""One database URL or data folder is all the application needs to know about its store."""

from service.settings import settings_env


def test_a_data_folder_holds_one_sqlite_file(tmp_path):
    env = settings_env(tmp_path / "data")
    assert env == {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                   "SQLITE_DBNAME": str(tmp_path / "data" / "events.sqlite3"), "SQLITE_LOCK_TIMEOUT": "5",
                   "APPLICATION_RECORDER_TOPIC": "service.game.sqlitestore:CheckpointedRecorder"}
    assert (tmp_path / "data").is_dir()


def test_urls_name_sqlite_postgresql_or_memory(tmp_path):
    assert settings_env(f"sqlite:///{tmp_path}/x.db")["SQLITE_DBNAME"] == f"{tmp_path}/x.db"
    pg = settings_env("postgresql://ana:s3cret@db.local:6543/planilla?schema=games")
    assert pg == {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_DBNAME": "planilla",
                  "POSTGRES_HOST": "db.local", "POSTGRES_PORT": "6543", "POSTGRES_USER": "ana",
                  "POSTGRES_PASSWORD": "s3cret", "POSTGRES_LOCK_TIMEOUT": "5", "POSTGRES_SCHEMA": "games",
                  "APPLICATION_RECORDER_TOPIC": "service.game.pgstore:OneTripRecorder"}
    assert settings_env("postgresql://postgres@127.0.0.1/test")["POSTGRES_PASSWORD"] == ""
    assert settings_env("memory") == {"PERSISTENCE_MODULE": "eventsourcing.popo"}
