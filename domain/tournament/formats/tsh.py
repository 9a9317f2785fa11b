"""tsh's division file (``a.t``) and its live JSON feed, written and read.

The ``.t`` file (tsh manual, "Configuring tsh": one data file per division, ``a.t``, ``b.t``) has one
line per player, the player's number being the line's (numbered within the division): the name, the
rating, the opponents' numbers round by round (0: a bye), a semicolon, the player's own scores round by round; then optional fields,
each ``; key value value ...``. tsh's own ``p12`` field says who went first each round (1 first,
2 second, 0 a bye).

Written so that tsh, reading the file its own way, gives Planilla's points. tsh's manual ("Entering
results": a bye is one player number and one score, "usually 50, or -50 for a forfeit") and its
``TSH::Player`` (a player without an opponent has the score as the game's spread; the spread's sign
wins, ties or loses) decide: a bye (FISC I.1 C: a point) is opponent 0 with a score above 0 (1 when
its spread is 0); both absent (AJS 4.1.11.1: no points for either) and a round without a result
(not paired, or a game not finished) are opponent 0 with -1, a loss for tsh. Where tsh's spread then
differs from Planilla's, the writer's notes say so. Planilla adds fields of its own, which tsh keeps
as unknown fields (an assumption, see docs/tournaments.md): ``plkind`` (each round: P played, B bye,
F forfeit, A both absent, - not paired), ``plreal`` (for a round written for tsh's reading, what was
recorded: ``opponent:p12:score``; ``=`` for the others), ``plid`` (the federation id) and ``plclub``
(the club, spaces as ``_``). Without them a file from tsh reads as tsh means it: opponent 0 with a
score of 0 or more a bye, below 0 no result, anything else a game.

The live feed is the JSON object tsh publishes for broadcast overlays to poll (its ``tourney.js``):
``{"config": {...}, "divisions": [{"name": "A", "players": [null, {"id": 1, "name", "rating",
"pairings", "scores", "etc": {"p12": [...], ...}}]}]}``: index 0 of ``players`` is null so each
player sits at their number, as in the ``.t`` file; every division of the tournament is written,
each numbered from 1 as its ``.t`` file is, and read back with its name.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from domain.errors import msg
from domain.tournament.formats.sheet import Entry, FormatError, Line, Note, Sheet, joined
from domain.tournament.results import Kind

KIND_LETTER = {Kind.PLAYED: "P", Kind.BYE: "B", Kind.FORFEIT: "F", Kind.BOTH_ABSENT: "A"}
LETTER_KIND = {v: k for k, v in KIND_LETTER.items()}
NOT_PAIRED = "-"


# ---- per player, per round ---------------------------------------------------------------------
class _Round(NamedTuple):
    """One round of a player's line: what tsh reads (opponent, score, p12) and what Planilla recorded."""

    opponent: int
    score: int
    p12: int
    letter: str
    real: str  #: ``=`` when the three columns are exact, else ``opponent:p12:score`` as recorded


def _rounds(sheet: Sheet, number: int) -> list[_Round]:
    """Each round played so far, written so that tsh's reading gives Planilla's points (tsh's manual: a bye is
    opponent 0 and the sign of the player's score decides it: above 0 a win, 0 a tie, below 0 a loss)."""
    out = []
    for round_no in range(1, sheet.played_rounds + 1):
        line = sheet.line_of(round_no, number)
        if line is None:  # no result: not paired (a late entry, a withdrawal) or the game not finished; tsh reads 0
            # as a tie
            out.append(_Round(0, UNPAIRED_SCORE, 0, NOT_PAIRED, "="))
            continue
        side = 0 if line.first == number else 1
        scores = line.scores or (0, 0)
        if line.second is None:  # a bye: a win (FISC I.1 C, AJS 4.1.6), so its score is above 0
            score = scores[0] - scores[1]
            written = score if score > 0 else BYE_SCORE
            out.append(_Round(0, written, 0, "B", "=" if written == scores[0] else f"0:0:{scores[0]}"))
            continue
        opponent = line.second if side == 0 else line.first
        if line.kind is Kind.BOTH_ABSENT:  # no points for either (AJS 4.1.11.1): a loss each for tsh
            out.append(_Round(0, UNPAIRED_SCORE, 0, "A", f"{opponent}:{side + 1}:{scores[side]}"))
            continue
        out.append(_Round(opponent, scores[side], side + 1, KIND_LETTER[line.kind], "="))
    return out


