"""The scoresheet as the federation's paper sheet: plain text and a printable HTML page.

Both take the dict of ``projections.queries.scoresheet`` and write in the sheet's language
(Spanish for FILE, FISE and AJS, Catalan for FISC and Molins). The federation's mark goes in the
score column (``P``, ``I``, ``C-3``; FISC I.9 a dash for an exchange; ``T`` for a turn lost, with
a legend, as no rulebook has a mark for it), a correction shows the
old value struck through next to the new one with who made it and why, a score the player wrote
that differs from the true one is shown beside it, and a scrabble is circled where the profile
circles it (FISC I.9) and starred otherwise.

A Spanish digraph tile is printed as the player writes it, its two letters, marked as one tile
(FILE 11: CH, LL and RR are single tiles): underlined together, ``C̲H̲`` in text (U+0332 under each
letter) and ``<span class="tile2">CH</span>`` (one bar under both) in HTML; two single R tiles
print ``RR`` unmarked. The data keep the notation's brackets (``[CH]OZA``); only the print marks.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

#: A bracketed tile of the notation (Spanish [CH], [ll], and [R] for a single R written next to another).
BRACKETED = re.compile(r"\[([^\[\]]+)\]")
UNDER = "\u0332"  # combining low line: under each letter of a digraph tile in plain text

LABELS = {
    "es": {"title": "PLANILLA DE ANOTACIÓN", "event": "Torneo", "round": "Ronda", "table": "Mesa",
           "players": "Jugadores", "status": "Estado", "turn": "Nº", "word": "Palabra", "coord": "Coord.",
           "score": "Puntos", "total": "Total", "entered": "anotó", "rack": "Atril final",
           "time": "Penalización por tiempo", "sanctions": "Sanciones", "final": "TOTAL FINAL",
           "signature": "Firma", "signed": "firmada", "correction": "corrección", "scrabble": "scrabble",
           "winner": "Ganador", "draw": "Empate", "sheet": "planilla",
           "result": "Ajuste por resultado", "spread": "Diferencia", "cause": "Fin",
           "in_progress": "en juego", "ended": "terminada", "closed": "cerrada", "game": "Partida",
           "lost": "turno perdido, no un pase",
           "digraph": "subrayadas juntas, dos letras de una sola ficha (FILE 11)"},
    "ca": {"title": "FULL D'ANOTACIÓ", "event": "Torneig", "round": "Ronda", "table": "Taula",
           "players": "Jugadors", "status": "Estat", "turn": "Núm.", "word": "Paraula", "coord": "Coord.",
           "score": "Punts", "total": "Total", "entered": "anotat", "rack": "Faristol final",
           "time": "Penalització per temps", "sanctions": "Sancions", "final": "TOTAL FINAL",
           "signature": "Signatura", "signed": "signada", "correction": "correcció", "scrabble": "scrabble",
           "winner": "Guanyador", "draw": "Empat", "sheet": "full",
           "result": "Ajust pel resultat", "spread": "Diferència", "cause": "Final",
           "in_progress": "en joc", "ended": "acabada", "closed": "tancada", "game": "Partida",
           "lost": "torn perdut, no una passada",
           "digraph": "subratllades juntes, dues lletres d'una sola fitxa"},
}


def labels(sheet: dict[str, Any]) -> dict[str, str]:
    """The sheet's words in its language (Spanish when the language has no labels)."""
    return LABELS.get(sheet["language"], LABELS["es"])


def printed(word: str) -> str:
    """A word as the sheet prints it in text: a digraph tile's letters underlined together (``B̲U̲`` is never
    marked: only tiles of two or more letters), a single bracketed letter bare."""
    return BRACKETED.sub(lambda m: "".join(ch + UNDER for ch in m.group(1)) if len(m.group(1)) > 1
                         else m.group(1), word)


def printed_html(word: str) -> str:
    """A word as the sheet prints it in HTML: a digraph tile's letters in one underlined span."""
    out, at = [], 0
    for m in BRACKETED.finditer(word):
        out.append(escape(word[at:m.start()]))
        inner = escape(m.group(1))
        out.append(f'<span class="tile2">{inner}</span>' if len(m.group(1)) > 1 else inner)
        at = m.end()
    out.append(escape(word[at:]))
    return "".join(out)


def _pad(text: str, width: int) -> str:
    """Left-aligned in ``width`` columns, combining marks taking none."""
    shown = sum(1 for ch in text if ch not in (UNDER, "\u0336"))
    return text + " " * max(0, width - shown)


