"""The officers' page (``/officers``), rendered without a script: a form takes the officer's token (sent by
POST, never in an address, kept by no cookie), and the answer lists the enrolled halls and events, the pushes
waiting (an event not enrolled yet: the hall sends them again) or refused, per hall and reason, the alarms
(forks, seals dropping or changing a game without a reopen), the players hidden, and whether a rating
formula is stored.
"""

from __future__ import annotations

from html import escape
from typing import Any

from service.federation import queries
from service.federation.pages import catalogue, page
from service.federation.pages import when
from service.federation.ratings import formula_of

WAITING = ("event_not_enrolled",)


def sign_in_page(lang: str, refused: bool = False) -> str:
    words = catalogue(lang)
    error = f'<p role="alert"><b>{escape(words["federation.officer_refused"])}</b></p>' if refused else ""
    body = (error + f'<form method="post" action="/officers?lang={lang}"><p><label>'
            f'{escape(words["federation.officer_token"])}<br><input name="token" type="password" autocomplete="off" '
            f'style="min-height:44px;width:100%"></label></p><p><button style="min-height:44px;padding:0 18px">'
            f'{escape(words["federation.officer_open"])}</button></p></form>')
    return page(lang, words["federation.officers"], body, {})


def officers_page(archive: Any, lang: str) -> str:
    words = catalogue(lang)
    halls = archive.halls()
    names = {h["fingerprint"]: h["name"] for h in halls}
    events = archive.events()

    def table(head: list[str], rows: list[list[str]], empty: str) -> str:
        if not rows:
            return f"<p>{escape(words[empty])}</p>"
        heads = "".join(f"<th>{escape(words[h])}</th>" for h in head)
        body = "".join("<tr>" + "".join(f'<td><span class="label">{escape(words[h])}: </span>{c}</td>'
                                        for h, c in zip(head, row)) + "</tr>" for row in rows)
        return f"<table><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>"

    hall_rows = [[escape(h["name"]), f'<code class="small">{escape(h["fingerprint"][:16])}…</code>',
                  escape(words["federation.key_seen" if h["service_key"] else "federation.key_not_seen"]),
                  escape(", ".join(e["name"] for e in events if e["hall"] == h["fingerprint"]))] for h in halls]
    refusals = queries.refusals(archive)
    push_rows = [[escape(names.get(r["hall"], r["hall"][:16])),
                  escape(words["federation.waiting" if r["code"] in WAITING else "federation.refused"]) + f" ({r['times']})",
                  f'<code>{escape(r["code"])}</code><br><span class="small">{escape(r["message"])}</span>',
                  escape(when(r["last_at"]))] for r in refusals]
    alarm_rows = [[escape(words.get(f"federation.alarm.{a['kind']}", a["kind"])),
                   escape(f"{names.get(a['hall'], a['hall'][:16])} · {a['event'] or ''} · {a['round'] or ''}"),
                   f'<code class="small">{escape(a["game"] or "")}</code><br><span class="small">{escape(a["detail"])}'
                   "</span>", escape(when(a["at"]))] for a in archive.alarms()]
    hidden_rows = [[f"<code>{escape(who)}</code>"] for who in sorted(queries.hidden(archive))]
    formula = formula_of(archive)
    body = (f'<h2>{escape(words["federation.alarms"])} ({len(alarm_rows)})</h2>'
            + table(["federation.alarm", "federation.where", "federation.game", "federation.at"], alarm_rows,
                    "federation.no_alarms")
            + f'<h2>{escape(words["federation.pushes"])} ({len(push_rows)})</h2>'
            + table(["federation.hall", "federation.state", "federation.reason", "federation.at"], push_rows,
                    "federation.no_refusals")
            + f'<h2>{escape(words["federation.halls"])} ({len(hall_rows)})</h2>'
            + table(["federation.hall", "federation.fingerprint", "federation.key", "federation.events"], hall_rows,
                    "federation.no_halls")
            + f'<h2>{escape(words["federation.hidden_players"])}</h2>'
            + table(["federation.player"], hidden_rows, "federation.none_hidden")
            + f'<h2>{escape(words["federation.ratings"])}</h2><p>'
            + escape(words["federation.formula_stored"].format(name=formula.get("name", formula["kind"]))
                     if formula else words["federation.no_formula"]) + "</p>")
    return page(lang, words["federation.officers"], body, {})