BYE_SCORE = 1  #: a bye's score when its spread is 0: the least tsh counts a win (its manual's usual is 50)
UNPAIRED_SCORE = -1  #: a round without points and without a game: the least tsh counts a loss (manual: -50)


def tsh_notes(sheet: Sheet, notes: list[Note]) -> None:
    """What tsh's reading of the rounds differs in from Planilla's: the spread of byes, double absences and
    rounds not paired (the points agree)."""
    kinds: dict[str, list[int]] = {"B": [], "A": [], NOT_PAIRED: []}
    for e in sheet.players:
        for r in _rounds(sheet, e.number):
            if r.letter in kinds and (r.letter != "B" or r.real != "=") and e.number not in kinds[r.letter]:
                kinds[r.letter].append(e.number)
    if kinds["B"]:
        notes.append(Note("tsh.bye", f"a bye is written as opponent 0 with score {BYE_SCORE} (player(s) "
                          f"{', '.join(map(str, kinds['B']))}): tsh counts it a win, as Planilla does, with "
                          f"{BYE_SCORE} more spread than Planilla's 0", tuple(kinds["B"])))
    if kinds["A"]:
        notes.append(Note("tsh.both_absent", f"both absent (AJS 4.1.11.1: no points) is written as opponent 0 with "
                          f"score {UNPAIRED_SCORE} for each (player(s) {', '.join(map(str, kinds['A']))}): tsh "
                          f"counts a loss each (0 points, as Planilla), spread {UNPAIRED_SCORE}, and does not see "
                          "them paired (the plreal field keeps the table)", tuple(kinds["A"])))
    if kinds[NOT_PAIRED]:
        notes.append(Note("tsh.not_paired", f"a round a player has no result in (not paired: a late entry, a "
                          f"withdrawal; or a game not finished yet) is written as opponent 0 with score "
                          f"{UNPAIRED_SCORE} (player(s) "
                          f"{', '.join(map(str, kinds[NOT_PAIRED]))}): tsh counts a loss (0 points, as Planilla), "
                          f"spread {UNPAIRED_SCORE}", tuple(kinds[NOT_PAIRED])))


def write_t(sheet: Sheet, notes: list[Note] | None = None) -> str:
    """The division's ``.t`` file (a sheet of several divisions is refused: tsh keeps one file a division;
    ``write(sheet, "tsh", division=...)`` writes one)."""
    if len(sheet.divisions) > 1:
        raise FormatError(msg("tournament.tsh_keeps_one_t", divisions=', '.join(sheet.divisions)),
                          field="division")
    lines = []
    for e in sheet.players:
        rounds = _rounds(sheet, e.number)
        head = " ".join([e.name, str(e.rating), *(str(r.opponent) for r in rounds)])
        fields = [" ".join(str(r.score) for r in rounds),
                  " ".join(["p12", *(str(r.p12) for r in rounds)]),
                  " ".join(["plkind", *(r.letter for r in rounds)])]
        if any(r.real != "=" for r in rounds):
            fields.append(" ".join(["plreal", *(r.real for r in rounds)]))
        if e.federation_id:
            fields.append(f"plid {e.federation_id}")
        if e.club:
            fields.append("plclub " + e.club.replace(" ", "_"))
        lines.append(head + "; " + "; ".join(fields))
    if notes is not None:
        tsh_notes(sheet, notes)
    return "\n".join(lines) + "\n"


def read_t(text: str, *, name: str = "", rounds: int | None = None, division: str = "A") -> Sheet:
    """A ``.t`` file read back (its players in ``division``: the file does not name its own); every line checked
    (the numbers, the semicolon, the scores)."""
    rows = []
    for number, raw in enumerate((x for x in text.splitlines() if x.strip() and not x.lstrip().startswith("#")),
                                 start=1):
        head, sep, rest = raw.partition(";")
        if not sep:
            raise FormatError(msg("tournament.tsh_player_line_has"), line=number,
                              field="scores")
        parts = [p.strip() for p in rest.split(";")]
        scores = _ints(parts[0], number, "scores")
        etc = {}
        for part in parts[1:]:
            if part:
                key, *values = part.split()
                etc[key] = values
        # the head is the name, the rating, then one opponent a round: as many as p12 has entries (tsh writes
        # it for every round paired), else as many as there are scores; a name may end in a number
        tokens = head.split()
        paired = len(etc["p12"]) if "p12" in etc else len(scores)
        at = len(tokens) - 1 - paired
        if at < 1 or not all(t.isdecimal() for t in tokens[at:]):
            raise FormatError(msg("tournament.tsh_player_line_starts"), line=number, field="rating")
        rows.append((number, " ".join(tokens[:at]), int(tokens[at]), [int(t) for t in tokens[at + 1:]], scores,
                     etc))
    return _sheet(rows, name, rounds, division)