def struck(text: str) -> str:
    """Text struck through with combining long strokes, for plain-text corrections."""
    return "".join(ch + "\u0336" for ch in text)


def score_cell(row: dict[str, Any], circled: bool) -> str:
    """What goes in the score column: the federation's mark, or the points (a scrabble marked)."""
    if row["notation"] is not None:
        return row["notation"]
    if row["scrabble"]:
        return f"({row['score']})" if circled else f"{row['score']}*"
    return str(row["score"])


def _value(side: dict[str, Any]) -> str:
    """One side of a correction as written: the mark, the score, the running total or the word."""
    if side.get("notation") is not None:
        return side["notation"]
    for key in ("score", "word"):
        if key in side:
            return str(side[key]) if key == "score" else printed(str(side[key]))
    return f"Σ {side['total']}"


def _entries(row: dict[str, Any], words: dict[str, str]) -> str:
    """What the player announced and what each sheet shows, where it is not the true value."""
    if not row["differs"]:
        return ""
    parts = []
    if row["kind"] == "play" and row["entered"] is not None and row["entered"] != row["score"]:
        parts.append(f"{words['entered']} {row['entered']}")
    if row["kind"] == "play" and row["announced_total"] is not None and row["announced_total"] != row["total"]:
        parts.append(f"{words['entered']} Σ {row['announced_total']}")  # the total announced with it (FILE 32)
    for seat, w in row["written"].items():
        shown = "/".join("—" if v is None else str(v) for v in (w["score"], w["total"]))
        parts.append(f"{words['sheet']} {int(seat) + 1}: {shown}")
    return "; ".join(parts)


def _head(sheet: dict[str, Any], words: dict[str, str]) -> list[tuple[str, str]]:
    return [(words["event"], sheet["event"] or "—"), (words["round"], sheet["round"] or "—"),
            (words["table"], sheet["table"] or "—"),
            (words["players"], " – ".join(p["name"] for p in sheet["players"])),
            (words["status"], words.get(sheet["status"], sheet["status"]))]


def _result(sheet: dict[str, Any], words: dict[str, str]) -> str | None:
    settled = sheet["settlement"]
    if not settled:
        return None
    who = f"{words['winner']}: {settled['winner']}" if settled["winner"] else words["draw"]
    return f"{words['cause']}: {settled['cause']}. {who}. {words['spread']}: {settled['spread']}."


def _end_lines(player: dict[str, Any], end: dict[str, Any], words: dict[str, str], rack: str) -> list[tuple[str, str]]:
    """The lines below the last turn: racks, time, sanctions (with their reasons), a result rule, the total."""
    over = end["overtime_seconds"]
    time = f"{words['time']} ({over // 60}:{over % 60:02d})" if over else words["time"]
    out = [(f"{words['rack']}: {rack}", f"{end['rack_adjustment']:+d}"), (time, str(-end["time_penalty"])),
           (words["sanctions"], str(-end["sanctions"]))]
    out += [(f"  {s['reason']} ({s['article']}; {s['status']})", str(-s["points"])) for s in player["sanctions"]]
    if end["result_adjustment"]:
        out.append((words["result"], f"{end['result_adjustment']:+d}"))
    out.append((words["final"], str(player["final_score"])))
    return out


def legend_lines(sheet: dict[str, Any], words: dict[str, str]) -> list[str]:
    """The legend under the sheet: each mark no rulebook defines, what it means and the article behind it."""
    return [f"{item['mark']}: {words[item['kind']]} ({item['article']})" for item in sheet.get("legend", [])]


