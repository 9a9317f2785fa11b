"""``planilla tournament create|details|import|pair|publish|close|standings|export``: a tournament from the command line.

The same use cases as ``/v1/tournaments`` (``service.tournament.application.Tournaments``), on a data folder or
a database URL like the other store-using commands. A refusal prints the rule's message (with the
file's line and column for a player list) on stderr and exits 1; a missing tournament or file exits 2.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

from service.cli.store import DATA_HELP, URL_HELP, one_store

ACTOR = "director:cli"


def _run(target: str, work: Callable[[Any], int]) -> int:
    """Open the store, run ``work(tournaments)``, close; rule refusals become exit 1, a missing tournament 2."""
    from domain.errors import DomainError
    from service.access.application import ServiceApplication
    from service.settings import settings_env
    from service.tournament.application import TournamentNotFound, Tournaments

    app = ServiceApplication(settings_env(target))
    try:
        return work(Tournaments(app))
    except DomainError as err:
        where = f" ({err.field})" if err.field else ""
        article = f" [{err.article}]" if err.article else ""
        sys.stderr.write(f"planilla: {err.message}{where}{article}\n")
        return 1
    except TournamentNotFound as err:
        sys.stderr.write(f"planilla: {err}\n")
        return 2
    finally:
        app.close()


def _id(text: str) -> Any:
    from uuid import UUID

    try:
        return UUID(text)
    except ValueError:
        import typer

        raise typer.BadParameter(f"{text!r} is not a tournament id", param_hint="TOURNAMENT") from None


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        import typer

        raise typer.BadParameter(f"cannot read {path}: {err}", param_hint="FILE") from None


def _actor() -> Any:
    from service.game.application import Actor

    return Actor(ACTOR, "cli")


def _tables(tables: list[dict[str, Any]], players: dict[str, dict[str, Any]], tokens: bool = False) -> None:
    for t in tables:
        first = players[t["first"]]["name"]
        second = players[t["second"]]["name"] if t["second"] else "(bye)"
        sys.stdout.write(f"table {t['table']}: {first} - {second}    {t['why']}\n")
        if tokens:
            for seat in t.get("tokens", []):
                sys.stdout.write(f"    seat {seat['seat']} {seat['player']}: {seat['token']}\n")


CITY_HELP = "The city the event is held in (TRF16 line 022)."
FEDERATION_HELP = "The federation as FIDE's three-letter code, e.g. ESP or AND (TRF16 line 032)."
ARBITER_HELP = "The chief arbiter's name (TRF16 line 102)."


def build_app():
    """``planilla tournament``: create, import, pair, publish, close, standings, export."""
    import typer

    from domain.tournament.formats import FORMATS

    app = typer.Typer(help="Tournaments: players, rounds, standings and the files rating software reads.",
                      no_args_is_help=True)
    data_opt = typer.Option(None, "--data", help=DATA_HELP)
    url_opt = typer.Option(None, "--database-url", help=URL_HELP)

    @app.command("create")
    def create(
        name: str = typer.Argument(..., help="The tournament's name."),
        rules: str = typer.Option(..., "--rules", help="Standings and tie-breaks: fisc-2023 or ajs-2012."),
        profile: str = typer.Option(..., "--profile", help="The profile every game is played under."),
        rounds: int = typer.Option(..., "--rounds", min=1, max=40, help="FISC I.1: 5 or more; AJS 4.1.1: 6 or more."),
        players: Optional[str] = typer.Option(None, "--players", help="A CSV of players to enter (header line "
                                              "naming the columns: name, federation_id, club, rating)."),
        system: str = typer.Option("swiss", "--system", help="swiss, round_robin or manual."),
        city: str = typer.Option("", "--city", help=CITY_HELP),
        federation: str = typer.Option("", "--federation", help=FEDERATION_HELP),
        chief_arbiter: str = typer.Option("", "--chief-arbiter", help=ARBITER_HELP),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Create a tournament (and enter its players from a CSV): prints its id."""
        text = _read(players) if players else None
        details = {"city": city, "federation": federation, "chief_arbiter": chief_arbiter}

        def work(tournaments: Any) -> int:
            tid = tournaments.create(name, rules, profile, rounds, _actor(), system=system, players=text,
                                     details=details)
            sys.stdout.write(f"{tid}\n")
            sys.stderr.write(f"created {name}: {len(tournaments.get(tid).players)} players entered\n")
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("details")
    def details(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        city: str = typer.Option("", "--city", help=CITY_HELP),
        federation: str = typer.Option("", "--federation", help=FEDERATION_HELP),
        chief_arbiter: str = typer.Option("", "--chief-arbiter", help=ARBITER_HELP),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Give the event's city, federation and chief arbiter (the TRF16 file's 022, 032 and 102 lines)."""
        tid = _id(tournament)

        def work(tournaments: Any) -> int:
            tournaments.give_details(tid, _actor(), city=city, federation=federation, chief_arbiter=chief_arbiter)
            sys.stdout.write(f"details given: {tournaments.get(tid).details}\n")
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("import")
    def import_players(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        file: str = typer.Argument(..., help="A CSV or TRF16 file of players."),
        fmt: str = typer.Option("csv", "--format", help="csv or trf."),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Enter a list of players: all of them, or none when one is refused."""
        tid, text = _id(tournament), _read(file)

        def work(tournaments: Any) -> int:
            ids = tournaments.import_players(tid, text, fmt, _actor())
            sys.stdout.write(f"{len(ids)} players entered: {', '.join(ids)}\n")
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("pair")
    def pair(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        round_no: int = typer.Argument(..., min=1, help="The round to draft (the next one)."),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Draft the next round by the tournament's system; each table says why."""
        tid = _id(tournament)

        def work(tournaments: Any) -> int:
            tournaments.sync(tid)
            tournaments.act(tid, _actor(), lambda t, m: t.draft(round_no, m))
            t = tournaments.get(tid)
            sys.stdout.write(f"round {round_no} drafted ({t.drafts[str(round_no)]['method']}):\n")
            _tables(t.drafts[str(round_no)]["pairings"], t.players)
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("publish")
    def publish(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        round_no: int = typer.Argument(..., min=1, help="The drafted round to publish."),
        reason: str = typer.Option("", "--reason", help="Required when the round is published again."),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Publish the drafted round: each table's game is created; the seat tokens are printed once."""
        tid = _id(tournament)

        def work(tournaments: Any) -> int:
            published = tournaments.publish(tid, round_no, _actor(), reason=reason)
            sys.stdout.write(f"round {round_no} published:\n")
            _tables(published["tables"], tournaments.get(tid).players, tokens=True)
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("close")
    def close(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        reason: str = typer.Option("", "--reason", help="Why (recorded with the closing)."),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Close the tournament: its standings final; no more pairings, results, entries or withdrawals."""
        tid = _id(tournament)

        def work(tournaments: Any) -> int:
            tournaments.close(tid, _actor(), reason)
            t = tournaments.get(tid)
            sys.stdout.write(f"closed after {t.closed['rounds_played']} of {t.rounds} rounds: {t.name}\n")
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("standings")
    def standings(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        round_no: Optional[int] = typer.Option(None, "--round", min=1, help="After this round (default: all)."),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """The standings: rank, name, points, then each tie-break in the rules' order."""
        tid = _id(tournament)

        def work(tournaments: Any) -> int:
            t, rows = tournaments.standings(tid, round_no)
            order = list(t.settings["tiebreaks"])
            sys.stdout.write("\t".join(["rank", "name", "points", *order]) + "\n")
            for r in rows:
                figures = [f"{r.tiebreaks[k].value:g}" for k in r.tiebreaks]
                sys.stdout.write("\t".join([str(r.rank), t.players[r.player]["name"], f"{r.points:g}", *figures])
                                 + "\n")
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    @app.command("export")
    def export(
        tournament: str = typer.Argument(..., help="The tournament's id."),
        fmt: str = typer.Option(..., "--format", help=f"One of: {', '.join(FORMATS)}."),
        output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write (default: stdout)."),
        division: Optional[str] = typer.Option(None, "--division", help=(
            "One division only, numbered from 1 (tsh's .t holds one: a tournament of several needs it).")),
        data: Optional[str] = data_opt,
        database_url: Optional[str] = url_opt,
    ) -> None:
        """Write the tournament's players and results in a format the ecosystem reads."""
        tid = _id(tournament)
        if fmt not in FORMATS:
            raise typer.BadParameter(f"{fmt!r}: choose {', '.join(FORMATS)}", param_hint="--format")

        def work(tournaments: Any) -> int:
            text, notes = tournaments.export(tid, fmt, division)
            if output:
                Path(output).write_bytes(text.encode("utf-8"))  # as written: TRF16's lines end CR LF
            else:
                sys.stdout.write(text)
            for note in notes:  # what the file shortens or approximates
                sys.stderr.write(f"warning: {note}\n")
            return 0
        sys.exit(_run(one_store(data, database_url), work))

    return app