def _ints(text: str, line: int, field: str) -> list[int]:
    try:
        return [int(x) for x in text.split()]
    except ValueError:
        raise FormatError(msg("tournament.are_whole_numbers", field=field), line=line, field=field) from None


def _real(row: tuple[int, str, int, list[int], list[int], dict[str, list[str]]]
          ) -> tuple[int, str, int, list[int], list[int], dict[str, list[str]]]:
    """A row with Planilla's ``plreal`` applied: each round written for tsh's reading (a bye's score, a double
    absence as two losses without an opponent) back to what was recorded (``opponent:p12:score``)."""
    n, name, rating, pairings, scores, etc = row
    real = etc.get("plreal")
    if not real:
        return row
    pairings, scores, p12 = list(pairings), list(scores), list(etc.get("p12", []))
    for i, token in enumerate(real):
        if token == "=":
            continue
        try:
            opponent, first, score = (int(x) for x in token.split(":"))
        except ValueError:
            raise FormatError(msg("tournament.plreal_opponent_p_score", token=token), line=n,
                              field="plreal") from None
        if i >= len(pairings) or i >= len(scores):
            raise FormatError(msg("tournament.plreal_names_round_which", i=i + 1), line=n, field="plreal")
        pairings[i], scores[i] = opponent, score
        if i < len(p12):
            p12[i] = str(first)
    return n, name, rating, pairings, scores, {**etc, "p12": p12}


def _sheet(rows: list[tuple[int, str, int, list[int], list[int], dict[str, list[str]]]], name: str,
           rounds: int | None, division: str = "A") -> Sheet:
    """Pair up the players' half-lines round by round into tables, checking each agrees with the other."""
    rows = [_real(row) for row in rows]
    count = len(rows)
    entries = tuple(Entry(n, nm, rating, " ".join(etc.get("plid", [])), " ".join(etc.get("plclub", [])).replace(
        "_", " "), division) for n, nm, rating, _, _, etc in rows)
    by_number = {n: (pairings, scores, etc) for n, _, _, pairings, scores, etc in rows}
    lines: list[Line] = []
    played = max((len(p) for _, _, _, p, _, _ in rows), default=0)
    for n, _, _, pairings, scores, etc in rows:
        if len(scores) > len(pairings):
            raise FormatError(msg("tournament.player_has_scores_for", n=n, n_scores=len(scores),
                                  n_pairings=len(pairings)), line=n,
                              field="scores")
        kinds = etc.get("plkind")
        p12 = etc.get("p12")
        for i, opponent in enumerate(pairings):
            round_no = i + 1
            if i >= len(scores):
                continue  # paired, no score yet: not a result
            letter = kinds[i] if kinds and i < len(kinds) else None
            if letter is not None and letter != NOT_PAIRED and letter not in LETTER_KIND:
                raise FormatError(msg("tournament.plkind_letters_are_p", letter=letter), line=n, field="plkind")
            if letter == NOT_PAIRED:
                continue
            if opponent == 0:
                if letter is None and scores[i] < 0:
                    continue  # tsh's loss without an opponent (its manual's forfeit, -50): no game, no points
                lines.append(Line(round_no, n, None, (scores[i], 0), Kind.BYE))
                continue
            if not 1 <= opponent <= count:
                raise FormatError(msg("tournament.round_no_player_this", round_no=round_no, opponent=opponent), line=n,
                                  field="pairings")
            their = by_number[opponent]
            if len(their[0]) <= i or their[0][i] != n:
                raise FormatError(msg("tournament.round_player_meets_whose_2", round_no=round_no, n=n,
                                      opponent=opponent), line=n, field="pairings")
            if len(their[1]) <= i:
                raise FormatError(msg("tournament.round_player_has_no", round_no=round_no, opponent=opponent, n=n), line=opponent,
                                  field="scores")
            said = p12[i] if p12 and i < len(p12) else ""
            first = said == "1" if said in ("1", "2") else n < opponent  # tsh's 3: to be drawn; unknown: by number
            if not first:
                continue  # the first player's line writes the table
            kind = LETTER_KIND[letter] if letter else Kind.PLAYED
            lines.append(Line(round_no, n, opponent, (scores[i], their[1][i]), kind))
    return Sheet(name, rounds if rounds is not None else played, entries, tuple(lines)).sorted()


