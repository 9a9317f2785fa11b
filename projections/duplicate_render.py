"""A duplicate's printable sheets in Spanish, Catalan or English: the player's sheet, a round's table of slips,
the master-move sheet and the ranking, as HTML pages laid out for paper (the conventions of the game's sheet,
``projections.render``: its style, digraph tiles underlined together, the service key's fingerprint).

Each takes what a route may show its caller (the hiding is done before: a round in play prints only what the
round view shows that caller) and the duplicate's row (``projections.duplicate_queries.game``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from projections.render import STYLE, _key_line, printed_html

LANGUAGES = ("es", "ca", "en")
#: The sheet's language when none is asked for: the federation's own.
DEFAULT_LANGUAGE = {"fisc-2023": "ca", "ajs-2012": "es"}

LABELS = {
    "es": {"sheet": "HOJA DEL JUGADOR · DUPLICADA", "round_table": "TABLA DE LA RONDA", "masters": "JUGADAS MAESTRAS",
           "ranking": "CLASIFICACIÓN", "round": "Ronda", "rack": "Atril", "entry": "Jugada anotada",
           "coord": "Coord.", "master": "Maestra", "score": "Puntos", "percent": "% maestra", "total": "Total",
           "bonus": "Bonif.", "causes": "Nula", "player": "Jugador", "seat": "Puesto", "arrived": "Llegada",
           "method": "Elegida", "by": "por", "rank": "Pos.", "points": "Jugadas", "played": "Rondas",
           "master_total": "Total de las maestras", "in_play": "ronda en juego: papeletas ocultas hasta «¡Tiempo!»",
           "none": "—", "game": "Duplicada", "after": "tras la ronda", "out": "fuera", "signature": "Firma del juez",
           "coordinates": "coordenadas", "word": "palabra", "blank": "comodín", "late": "tarde",
           "conduct": "conducta", "missing": "sin papeleta", "slip": "papeleta", "entered": "introducida",
           "computed": "calculada", "solo": "top en solitario"},
    "ca": {"sheet": "FULL DEL JUGADOR · DUPLICAT", "round_table": "TAULA DE LA RONDA", "masters": "JUGADES MESTRES",
           "ranking": "CLASSIFICACIÓ", "round": "Ronda", "rack": "Faristol", "entry": "Jugada anotada",
           "coord": "Coord.", "master": "Mestra", "score": "Punts", "percent": "% mestra", "total": "Total",
           "bonus": "Bonif.", "causes": "Nul·la", "player": "Jugador", "seat": "Lloc", "arrived": "Arribada",
           "method": "Triada", "by": "per", "rank": "Pos.", "points": "Jugades", "played": "Rondes",
           "master_total": "Total de les mestres", "in_play": "ronda en joc: paperetes amagades fins a «Temps!»",
           "none": "—", "game": "Duplicat", "after": "després de la ronda", "out": "fora",
           "signature": "Signatura del jutge", "coordinates": "coordenades", "word": "paraula", "blank": "escarràs",
           "late": "tard", "conduct": "conducta", "missing": "sense papereta", "slip": "papereta",
           "entered": "introduïda", "computed": "calculada", "solo": "top en solitari"},
    "en": {"sheet": "PLAYER'S SHEET · DUPLICATE", "round_table": "ROUND TABLE", "masters": "MASTER MOVES",
           "ranking": "RANKING", "round": "Round", "rack": "Rack", "entry": "Entry", "coord": "Coord.",
           "master": "Master", "score": "Score", "percent": "% of master", "total": "Total", "bonus": "Bonus",
           "causes": "Null", "player": "Player", "seat": "Seat", "arrived": "Arrived", "method": "Chosen",
           "by": "by", "rank": "Rank", "points": "Plays", "played": "Rounds", "master_total": "Masters' total",
           "in_play": "round in play: slips hidden until time is called", "none": "—", "game": "Duplicate",
           "after": "after round", "out": "out", "signature": "Judge's signature", "coordinates": "coordinates",
           "word": "word", "blank": "blank", "late": "late", "conduct": "conduct", "missing": "no slip",
           "slip": "a slip", "entered": "entered", "computed": "computed", "solo": "solo top"},
}


def language(asked: str | None, profile: str) -> str:
    return asked if asked in LANGUAGES else DEFAULT_LANGUAGE.get(profile, "es")


def _num(value: Any) -> str:
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _rack(tiles: list[str]) -> str:
    return " ".join(escape(t) for t in tiles)


def _causes(causes: list[str], words: dict[str, str]) -> str:
    return escape(", ".join(words.get(c, c) for c in causes))


def _table(heads: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    body = "".join("<tr>" + "".join(f'<td class="n">{c}</td>' if i in numeric else f"<td>{c}</td>"
                                    for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f'<table class="rows"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _page(title: str, game: dict[str, Any], lang: str, body: str, service_key: str | None) -> str:
    words = LABELS[lang]
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1>"
            f'<div class="rule">{escape(game["profile"])}</div>{body}'
            f'<div class="foot"><p>{escape(words["game"])} {escape(str(game["duplicate_id"]))} · v{game["version"]}'
            f"</p>{_key_line(service_key)}</div></body></html>\n")


def sheet_html(sheet: dict[str, Any], game: dict[str, Any], lang: str, service_key: str | None = None) -> str:
    """The player's sheet: each round's rack, own entry, master, score (null causes), bonus, % and total."""
    w = LABELS[lang]
    rows = []
    for r in sheet["rows"]:
        entry, master = r["entry"], r["master"]
        rows.append([str(r["round"]), _rack(r["rack"]),
                     printed_html(entry["word"]) if entry else w["none"], escape(entry["coordinates"]) if entry else "",
                     f'{printed_html(master["word"])} {escape(master["coordinates"])}' if master else "",
                     _num(master["score"]) if master else "", _num(r["score"]), _causes(r["causes"], w),
                     _num(r["bonus"]) if r["bonus"] else "", _num(r["percent"]), _num(r["total"])])
    table = _table([w["round"], w["rack"], w["entry"], w["coord"], w["master"], w["master"] + " " + w["score"].lower(),
                    w["score"], w["causes"], w["bonus"], w["percent"], w["total"]], rows, {0, 5, 6, 8, 9, 10})
    head = (f'<table class="head"><tr><td><b>{escape(w["player"])}:</b> {escape(sheet["player"])}</td>'
            f'<td><b>{escape(w["seat"])}:</b> {sheet["seat"] + 1}</td><td><b>{escape(w["total"])}:</b> '
            f'{_num(sheet["total"])}</td><td><b>{escape(w["master_total"])}:</b> {_num(sheet["master_total"])}</td>'
            "</tr></table>")
    return _page(f'{w["sheet"]} — {sheet["player"]}', game, lang, head + table, service_key)


def round_html(view: dict[str, Any], game: dict[str, Any], lang: str, service_key: str | None = None) -> str:
    """A round's table: the rack, every slip the caller may see (score and causes once read), the master."""
    w = LABELS[lang]
    names = game["players"]
    rows = [[str(s["seat"] + 1), escape(names[s["seat"]]), printed_html(s["word"] or ""), escape(s["coordinates"] or ""),
             _num(((view["results"] or {}).get(str(s["seat"])) or {}).get("score", s["score"])),
             _causes(s["causes"] or [], w), escape(s.get("arrived_at") or "")] for s in view["slips"]]
    rows += [[str(seat + 1), escape(names[seat]), w["none"], "", "0", escape(w["missing"]), ""]
             for seat in view["missing"] if view["results"] is not None and not any(s["seat"] == seat
                                                                                    for s in view["slips"])]
    table = _table([w["seat"], w["player"], w["entry"], w["coord"], w["score"], w["causes"], w["arrived"]], rows,
                   {0, 4})
    master = view["master"]
    about = (f'<p><b>{escape(w["master"])}:</b> {printed_html(master["word"])} {escape(master["coordinates"])} · '
             f'{master["score"]} · {escape(w["method"])}: {escape(w.get(master["method"], master["method"]))}</p>'
             if master else f'<p class="entered">{escape(w["in_play"])}</p>' if view["closed_at"] is None else "")
    solo = (f'<p>{escape(w["solo"])}: {escape(names[view["solo_top"]])} (+{_num(view["bonus"])})</p>'
            if view.get("solo_top") is not None and view["results"] is not None else "")
    head = (f'<table class="head"><tr><td><b>{escape(w["round"])}:</b> {view["round"]}</td>'
            f'<td><b>{escape(w["rack"])}:</b> {_rack(view["rack"])}</td></tr></table>')
    sign = f'<div class="signature">{escape(w["signature"])}:</div>'
    return _page(f'{w["round_table"]} {view["round"]}', game, lang, head + about + solo + table + sign, service_key)


