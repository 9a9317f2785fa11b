"""A round's results sheet, printable (es, ca, en): every game of the round with its table, players, final
scores and winner, the head each closed game closed at, the service key's fingerprint and the round seal's
root, so that what was printed on the day contradicts any later rewrite of a game of that round (issue 16).

``results_html`` takes the rows ``service.trust.attest.round_results`` reads (one per game, in table order) and
the round's seal (or None: not sealed yet, said plainly); it prints, never computes: the heads and the
root are printed whole, in groups of four hex digits, as ``projections.render`` prints them on a sheet, and
under each closed game's head the short code of the players' receipt (``domain.game.receipt``, issue 26), which
a player compares with the code their tablet gave them. A hall pushing to a federation also prints the public
log's checkpoint that includes the round's seal once the federation's answer brought it (issue 29), and until
then that it is waiting for it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from projections.render import STYLE

WORDS = {
    "es": {"log": "Registro público de la federación: punto de control que incluye este sello (entrada {index})", "log_waiting": "Registro público de la federación: esperando su punto de control (el sello se envía en cuanto la sala puede llegar a la federación)",
           "title": "RESULTADOS DE LA RONDA", "event": "Torneo", "round": "Ronda", "table": "Mesa",
           "players": "Jugadores", "scores": "Puntos finales", "winner": "Ganador", "draw": "Empate",
           "head": "Cabeza al cerrar (versión, SHA-256)", "code": "Código del recibo", "open": "sin cerrar", "key": "Clave del servicio (Ed25519) SHA-256",
           "no_key": "este servicio no tiene clave: nada está firmado",
           "seal": "Sello de la ronda (planilla-seal/1), raíz SHA-256", "sealed": "sellada",
           "games": "partidas", "unsealed": "ronda sin sellar: la raíz se imprime cuando el director la sella",
           "none": "Ninguna partida de esta ronda.", "sealed_games": "en el sello",
           "check": "Verificación: planilla audit verify --service-key <clave> --seal <sello> <exportación>"},
    "ca": {"log": "Registre públic de la federació: punt de control que inclou aquest segell (entrada {index})", "log_waiting": "Registre públic de la federació: esperant-ne el punt de control (el segell s'envia tan bon punt la sala arriba a la federació)",
           "title": "RESULTATS DE LA RONDA", "event": "Torneig", "round": "Ronda", "table": "Taula",
           "players": "Jugadors", "scores": "Punts finals", "winner": "Guanyador", "draw": "Empat",
           "head": "Capçalera en tancar (versió, SHA-256)", "code": "Codi del rebut", "open": "sense tancar",
           "key": "Clau del servei (Ed25519) SHA-256", "no_key": "aquest servei no té clau: res no està signat",
           "seal": "Segell de la ronda (planilla-seal/1), arrel SHA-256", "sealed": "segellada",
           "games": "partides", "unsealed": "ronda sense segellar: l'arrel s'imprimeix quan el director la segella",
           "none": "Cap partida d'aquesta ronda.", "sealed_games": "al segell",
           "check": "Verificació: planilla audit verify --service-key <clau> --seal <segell> <exportació>"},
    "en": {"log": "The federation's public log: the checkpoint that includes this seal (entry {index})", "log_waiting": "The federation's public log: waiting for its checkpoint (the seal is sent as soon as the hall can reach the federation)",
           "title": "ROUND RESULTS", "event": "Event", "round": "Round", "table": "Table", "players": "Players",
           "scores": "Final scores", "winner": "Winner", "draw": "Draw", "head": "Closing head (version, SHA-256)", "code": "Receipt code",
           "open": "not closed", "key": "Service key (Ed25519) SHA-256",
           "no_key": "this service has no key: nothing is signed", "seal": "Round seal (planilla-seal/1), root SHA-256",
           "sealed": "sealed", "games": "games", "unsealed": "round not sealed: the root is printed once a director "
                                                              "seals it",
           "none": "No game in this round.", "sealed_games": "in the seal",
           "check": "To check: planilla audit verify --service-key <key> --seal <seal> <export>"},
}

EXTRA = ("table.results{width:100%;border-collapse:collapse;font-size:10.5pt;margin:.3cm 0}"
         "table.results th,table.results td{border:1px solid #000;padding:3px 6px;vertical-align:top;text-align:left}"
         ".hash{font-family:'DejaVu Sans Mono',monospace;font-size:9pt;word-break:break-all}"
         "table.results td.n{text-align:right}.root{font-size:11pt;border:2px solid #000;padding:6px 8px}"
         ".root .hash{font-size:12pt;font-weight:bold}"
         ".log pre{font-family:'DejaVu Sans Mono',monospace;font-size:8.5pt;white-space:pre-wrap;word-break:break-all;"
         "margin:.1cm 0}")


def grouped(hex_digits: str) -> str:
    """A hash as printed: every digit, in groups of four."""
    return " ".join(hex_digits[i:i + 4] for i in range(0, len(hex_digits), 4))


def results_html(event: str, round_: str, rows: list[dict[str, Any]], seal: dict[str, Any] | None,
                 fingerprint: str | None, language: str = "es", log: dict[str, Any] | None = None) -> str:
    """The printable page: heading, one row per game, then the service key and the seal's root; with ``log``
    (a hall pushing to a federation, issue 29) the public log's checkpoint that includes the seal, printed
    whole (``{"checkpoint": note, "log_index": i}``), or ``{}``: waiting for it."""
    words = WORDS.get(language, WORDS["es"])
    sealed = {g["game"]: g["head_hash"] for g in (seal or {}).get("games", [])}
    body = "".join(_row(r, words, sealed) for r in rows) or f'<tr><td colspan="6">{escape(words["none"])}</td></tr>'
    key = (f'<p class="key">{escape(words["key"])}: <span class="hash">{escape(grouped(fingerprint))}</span></p>'
           if fingerprint else f'<p class="key">{escape(words["no_key"])}</p>')
    if seal:
        root = (f'<p class="root"><b>{escape(words["seal"])}:</b> <span class="hash" data-testid="seal-root">'
                f'{escape(grouped(seal["root"]))}</span><br>{escape(str(seal["count"]))} {escape(words["games"])}, '
                f'{escape(words["sealed"])} {escape(str(seal["sealed_at"]))}</p>')
    else:
        root = f'<p class="root">{escape(words["unsealed"])}</p>'
    if seal and log is not None:
        root += (f'<div class="log" data-testid="log-checkpoint"><b>{escape(words["log"].format(index=log["log_index"]))}'
                 f':</b><pre>{escape(log["checkpoint"])}</pre></div>' if log.get("checkpoint") else
                 f'<p class="log" data-testid="log-checkpoint">{escape(words["log_waiting"])}</p>')
    head = (f'<tr><th>{escape(words["table"])}</th><th>{escape(words["players"])}</th>'
            f'<th>{escape(words["scores"])}</th><th>{escape(words["winner"])}</th><th>{escape(words["head"])}</th>'
            f'<th>{escape(words["sealed_games"])}</th></tr>')
    return (f'<!DOCTYPE html><html lang="{escape(language)}"><head><meta charset="utf-8">'
            f'<title>{escape(words["title"])} — {escape(event)} {escape(words["round"])} {escape(str(round_))}</title>'
            f"<style>{STYLE}{EXTRA}</style></head><body><h1>{escape(words['title'])}</h1>"
            f'<table class="head"><tr><td><b>{escape(words["event"])}:</b> {escape(event)}</td>'
            f'<td><b>{escape(words["round"])}:</b> {escape(str(round_))}</td></tr></table>'
            f'<table class="results"><thead>{head}</thead><tbody>{body}</tbody></table>'
            f'<div class="foot">{key}{root}<p>{escape(words["check"])}</p></div></body></html>\n')


def _row(row: dict[str, Any], words: dict[str, str], sealed: dict[str, str]) -> str:
    players = "<br>".join(escape(p) for p in row["players"])
    scores = "<br>".join("" if s is None else str(s) for s in row["scores"]) if row["scores"] else ""
    if row["winner"] is not None:
        winner = escape(row["players"][row["winner"]])
    else:
        winner = escape(words["draw"]) if row["scores"] else ""
    if row["head_hash"]:
        head = f'v{row["version"]} · {escape(grouped(row["head_hash"]))}'
        if row.get("code"):  # the players' receipt's short code (issue 26): what each tablet showed at closing
            head += (f'<br><span class="code" data-testid="receipt-code">{escape(words["code"])}: '
                     f'<b>{escape(row["code"])}</b></span>')
    else:
        head = escape(words["open"])
    mark = "✓" if sealed.get(row["game"]) == row["head_hash"] and row["head_hash"] else "—"
    table = "" if row["table"] is None else escape(str(row["table"]))
    return (f'<tr data-game="{escape(row["game"])}"><td class="n">{table}</td><td>{players}</td>'
            f'<td class="n">{scores}</td><td>{winner}</td><td class="hash">{head}</td><td>{mark}</td></tr>')
