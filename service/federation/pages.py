"""The federation's public pages, rendered by the service (no script): the enrolled events, and an event's
games with their players, scores, verdict, whether their round's seal is in the public log, and each game's
proof bundle to download. Spanish, Catalan or English (``?lang=``, else the browser's), the strings from the
pages' catalogues (``pages/static/i18n``, keys ``federation.*``). Standings, a player's history and search
are in ``pages_people``; the officers' page in ``pages_officers``. An event's finished duplicates are listed under
its games with their ranking as the hall computed it, "attested by the hall, not logged". Each game's replay is in
``pages_replay``.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from service.trust.verdict import records_in

CATALOGUES = Path(__file__).resolve().parents[2] / "pages" / "static" / "i18n"
LANGUAGES = ("es", "ca", "en")


@cache
def catalogue(lang: str) -> dict[str, str]:
    return json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))


def language(asked: str | None, accept: str | None) -> str:
    if asked in LANGUAGES:
        return asked
    for part in (accept or "").split(","):
        if part.strip()[:2] in LANGUAGES:
            return part.strip()[:2]
    return "es"


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".").replace(".", ",")


def when(at: str) -> str:
    """``2025-05-01T20:00:00.00Z`` as ``2025-05-01 20:00 UTC``."""
    return f"{at[:10]} {at[11:16]} UTC" if len(at) >= 16 else at


def page(lang: str, title: str, body: str, here: dict[str, str]) -> str:
    words = catalogue(lang)
    others = " · ".join(f'<a href="?{escape(urlencode({**here, "lang": other}))}" lang="{other}">'
                        f'{escape(words[f"language.{other}"])}</a>' for other in LANGUAGES if other != lang)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/css/base.css">'
            '<style>body{margin:0 auto;max-width:60rem;padding:12px;font-size:1.05rem}table{border-collapse:collapse;'
            'width:100%}th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #999;vertical-align:top}'
            'a{display:inline-block;min-height:44px;box-sizing:border-box;padding:10px 0;line-height:1.3}'
            '.lang{float:right}.small{font-size:.9rem}.label{display:none}details{display:inline-block;vertical-align:top}'
            'summary{cursor:pointer;padding:6px 8px 6px 0;min-height:32px}details[open]{display:block}'
            'input,button{font-size:1.05rem}'
            '@media (max-width:600px){table,tbody,tr,td{display:block}thead{display:none}td{border:0;padding:2px 0}'
            'tr{border-bottom:1px solid #999;padding:8px 0}.label{display:inline;font-weight:700}.lang{float:none}}'
            '</style></head>'
            f'<body><nav class="lang">{others}</nav><h1>{escape(title)}</h1>{body}</body></html>')


def events_page(archive: Any, lang: str) -> str:
    words = catalogue(lang)
    halls = {h["fingerprint"]: h["name"] for h in archive.halls()}
    rows = "".join(
        f'<tr><td><a href="/events?{escape(urlencode({"hall": e["hall"], "name": e["name"], "lang": lang}))}">'
        f'{escape(e["name"])}</a><br><a class="small" href="/standings?'
        f'{escape(urlencode({"hall": e["hall"], "name": e["name"], "lang": lang}))}">{escape(words["federation.standings"])}</a>'
        f'</td><td>{escape(halls.get(e["hall"], ""))}</td>'
        f'<td>{escape(words["federation.dates"].format(starts=e["starts"], ends=e["ends"]))}</td></tr>'
        for e in archive.events())
    body = (f'<table><thead><tr><th>{escape(words["federation.event"])}</th><th>{escape(words["federation.hall"])}</th>'
            f'<th>{escape(words["federation.when"])}</th></tr></thead><tbody>{rows}</tbody></table>' if rows
            else f'<p>{escape(words["federation.no_events"])}</p>')
    links = (f'<p><a href="/search?lang={lang}">{escape(words["federation.search"])}</a> · '
             f'<a href="/officers?lang={lang}">{escape(words["federation.officers"])}</a></p>')
    return page(lang, words["federation.title"], links + body, {})


def event_games(archive: Any, hall: str, event: str) -> list[dict[str, Any]]:
    """The games shown for an event: round, table, players, final scores, verdict kind, sealed in the log."""
    found = []
    for game, round_name, export, events, head, verdict in archive.db.all(
            "SELECT game, round_name, export, events, head_hash, verdict FROM games WHERE hall = ? AND event = ? AND "
            "standing = 'current' ORDER BY id", (hall, event)):
        records = records_in(bytes(export), events)
        first = records[0].payload
        settled = [r.payload.get("settlement") for r in records if r.type == "GameSettled"]
        scores = [p.get("final_score") for p in settled[-1]["players"]] if settled and settled[-1] else []
        found.append({"game": game, "round": round_name, "table": (first.get("details") or {}).get("table"),
                      "players": first.get("players") or [], "scores": scores,
                      "verdict": (json.loads(verdict) or {}).get("kind") if verdict else None,
                      "sealed": archive.seal_with(game, head) is not None})
    return sorted(found, key=lambda g: (str(g["round"]).zfill(4), str(g["table"]).zfill(4), g["game"]))


def games_page(archive: Any, hall: str, event: str, lang: str) -> str:
    from service.federation.queries import hidden_names

    words = catalogue(lang)
    masked = hidden_names(archive, hall, event)
    rows = []
    for g in event_games(archive, hall, event):
        players = "<br>".join(f"{escape(words['federation.hidden'] if name in masked else str(name))} <b>{escape(str(g['scores'][i]) if i < len(g['scores']) else '')}</b>"
                              for i, name in enumerate(g["players"]))
        verdict = words.get(f"federation.verdict.{g['verdict']}", g["verdict"] or "")
        sealed = words["federation.sealed" if g["sealed"] else "federation.not_sealed"]
        bundle = (f'<a href="/v1/federation/games/{escape(g["game"])}/bundle" download>'
                  f'{escape(words["federation.bundle"])}</a>' if g["sealed"] else "")
        replay = (f'<a href="/replay?{escape(urlencode({"game": g["game"], "lang": lang}))}">'
                  f'{escape(words["federation.replay"])}</a>')
        bundle = replay + ("<br>" + bundle if bundle else "")
        label = {k: f'<span class="label">{escape(words[f"federation.{k}"])}: </span>' for k in ("round", "table")}
        rows.append(f'<tr><td>{label["round"]}{escape(str(g["round"]))}</td>'
                    f'<td>{label["table"]}{escape(str(g["table"] or ""))}</td><td>{players}</td>'
                    f'<td>{escape(verdict)}<br><span class="small">{escape(sealed)}</span></td><td>{bundle}</td></tr>')
    head = "".join(f"<th>{escape(words[k])}</th>" for k in ("federation.round", "federation.table",
                                                            "federation.players", "federation.verdict",
                                                            "federation.proof"))
    known = next((e for e in archive.events() if e["hall"] == hall and e["name"] == event), None)
    halls = {h["fingerprint"]: h["name"] for h in archive.halls()}
    where = (f'<p>{escape(halls.get(hall, ""))} · {escape(words["federation.dates"].format(**known))}</p>'
             if known else "")
    standings = f'/standings?{escape(urlencode({"hall": hall, "name": event, "lang": lang}))}'
    body = (where + f'<p><a href="{standings}">{escape(words["federation.standings"])}</a> · '
            f'<a href="/?lang={lang}">{escape(words["federation.back"])}</a></p>'
            + (f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>" if rows
               else f'<p>{escape(words["federation.no_games"])}</p>')
            + f'<p class="small">{escape(words["federation.verify_help"])}</p>'
            + duplicates_section(archive, hall, event, words, masked))
    return page(lang, event, body, {"hall": hall, "name": event})


def duplicates_section(archive: Any, hall: str, event: str, words: dict[str, str], masked: set[str]) -> str:
    """The event's finished duplicates: each one's ranking as the hall pushed it (rank, player, total, % of the
    masters' points), under the label "attested by the hall, not logged" (they are in no seal and no log)."""
    from service.federation.duplicates import event_duplicates

    found = event_duplicates(archive, hall, event)
    if not found:
        return ""
    parts = [f'<section data-testid="duplicates"><h2>{escape(words["federation.duplicates"])}</h2>']
    head = "".join(f"<th>{escape(words[k])}</th>" for k in ("standings.rank", "standings.player",
                                                            "federation.duplicate_total", "federation.duplicate_percent"))
    for one in found:
        ranking = one["ranking"]
        rows = "".join(
            f'<tr><td><span class="label">{escape(words["standings.rank"])}: </span>{escape(str(r["rank"]))}</td>'
            f'<td>{escape(words["federation.hidden"] if r["player"] in masked else str(r["player"]))}</td>'
            f'<td><span class="label">{escape(words["federation.duplicate_total"])}: </span>{number(r["total"])}</td>'
            f'<td><span class="label">{escape(words["federation.duplicate_percent"])}: </span>{number(r["percent"])}'
            "</td></tr>" for r in ranking.get("rows", []))
        about = words["federation.duplicate_about"].format(rounds=ranking.get("round", 0),
                                                            master=number(ranking.get("master_total", 0)))
        parts.append(f'<p>{escape(about)}</p><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
                     f'<p class="small">{escape(words["federation.duplicate_attested"].format(at=when(one["received_at"])))}'
                     "</p>")
    return "".join(parts) + "</section>"