def masters_html(rounds: list[dict[str, Any]], game: dict[str, Any], lang: str, service_key: str | None = None) -> str:
    """The master-move sheet: each round's rack, master, its score, how it was chosen, the running total."""
    w = LABELS[lang]
    rows, total = [], 0
    for r in rounds:
        m = r["master"] if r["closed_at"] is not None else None
        if m is not None and r["results"] is not None:
            total += m["score"]
        rows.append([str(r["round"]), _rack(r["rack"]), printed_html(m["word"]) if m else w["none"],
                     escape(m["coordinates"]) if m else "", _num(m["score"]) if m else "",
                     escape(w.get(m["method"], m["method"])) if m else "", _num(total) if m else ""])
    table = _table([w["round"], w["rack"], w["master"], w["coord"], w["score"], w["method"], w["total"]], rows,
                   {0, 4, 6})
    return _page(w["masters"], game, lang, table, service_key)


def ranking_html(view: dict[str, Any], game: dict[str, Any], lang: str, service_key: str | None = None) -> str:
    """The ranking after a round (AJS 3.2.10 ties, 3.2.11 bonuses; FISC II.8): rank, player, total and its parts."""
    w = LABELS[lang]
    rows = [[str(r["rank"]), escape(r["player"]) + (f' ({escape(w["out"])})' if r.get("out") else ""),
             _num(r["total"]), _num(r["points"]), _num(r["bonus"]) if r["bonus"] else "", _num(r["percent"]),
             _num(r["rounds_played"])] for r in view["rows"]]
    table = _table([w["rank"], w["player"], w["total"], w["points"], w["bonus"], w["percent"], w["played"]], rows,
                   {0, 2, 3, 4, 5, 6})
    head = (f'<table class="head"><tr><td><b>{escape(w["after"])}</b> {view["round"]}</td>'
            f'<td><b>{escape(w["master_total"])}:</b> {_num(view["master_total"])}</td>'
            f'<td>{escape(view.get("article") or "")}</td></tr></table>')
    sign = f'<div class="signature">{escape(w["signature"])}:</div>'
    return _page(f'{w["ranking"]}', game, lang, head + table + sign, service_key)