# ---- the live feed -----------------------------------------------------------------------------
def live_feed(sheet: Sheet) -> dict[str, Any]:
    """The JSON object tsh publishes for overlays (``tourney.js``): every division, players at their numbers."""
    return {"config": {"event_name": sheet.name, "max_rounds": sheet.rounds, "event_date": sheet.date},
            "divisions": [{"name": name, "players": _feed_players(sheet.division(name) if len(sheet.divisions) > 1
                                                                  else sheet)} for name in sheet.divisions]}


def _feed_players(sheet: Sheet) -> list[dict[str, Any] | None]:
    players: list[dict[str, Any] | None] = [None]
    for e in sheet.players:
        rounds = _rounds(sheet, e.number)
        etc: dict[str, Any] = {"p12": [r.p12 for r in rounds], "plkind": [r.letter for r in rounds]}
        if any(r.real != "=" for r in rounds):
            etc["plreal"] = [r.real for r in rounds]
        if e.federation_id:
            etc["plid"] = [e.federation_id]
        if e.club:
            etc["plclub"] = [e.club]
        players.append({"id": e.number, "name": e.name, "rating": e.rating, "pairings": [r.opponent for r in rounds],
                        "scores": [r.score for r in rounds], "etc": etc})
    return players


def write_live(sheet: Sheet, notes: list[Note] | None = None) -> str:
    if notes is not None:
        for name in sheet.divisions:
            tsh_notes(sheet.division(name) if len(sheet.divisions) > 1 else sheet, notes)
    return json.dumps(live_feed(sheet), ensure_ascii=False, indent=1) + "\n"


def read_live(text: str | dict[str, Any], *, division: str | None = None) -> Sheet:
    """A live feed read back: every division (numbered on through them, each player keeping its division's
    name), or only the one named (numbered 1 to n)."""
    refused = FormatError(msg("tournament.tsh_feed_json_object"),
                          field="divisions")
    try:
        data = json.loads(text) if isinstance(text, str) else text
    except ValueError:
        raise refused from None
    if not isinstance(data, dict) or not isinstance(data.get("divisions"), list):
        raise refused
    chosen = [d for d in data["divisions"] if isinstance(d, dict) and (division is None or d.get("name") == division)]
    if not chosen or not all(isinstance(d.get("players"), list) for d in chosen):
        raise refused
    config = data.get("config") if isinstance(data.get("config"), dict) else {}
    rounds = config.get("max_rounds")
    name = str(config.get("event_name", ""))
    names = [str(d.get("name") or "A") for d in chosen]
    if len(set(names)) != len(names):
        raise FormatError(msg("tournament.each_division_tsh_feed"), field="divisions")
    return joined([_feed_division(d, label, name, rounds if isinstance(rounds, int) else None)
                   for d, label in zip(chosen, names)])


def _feed_division(chosen: dict[str, Any], label: str, name: str, rounds: int | None) -> Sheet:
    rows = []
    for index, p in enumerate(chosen["players"]):
        if p is None:
            continue
        try:
            etc = {str(k): [str(v) for v in vs] for k, vs in p.get("etc", {}).items()}
            if etc.get("plclub"):
                etc["plclub"] = [etc["plclub"][0].replace(" ", "_")]
            rows.append((int(p.get("id", index)), str(p["name"]), int(p.get("rating", 0)),
                         [int(x) for x in p["pairings"]], [int(x) for x in p["scores"]], etc))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise FormatError(msg("tournament.player_needs_name_pairings", index=index), line=index,
                              field="players") from None
    rows.sort(key=lambda row: row[0])
    if [row[0] for row in rows] != list(range(1, len(rows) + 1)):
        raise FormatError(msg("tournament.division_players_ids_run", label=label),
                          field="players")
    return _sheet(rows, name, rounds, label)