# ---- plain text -----------------------------------------------------------------------------
def render_text(sheet: dict[str, Any]) -> str:
    """The sheet as plain text: a header, one block per player, the end of game and the signatures."""
    words = labels(sheet)
    lines = [f"{words['title']} — {sheet['profile']} ({sheet['article']})"]
    lines.append("   ".join(f"{k}: {v}" for k, v in _head(sheet, words)))
    for player in sheet["players"]:
        lines += ["", f"{player['name']}",
                  f"{words['turn']:>4}  {words['word']:<18} {words['coord']:<6} {words['score']:>7} {words['total']:>6}"]
        for row in player["rows"]:
            score = score_cell(row, sheet["scrabble_circled"])
            extra = f"  [{_entries(row, words)}]" if row["differs"] else ""
            lines.append(f"{row['turn']:>4}  {_pad(printed(row['word'] or ''), 18)} {row['coordinates'] or '':<6} "
                         f"{score:>7} {row['total']:>6}{extra}")
            for c in row["corrections"]:
                lines.append(f"      {words['correction']}: {struck(_value(c['old']))} → {_value(c['new'])} "
                             f"({c['by']}, {c['at']}: {c['reason']})")
        end = player["end"]
        if end is not None:
            rack = " ".join(end["rack_written"]) or "—"
            for label, value in _end_lines(player, end, words, rack):
                lines.append(f"      {label:<34} {value:>7}")
        sign = player["signature"]
        lines.append(f"      {words['signature']}: " + (f"{words['signed']} {sign['at']} ({sign['actor']})"
                                                        if sign else "______________________"))
    result = _result(sheet, words)
    if result:
        lines += ["", result]
    if any(r["scrabble"] for p in sheet["players"] for r in p["rows"]) and not sheet["scrabble_circled"]:
        lines.append(f"* {words['scrabble']}")
    lines += legend_lines(sheet, words)
    marked = sorted({m.group(1).upper() for p in sheet["players"] for r in p["rows"]
                     for m in BRACKETED.finditer(r["word"] or "") if len(m.group(1)) > 1})
    if marked:
        lines.append(f"{' '.join(printed(f'[{t}]') for t in marked)}: {words['digraph']}")
    lines.append(f"{words['game']} {sheet['game_id']} · v{sheet['version']}")
    return "\n".join(lines) + "\n"


# ---- HTML -----------------------------------------------------------------------------------
STYLE = """
body{font-family:Georgia,'Times New Roman',serif;margin:1.5cm;color:#000}
h1{font-size:16pt;text-align:center;margin:0 0 .2cm}
.rule{text-align:center;font-size:9pt;margin-bottom:.4cm}
table.head{width:100%;border-collapse:collapse;margin-bottom:.4cm}
table.head td{border:1px solid #000;padding:4px 8px;font-size:11pt}
.sheets{display:flex;gap:.6cm}
.player{flex:1}
.player h2{font-size:13pt;border-bottom:2px solid #000;margin:0 0 4px}
table.rows{width:100%;border-collapse:collapse;font-size:10.5pt}
table.rows th,table.rows td{border:1px solid #000;padding:2px 5px}
table.rows td.n{text-align:right}
.scrabble{display:inline-block;border:1.5px solid #000;border-radius:50%;padding:0 4px}
.tile2{text-decoration:underline;text-decoration-thickness:1.5px;text-underline-offset:2px}
.entered{font-size:8pt;color:#444}
.correction{font-size:8pt}
s{color:#900}
table.end td{padding:2px 5px}
.final td{font-weight:bold;border-top:2px solid #000}
.signature{margin-top:.5cm;height:1.4cm;border-bottom:1px solid #000;font-size:9pt}
.foot{margin-top:.6cm;font-size:9pt}
@media print{body{margin:1cm}.sheets{gap:.4cm}}
"""


def _score_html(row: dict[str, Any], circled: bool) -> str:
    if row["notation"] is None and row["scrabble"]:
        return f'<span class="scrabble">{row["score"]}</span>' if circled else f"<b>{row['score']}</b>*"
    return escape(score_cell(row, circled))


def _value_html(side: dict[str, Any]) -> str:
    """One side of a correction in HTML: a word with its digraph tiles marked, anything else escaped."""
    if side.get("notation") is None and "score" not in side and "word" in side:
        return printed_html(str(side["word"]))
    return escape(_value(side))


def _row_html(row: dict[str, Any], sheet: dict[str, Any], words: dict[str, str]) -> str:
    score = _score_html(row, sheet["scrabble_circled"])
    if row["differs"]:
        score += f' <span class="entered">({escape(_entries(row, words))})</span>'
    fixes = "".join(
        f'<div class="correction">{escape(words["correction"])}: <s>{_value_html(c["old"])}</s> → '
        f'{_value_html(c["new"])} ({escape(c["by"])}, {escape(c["at"])}: {escape(c["reason"])})</div>'
        for c in row["corrections"])
    return (f'<tr><td class="n">{row["turn"]}</td><td>{printed_html(row["word"] or "")}</td>'
            f'<td>{escape(row["coordinates"] or "")}</td><td class="n">{score}{fixes}</td>'
            f'<td class="n">{row["total"]}</td></tr>')


