"""The federation's public pages on results and people, rendered without a script (``service.federation.pages``'
frame): an event's standings as its hall attested them, every figure opening onto its inputs; a player's
history across events and halls; search by player, event and date. Hidden players are never shown.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any
from urllib.parse import urlencode

from service.federation import queries
from service.federation.pages import catalogue, number, page, when


def player_link(who: str, name: str, lang: str) -> str:
    return f'<a href="/players?{escape(urlencode({"who": who, "lang": lang}))}">{escape(name)}</a>'


def figure(words: dict[str, str], label: str, fig: dict[str, Any], masked: set[str]) -> str:
    """A figure, opening (``<details>``, no script) onto the inputs it is the sum of, and those dropped."""
    def shown(name: Any) -> str:
        return escape(words["federation.hidden"] if name in masked else str(name))

    inputs = "".join(f"<li>{shown(a)}: {number(b)}</li>" for a, b in fig["inputs"])
    dropped = "".join(f"<li><s>{shown(a)}: {number(b)}</s></li>" for a, b in fig.get("dropped", []))
    more = (f'<p class="small">{escape(words["standings.dropped"])}</p><ul>{dropped}</ul>' if dropped else "")
    return (f'<details><summary>{number(fig["value"])}</summary><p class="small">{escape(label)}</p>'
            f'<ul>{inputs or "<li>" + escape(words["standings.no_inputs"]) + "</li>"}</ul>{more}</details>')


def standings_page(archive: Any, hall: str, event: str, lang: str) -> str:
    words = catalogue(lang)
    gone = queries.hidden(archive)
    parts = [f'<p><a href="/events?{escape(urlencode({"hall": hall, "name": event, "lang": lang}))}">'
             f'{escape(words["federation.games"])}</a> · <a href="/?lang={lang}">{escape(words["federation.back"])}</a></p>']
    pushed = queries.latest_results(archive, hall, event)
    for results in pushed:
        standings = results["document"].get("standings")
        if not standings:
            parts.append(f'<p>{escape(words["federation.no_standings"])}</p>')
            continue
        order = standings["tiebreaks"]
        head = "".join(f'<th title="{escape(words.get(f"tiebreak.{t}.long", t))}">{escape(words.get(f"tiebreak.{t}", t))}'
                       "</th>" for t in order)
        masked = {row["name"] for who, row, _ in queries.entries(results) if who in gone}
        for table in standings["tables"]:
            if table.get("division"):
                parts.append(f'<h2>{escape(words["standings.division"])} {escape(str(table["division"]))}</h2>')
            rows = []
            for row in table["rows"]:
                who = queries.who_of(results["id"], row)
                name = (escape(words["federation.hidden"]) if who in gone else player_link(who, row["name"], lang))
                fid = ("" if who in gone or not row.get("federation_id")
                       else f'<br><span class="small">{escape(row["federation_id"])}</span>')
                cells = "".join(
                    f'<td><span class="label">{escape(words.get(f"tiebreak.{t}", t))}: </span>'
                    f'{figure(words, words.get(f"tiebreak.{t}.long", t), row["tiebreaks"][t], masked)}</td>'
                    for t in order if t in row["tiebreaks"])
                rounds = "".join(f"<li>{escape(round_line(words, r, masked))}</li>" for r in row["rounds"])
                points = (f'<details><summary>{number(row["points"])}</summary><ul>{rounds}</ul></details>')
                rows.append(f'<tr><td><span class="label">{escape(words["standings.rank"])}: </span>{row["rank"]}</td><td>{name}{fid}</td>'
                            f'<td><span class="label">{escape(words["standings.points"])}: </span>{points}</td>{cells}</tr>')
            parts.append(f'<table><thead><tr><th>{escape(words["standings.rank"])}</th>'
                         f'<th>{escape(words["standings.player"])}</th><th>{escape(words["standings.points"])}</th>'
                         f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        parts.append(f'<p class="small">{escape(words["federation.attested"].format(at=when(results["received_at"])))} '
                     f'{escape(words["federation.after_round"].format(played=standings["played"], rounds=standings["rounds"]))}</p>')
    if not pushed:
        parts.append(f'<p>{escape(words["federation.no_standings"])}</p>')
    return page(lang, words["federation.standings_of"].format(event=event), "".join(parts), {"hall": hall, "name": event})


def round_line(words: dict[str, str], r: dict[str, Any], masked: set[str]) -> str:
    kind = words.get(f"standings.kind.{r['kind']}", r["kind"])
    opponent = words["federation.hidden"] if r["opponent"] in masked else r["opponent"] or "—"
    return words["standings.round_line"].format(round=r["round"], opponent=opponent, kind=kind,
                                                scored=r["scored"], conceded=r["conceded"])


def history_page(archive: Any, who: str, lang: str) -> str:
    words = catalogue(lang)
    found = queries.history(archive, who)
    if not found:
        return page(lang, words["federation.player"], f'<p>{escape(words["federation.no_player"])}</p>'
                    f'<p><a href="/search?lang={lang}">{escape(words["federation.search"])}</a></p>', {"who": who})
    names = list(dict.fromkeys(h["name"] for h in found))
    masked = queries.hidden_everywhere(archive)
    fid = found[0]["federation_id"]
    intro = (f'<p>{escape(words["federation.known_by_id"].format(id=fid))}</p>' if fid
             else f'<p>{escape(words["federation.no_id"])}</p>')
    if len(names) > 1:
        intro += f'<p>{escape(words["federation.entered_as"])}: {escape(", ".join(names))}</p>'
    rows = "".join(
        f'<tr><td><a href="/standings?{escape(urlencode({"hall": h["hall"], "name": h["event"], "lang": lang}))}">'
        f'{escape(h["event"])}</a><br><span class="small">{escape(h["hall_name"])} · '
        f'{escape(words["federation.dates"].format(starts=h["starts"], ends=h["ends"]))}</span></td>'
        f'<td><span class="label">{escape(words["standings.rank"])}: </span>{h["rank"]}</td>'
        f'<td><span class="label">{escape(words["standings.points"])}: </span>{number(h["points"])}</td>'
        f'<td><ul>{"".join("<li>" + escape(round_line(words, r, masked)) + "</li>" for r in h["rounds"])}</ul></td></tr>'
        for h in found)
    body = (intro + f'<table><thead><tr><th>{escape(words["federation.event"])}</th>'
            f'<th>{escape(words["standings.rank"])}</th><th>{escape(words["standings.points"])}</th>'
            f'<th>{escape(words["standings.round"])}</th></tr></thead><tbody>{rows}</tbody></table>'
            f'<p><a href="/search?lang={lang}">{escape(words["federation.search"])}</a></p>')
    return page(lang, names[0], body, {"who": who})


def search_page(archive: Any, text: str, starts: str, ends: str, lang: str) -> str:
    words = catalogue(lang)
    form = (f'<form method="get" action="/search"><input type="hidden" name="lang" value="{lang}">'
            f'<p><label>{escape(words["federation.search_text"])}<br><input name="q" value="{escape(text)}" '
            f'style="min-height:44px;width:100%"></label><br><span class="small">'
            f'{escape(words["federation.search_hint"])}</span></p><p><label>{escape(words["federation.from"])} '
            f'<input type="date" name="from" value="{escape(starts)}" style="min-height:44px"></label> '
            f'<label>{escape(words["federation.to"])} <input type="date" name="to" value="{escape(ends)}" '
            f'style="min-height:44px"></label></p><p><button style="min-height:44px;padding:0 18px">'
            f'{escape(words["federation.search"])}</button></p></form>')
    if not (text.strip() or starts or ends):
        return page(lang, words["federation.search"], form, {})
    wrong = [label for label, value in (("federation.from", starts), ("federation.to", ends))
             if value and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value)]
    if wrong:
        error = words["federation.bad_date"].format(field=words[wrong[0]])
        return page(lang, words["federation.search"], f'<p role="alert"><b>{escape(error)}</b></p>' + form, {})
    found = queries.search(archive, text, starts, ends)

    def more(kind: str) -> str:
        return (f'<p class="small">{escape(words["federation.more_found"].format(count=queries.SHOWN))}</p>'
                if found["more"][kind] else "")

    def listed(kind: str, items: str) -> str:
        return (f"<ul>{items}</ul>" if items else f'<p>{escape(words["federation.nothing_found"])}</p>') + more(kind)

    events = "".join(
        f'<li><a href="/standings?{escape(urlencode({"hall": e["hall"], "name": e["name"], "lang": lang}))}">'
        f'{escape(e["name"])}</a> <span class="small">{escape(e["hall_name"])} · '
        f'{escape(words["federation.dates"].format(starts=e["starts"], ends=e["ends"]))}</span></li>'
        for e in found["events"])
    players = "".join(
        f'<li>{player_link(p["who"], " / ".join(p["names"]), lang)} <span class="small">'
        f'{escape(p["federation_id"])} · {escape(", ".join(p["events"]))}</span></li>' for p in found["players"])
    entries = "".join(
        f'<li>{player_link(p["who"], p["names"][0], lang)} <span class="small">'
        f'{escape(words["federation.no_id_short"])} · {escape(p["events"][0])}</span></li>' for p in found["entries"])
    body = (form + f'<h2>{escape(words["federation.players_found"])}</h2>' + listed("players", players)
            + f'<h2>{escape(words["federation.entries_found"])}</h2>'
            + f'<p class="small">{escape(words["federation.entries_note"])}</p>' + listed("entries", entries)
            + f'<h2>{escape(words["federation.events_found"])}</h2>' + listed("events", events))
    return page(lang, words["federation.search"], body, {"q": text, "from": starts, "to": ends})
