"""An archived game's replay on the federation's public pages (``GET /replay?game=G&at=N``), rendered without a
script in ``service.federation.pages``' frame: the board, both players' scores and rack counts, the bag and
the phase, and each player's sheet, as they stood after event ``at`` (the last when left out), worked out by
``service.federation.replay`` with the hall's own code; a link per step (first, previous, next, last), a
form to go to a chosen event, and the timeline of every event, each a link. A small module
(``js/federation_replay.js``) adds the keyboard (← → Home End) by following those links; without it nothing is lost.

As on the hall's public board, no rack's tiles are ever shown (only how many), closed game or not; a hidden
player's name is replaced as on the event's game list. An unknown game or event is a 404 page in the
reader's language.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import urlencode

from domain.board import LAYOUT
from service.federation.pages import catalogue, page, when
from service.federation.replay import NotReplayable, Replay, Replays, public_frame
from service.trust.verdict import records_in

PREMIUM = {"T": "TW", "D": "DW", "t": "TL", "d": "DL"}
ROWS = "ABCDEFGHIJKLMNO"
STYLE = (
    "<style>.replay{display:grid;gap:12px}.board{--sq:min(calc((100vw - 28px) / 15.6),2.4rem);display:grid;"
    "grid-template-columns:calc(var(--sq) * .6) repeat(15,var(--sq));width:max-content}"
    ".board span{width:var(--sq);height:var(--sq);box-sizing:border-box;display:flex;align-items:center;"
    "justify-content:center;position:relative;font-size:calc(var(--sq) * .3)}.board .sq{border:1px solid #555}"
    ".board .lbl{font-weight:700;width:auto}.tw{background:#c8102e;color:#fff}.dw{background:#f4a6b0}"
    ".tl{background:#0b4fa0;color:#fff}.dl{background:#9fd3f3}.board .tile{background:#f3d98b;color:#111}"
    ".board .tile b{font-size:calc(var(--sq) * .52)}.board .tile i{position:absolute;right:1px;bottom:0;"
    "font-style:normal;font-size:calc(var(--sq) * .26)}.board .blank{background:#fff;border-style:dashed}"
    ".board .blank b{color:#a00;text-decoration:underline;font-style:italic}.board .last{outline:3px solid #111;"
    "outline-offset:-3px;z-index:1}.steps{display:flex;flex-wrap:wrap;align-items:center;gap:6px}"
    ".steps a,.steps span.off{min-width:44px;text-align:center;border:1px solid #555;border-radius:6px;"
    "padding:10px 6px;text-decoration:none}.steps span.off{color:#888;border-color:#bbb}"
    ".steps output{font-weight:700;padding:0 8px}"
    ".players{list-style:none;padding:0;margin:0}.players li{padding:6px 0;border-bottom:1px solid #999}"
    ".players .score{font-size:1.4rem;font-weight:800;margin-left:8px}.turn{background:#ffe066;padding:2px 6px;"
    "margin-left:6px}table.sheet,table.sheet tbody,table.sheet tr{display:table;width:100%}"
    "table.sheet tbody{display:table-row-group}table.sheet tr{display:table-row}table.sheet td,table.sheet th"
    "{display:table-cell;padding:4px 6px;border-bottom:1px solid #999}table.sheet thead{display:table-header-group}"
    "table.sheet caption{text-align:left;font-weight:700;padding:6px 0}.timeline{max-height:40vh;overflow:auto;"
    "border:1px solid #999;margin:0;padding:0 0 0 3.2em}.timeline a[aria-current=step]{font-weight:800;"
    "background:#ffe066}dl.facts{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0}"
    "dl.facts dt{font-weight:700}dl.facts dd{margin:0}"
    "@media (max-width:600px){.steps output{flex-basis:100%;order:-1;padding:0}}"
    "@media (min-width:1000px){.replay{grid-template-columns:auto 1fr;align-items:start}}</style>")


def not_found(lang: str, message: str, here: dict[str, str], back: str = "") -> str:
    words = catalogue(lang)
    return page(lang, words["replay.title"], f'<p role="alert"><b>{escape(message)}</b></p>'
                f'<p>{back}<a href="/?lang={lang}">{escape(words["federation.back"])}</a></p>', here)


def replay_page(archive: Any, game: str, at: str, lang: str, replays: Replays | None = None) -> tuple[int, str]:
    """(status, page): the replay of ``game`` after event ``at``, kept in ``replays`` (the process's, by the
    history's head hash) when given; 404 in the reader's language for an unknown game or event."""
    from service.federation.queries import hidden_names

    words = catalogue(lang)
    row = archive.shown(game) if game else None
    if row is None:
        return 404, not_found(lang, words["federation.no_game"].format(game=game), {"game": game})
    listed = urlencode({"hall": row["hall"], "name": row["event"] or "", "lang": lang})
    event_link = (f'<a href="/events?{escape(listed)}">'
                  f'{escape(str(row["event"] or ""))}</a> · ')
    def records() -> list[Any]:
        return records_in(archive.export_at(game, row["head_hash"]), row["events"])

    try:
        replay = (replays or Replays(1)).get(game, row["head_hash"], records)
    except NotReplayable as err:
        return 422, not_found(lang, words["federation.not_replayable"].format(type=str(err)), {"game": game},
                              event_link)
    version = replay.last if not at.strip() else (int(at) if at.strip().isdigit() else -1)
    if not 1 <= version <= replay.last:
        return 404, not_found(lang, words["federation.no_version"].format(at=at, last=replay.last),
                              {"game": game, "at": at}, event_link)
    masked = hidden_names(archive, row["hall"], row["event"] or "")
    frame = public_frame(replay.frame(version))
    names = [words["federation.hidden"] if p["name"] in masked else p["name"] for p in frame["players"]]
    here = {"game": game, "at": str(version)}

    def to(n: int) -> str:
        return escape("?" + urlencode({"game": game, "at": n, "lang": lang}))

    details = replay.records[0].payload.get("details") or {}
    where = (f'<p>{event_link}{escape(words["federation.round"])} {escape(str(details.get("round", row["round"])))}'
             f' · {escape(words["federation.table"])} {escape(str(details.get("table") or ""))}</p>')
    body = (STYLE + where + stepper(words, version, replay.last, to, game, lang)
            + '<div class="replay"><div>' + board_html(words, frame, replay.last_play(version, frame["cells"]))
            + "</div><div>" + facts(words, replay, frame, version) + players_html(words, frame, names)
            + sheets_html(words, *replay.sheet(version), names) + "</div></div>"
            + timeline(words, replay, version, to)
            + '<script type="module" src="/static/js/federation_replay.js"></script>')
    return 200, page(lang, words["federation.replay_of"].format(players=" – ".join(names)), body, here)


def stepper(words: dict[str, str], version: int, last: int, to: Any, game: str, lang: str) -> str:
    def step(label: str, mark: str, n: int, usable: bool) -> str:
        if not usable:
            return f'<span class="off" aria-disabled="true" title="{escape(words[label])}">{mark}</span>'
        return f'<a href="{to(n)}" aria-label="{escape(words[label])}" data-step="{label[7:]}">{mark}</a>'

    said = escape(words["replay.version_of"].format(version=version, max=last))
    return (f'<nav class="steps" aria-label="{escape(words["replay.steps"])}">'
            f'{step("replay.first", "|◀", 1, version > 1)}{step("replay.prev", "◀", version - 1, version > 1)}'
            f'<output data-testid="version" data-version="{version}">{said}</output>'
            f'{step("replay.next", "▶", version + 1, version < last)}{step("replay.last", "▶|", last, version < last)}'
            f'</nav><form method="get" action="/replay"><input type="hidden" name="game" value="{escape(game)}">'
            f'<input type="hidden" name="lang" value="{lang}"><label>{escape(words["replay.slider"])} '
            f'<input type="number" name="at" min="1" max="{last}" value="{version}" style="min-height:44px;width:6em">'
            f'</label> <button style="min-height:44px;padding:0 14px">{escape(words["federation.go"])}</button></form>')


def board_html(words: dict[str, str], frame: dict[str, Any], last: set[tuple[int, int]]) -> str:
    """The board as the hall draws it (``components/board.js``): premiums, tiles with their values, blanks
    marked, the last play's squares outlined."""
    parts = ['<span class="lbl"></span>'] + [f'<span class="lbl">{c + 1}</span>' for c in range(15)]
    for r, cells in enumerate(frame["cells"]):
        parts.append(f'<span class="lbl">{ROWS[r]}</span>')
        for c, cell in enumerate(cells):
            kind = PREMIUM.get(LAYOUT[r][c])
            square = f"{ROWS[r]}{c + 1}"
            mark = " last" if (r, c) in last else ""
            if cell is None:
                short = escape(words[f"premium.short.{kind}"]) if kind else ("★" if (r, c) == (7, 7) else "")
                parts.append(f'<span class="sq {kind.lower() if kind else ""}" aria-hidden="true">{short}</span>')
                continue
            letter = escape(cell["letter"])
            if cell["blank"]:
                name = words["tile.blank_as"].format(letter=cell["letter"])
                parts.append(f'<span class="sq tile blank{mark}" role="img" aria-label="{square}: {escape(name)}">'
                             f"<b>{letter.lower()}</b></span>")
            else:
                name = words["tile.named"].format(letter=cell["letter"], points=cell["points"])
                parts.append(f'<span class="sq tile{mark}" role="img" aria-label="{square}: {escape(name)}">'
                             f'<b>{letter}</b><i>{cell["points"]}</i></span>')
    return (f'<div class="board" role="group" aria-label="{escape(words["board.label"])}" data-testid="board">'
            f'{"".join(parts)}</div>')


def event_name(words: dict[str, str], kind: str) -> str:
    """An event's type in the reader's language: the catalogue's ``replay.type.<Type>``, the names the hall's
    replay viewer (``js/replay.js``) shows too; a type this version does not name, as it comes."""
    return words.get(f"replay.type.{kind}", kind)


def facts(words: dict[str, str], replay: Replay, frame: dict[str, Any], version: int) -> str:
    phase = words.get(f"replay.phase.{frame['phase']}", frame["phase"] or "")
    placed = next((r.version for r in reversed(replay.records[:version]) if r.type == "TilesPlaced"), None)
    last = words["replay.last_play_at"].format(version=placed) if placed else "—"
    return (f'<dl class="facts"><dt>{escape(words["replay.event"])}</dt><dd data-testid="event-type">'
            f'{escape(event_name(words, frame["event"]))}</dd><dt>{escape(words["replay.when"])}</dt>'
            f'<dd>{escape(when(frame["at"] or ""))}</dd>'
            f'<dt>{escape(words["replay.phase"])}</dt><dd data-testid="phase">{escape(phase)}</dd>'
            f'<dt>{escape(words["replay.last_play"])}</dt><dd>{escape(last)}</dd></dl>')


def players_html(words: dict[str, str], frame: dict[str, Any], names: list[str]) -> str:
    items = "".join(
        f'<li data-testid="player-{p["seat"]}"><b>{escape(names[i])}</b>'
        + (f'<span class="turn">{escape(words["replay.on_turn"])}</span>'
           if frame["phase"] == "playing" and frame["seat_on_turn"] == p["seat"] else "")
        + f'<span class="score" data-testid="score-{p["seat"]}">{p["score"]}</span><br>'
        f'<span class="small">{escape(words["public.rack_count"].format(count=p["rack_count"]))}</span></li>'
        for i, p in enumerate(frame["players"]))
    return (f'<ul class="players">{items}</ul><p class="small">{escape(words["replay.bag"].format(count=frame["bag"]))}'
            f' · {escape(words["public.no_racks"])}</p>')


def play_of(row: dict[str, Any]) -> str:
    """A sheet line's play: its mark (pass, exchange, invalid, lost), else the coordinates and the word."""
    return row["notation"] or " ".join(str(x) for x in (row["coordinates"], row["word"]) if x)


def sheets_html(words: dict[str, str], sheets: list[list[dict[str, Any]]], finals: list[int] | None,
                names: list[str]) -> str:
    head = "".join(f"<th>{escape(words[k])}</th>" for k in ("sheet.turn", "sheet.play", "sheet.score", "sheet.total"))
    parts = []
    for seat, rows in enumerate(sheets):
        lines = "".join(
            f'<tr><td>{r["turn"]}</td><td>{escape(play_of(r))}'
            f'</td><td>{r["score"]}</td><td>{r["total"]}</td></tr>' for r in rows)
        parts.append(f'<table class="sheet" data-testid="sheet-{seat}"><caption>'
                     f'{escape(words["sheet.plays_of"].format(name=names[seat]))}</caption>'
                     f'<thead><tr>{head}</tr></thead>'
                     f'<tbody>{lines}</tbody></table>')
        if finals is not None:
            parts.append(f'<p data-testid="final-{seat}"><b>{escape(words["sheet.final"].format(score=finals[seat]))}'
                         "</b></p>")
    return "".join(parts)


def timeline(words: dict[str, str], replay: Replay, version: int, to: Any) -> str:
    items = "".join(
        f'<li><a href="{to(r.version)}"{" aria-current=step" if r.version == version else ""}>'
        f'{escape(event_name(words, r.type))}</a></li>'
        for r in replay.records)
    return f'<h2>{escape(words["replay.timeline"])}</h2><ol class="timeline">{items}</ol>'