def _player_html(player: dict[str, Any], sheet: dict[str, Any], words: dict[str, str]) -> str:
    rows = "".join(_row_html(r, sheet, words) for r in player["rows"])
    end, parts = player["end"], ""
    if end is not None:
        lines = _end_lines(player, end, words, " ".join(end["rack_written"]) or "—")
        final = len(lines) - 1
        body = "".join(f'<tr class="{"final" if i == final else "part"}"><td>{escape(label.strip())}</td>'
                       f'<td class="n">{escape(value)}</td></tr>' for i, (label, value) in enumerate(lines))
        parts = f'<table class="end">{body}</table>'
    sign = player["signature"]
    signed = f"{escape(words['signed'])} {escape(sign['at'])} ({escape(sign['actor'])})" if sign else ""
    return (f'<section class="player"><h2>{escape(player["name"])}</h2><table class="rows"><thead><tr>'
            f'<th>{escape(words["turn"])}</th><th>{escape(words["word"])}</th><th>{escape(words["coord"])}</th>'
            f'<th>{escape(words["score"])}</th><th>{escape(words["total"])}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>{parts}'
            f'<div class="signature">{escape(words["signature"])}: {signed}</div></section>')


def _sheet_body(sheet: dict[str, Any], service_key: str | None, seal: dict[str, Any] | None = None) -> str:
    """One sheet's printed body: heading, rulebook, header, one column per player, result, foot; with
    ``service_key`` (a fingerprint, printed in groups of four) the key that signs the game's closing head, and
    with ``seal`` (the game's ``round_seal`` attestation) the root of its round's seal, printed whole."""
    words = labels(sheet)
    head = "".join(f"<td><b>{escape(k)}:</b> {escape(str(v))}</td>" for k, v in _head(sheet, words))
    players = "".join(_player_html(p, sheet, words) for p in sheet["players"])
    result = _result(sheet, words)
    foot = f"<p>{escape(result)}</p>" if result else ""
    foot += "".join(f'<p class="legend">{escape(line)}</p>' for line in legend_lines(sheet, words))
    return (f"<h1>{escape(words['title'])}</h1>"
            f'<div class="rule">{escape(sheet["profile"])} · {escape(sheet["article"])}</div>'
            f'<table class="head"><tr>{head}</tr></table><div class="sheets">{players}</div>'
            f'<div class="foot">{foot}<p>{escape(words["game"])} {escape(sheet["game_id"])} · '
            f'v{sheet["version"]}</p>{_key_line(service_key)}{_seal_line(seal)}</div>')


def render_html(sheet: dict[str, Any], service_key: str | None = None, seal: dict[str, Any] | None = None) -> str:
    """A printable HTML page laid out like the paper sheet: header, one column per player, signatures, the
    service key's fingerprint and the round seal's root (``_sheet_body``)."""
    words = labels(sheet)
    return (f'<!DOCTYPE html><html lang="{escape(sheet["language"])}"><head><meta charset="utf-8">'
            f"<title>{escape(words['title'])} — {escape(' – '.join(p['name'] for p in sheet['players']))}</title>"
            f"<style>{STYLE}</style></head><body>{_sheet_body(sheet, service_key, seal)}</body></html>\n")


def render_round_html(title: str, sheets: list[dict[str, Any]], service_key: str | None = None) -> str:
    """Every sheet of a round in one printable page, each from a new page, in the order given."""
    lang = sheets[0]["language"] if sheets else "es"
    body = "".join(f'<section class="game">{_sheet_body(s, service_key)}</section>' for s in sheets)
    return (f'<!DOCTYPE html><html lang="{escape(lang)}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}.game+.game{{break-before:page;margin-top:1cm}}</style></head><body>{body}</body></html>\n")


def _seal_line(seal: dict[str, Any] | None) -> str:
    """The round seal's root as printed (a later rewrite of any game of the round contradicts it)."""
    if not seal:
        return ""
    groups = " ".join(seal["root"][i:i + 4] for i in range(0, len(seal["root"]), 4))
    return (f'<p class="key">Planilla round seal (planilla-seal/1): {escape(str(seal["event"]))} round '
            f'{escape(str(seal["round"]))}, {escape(str(seal["games"]))} games, sealed {escape(seal["sealed_at"])}; '
            f'root SHA-256: {escape(groups)}</p>')


def _key_line(fingerprint: str | None) -> str:
    """The service key's fingerprint as printed: what a tribunal compares with ``planilla audit verify``."""
    if not fingerprint:
        return ""
    groups = " ".join(fingerprint[i:i + 4] for i in range(0, 32, 4))
    return f'<p class="key">Planilla service key (Ed25519) SHA-256: {escape(groups)}</p>'
