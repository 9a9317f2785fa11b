"""The players' own sheets, arithmetic corrections and blank designation disputes (FILE 10.3, 40; FISE 41;
AJS 2 on FISE 41; FISC I.9).

The service's running scores are the engine's: a recorded play is scored from its tiles, so the
arithmetic is never wrong there. What can be wrong is what the players announced and wrote. Each
sheet is kept as written (``write_sheet_entry``); ``discrepancies()`` shows where the sheets, the
announcement and the true values part; ``correct_score`` records an agreed correction of the
written value to the true one, within the window the profile allows, without touching the
original events.

A turn is aimed at as the printed sheet numbers it: the player whose line it is (``player``, a
seat) and the line's number in that player's column, from 1 (``turn``): Ana's ``turn`` 3 is her
third play, exchange, pass or lost turn, the «Nº 3» of her column. The events keep the game's own
turn index (from 0, both players together), as they always have; ``sheet_line`` and
``turn_index`` convert between the two.
"""

from __future__ import annotations

from typing import Any

from domain.game import incidents as inc
from domain.game.errors import RuleViolation, WrongPhase
from domain.errors import NotationError, msg
from domain.game.meta import Meta
from domain.notation import parse_word, read_tile
from domain.profiles.kinds import BlankDispute, Correction

FIELDS = {"score": "sheet.play_correction", "total": "sheet.total_correction"}


class SheetCommands:
    """Sheets as written, corrections, and the blank's letter when the sheets disagree."""

    # ---- the sheet's numbering -------------------------------------------------------------
    def sheet_line(self, index: int) -> tuple[int, int]:
        """The game's turn ``index`` (from 0) as the printed sheet numbers it: (seat, that player's line from 1)."""
        seat = self.turns[index]["seat"]
        return seat, sum(1 for t in self.turns[:index + 1] if t["seat"] == seat)

    def turn_index(self, player: Any, turn: Any, *, word: str | None = None) -> int:
        """The game's turn index of ``player``'s line ``turn`` (from 1, as printed); refused, naming the field and
        the sheet's article, when that line is not written, or when ``word`` is given and the line holds another."""
        article = self.book.article("sheet")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(self.players):
            raise RuleViolation(msg("game.seat_whose_line_from", n_players=len(self.players) - 1),
                                code="bad_turn", field="player", article=article)
        lines = [i for i, t in enumerate(self.turns) if t["seat"] == player]
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= len(lines):
            written = {0: "no turn yet", 1: "turn 1 only"}.get(len(lines), f"turns 1 to {len(lines)}")
            raise RuleViolation(msg("game.sheet_has_numbered_from", player=self.players[player], written=written,
                                    turn=turn, article=article), code="bad_turn", field="turn", article=article)
        index = lines[turn - 1]
        if word is not None:
            self._check_word(index, player, turn, word, article)
        return index

    def _check_word(self, index: int, player: int, turn: int, word: str, article: str) -> None:
        t = self.turns[index]
        on_line = t.get("word") if t["kind"] == "play" else None
        try:
            said = [w.tile.letter for w in parse_word(word, self.tileset) if w.tile is not None]
        except NotationError:
            said = None
        written = None if on_line is None else [w.tile.letter for w in parse_word(on_line, self.tileset)
                                                if w.tile is not None]
        if said is None or said != written:
            shown = on_line if on_line is not None else f"no word (a {t['kind']})"
            raise RuleViolation(msg("game.turn_holds_not_check", player=self.players[player], turn=turn, shown=shown,
                                    word=word, article=article), code="wrong_line", field="word", article=article)

    def _line_name(self, index: int) -> str:
        seat, number = self.sheet_line(index)
        return f"{self.players[seat]}'s turn {number}"

    # ---- views ----------------------------------------------------------------------------
    def true_value(self, turn: int, field: str) -> int:
        """The engine's score of a turn, or its player's running total after it."""
        t = self.turns[turn]
        if field == "score":
            return t["score"]
        return sum(x["score"] for x in self.turns[:turn + 1] if x["seat"] == t["seat"])

    def written(self, sheet: int, turn: int, field: str) -> int | None:
        """What a sheet shows for a turn's field, with any agreed correction applied; None if not written."""
        value = self.sheets.get(str(sheet), {}).get(str(turn), {}).get(field)
        return None if value is None else self._corrected(turn, field, value)

    def announced(self, turn: int) -> int | None:
        """The score the player announced for a play, with any agreed correction applied (None once withdrawn)."""
        value = self.turns[turn].get("announced") if self.turns[turn]["kind"] == "play" else None
        return None if value is None else self._corrected(turn, "score", value)

    def announced_total(self, turn: int) -> int | None:
        """The running total the player announced with a play (FILE 32: «junto con la suma total acumulada»),
        with any agreed correction applied; None when none was announced (or the play was withdrawn)."""
        t = self.turns[turn]
        value = t.get("announced_total") if t["kind"] == "play" else None
        return None if value is None else self._corrected(turn, "total", value)

    def entered_totals(self, seat: int) -> dict[int, int]:
        """The running total as the player entered it after each of their turns (turn index -> total): the
        total announced with a play where one was; else the previous one plus the score announced (the true
        score where none was, 0 for a pass, exchange, withdrawn or lost turn); an agreed correction of a
        turn's total replaces it, and the totals after it build on the corrected one."""
        totals, total = {}, 0
        for turn, t in enumerate(self.turns):
            if t["seat"] != seat:
                continue
            said_total = self.announced_total(turn)
            if said_total is not None:
                total = said_total
            else:
                said = self.announced(turn)
                total += said if said is not None else t["score"]
                total = self._corrected(turn, "total", total)
            totals[turn] = total
        return totals

    def entered_total(self, turn: int) -> int:
        """The running total the player entered after a turn (see ``entered_totals``)."""
        return self.entered_totals(self.turns[turn]["seat"])[turn]

    def _corrected(self, turn: int, field: str, value: int) -> int:
        for c in self.corrections:
            if c["turn"] == turn and c["field"] == field:
                value = c["new"]
        return value

    def discrepancies(self) -> list[dict[str, Any]]:
        """Every turn and field where an announcement or a sheet (as corrected) differs from the true value."""
        found, totals = [], [0] * len(self.players)
        written = set().union(*self.sheets.values())  # the turns any sheet has an entry for
        for turn, t in enumerate(self.turns):
            totals[t["seat"]] += t["score"]
            if (t.get("announced") is None and t.get("announced_total") is None
                    and (not written or str(turn) not in written)):
                continue  # nothing announced or written for this turn
            for field in FIELDS:
                sheets = {str(s): self.written(s, turn, field) for s in range(len(self.players))}
                said = self.announced(turn) if field == "score" else self.announced_total(turn)
                true = t["score"] if field == "score" else totals[t["seat"]]
                if any(v is not None and v != true for v in [said, *sheets.values()]):
                    found.append({"turn": turn, "seat": t["seat"], "field": field, "true": true, "announced": said,
                                  "sheets": sheets})
        return found

    # ---- commands -------------------------------------------------------------------------
    def write_sheet_entry(self, sheet: int, player: int, turn: int, meta: Meta, *, score: int | None = None,
                          total: int | None = None, key_signature: str | None = None, seen_head: str | None = None,
                          verify: Any = None) -> None:
        """Record what a player wrote on their own sheet for ``player``'s line ``turn`` (as printed, from 1):
        its score and the running total. A ``key_signature`` of the sheet's seat over the head it saw is
        checked and kept (``entry_key``: never required for a line)."""
        self._open()
        sheet, turn = self._seat(sheet, "sheet"), self.turn_index(player, turn)
        if score is None and total is None:
            raise RuleViolation(msg("game.write_score_total_both"), code="sheet", field="score")
        for name, value in (("score", score), ("total", total)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise RuleViolation(msg("game.whole_number_points", name=name), code="sheet", field=name)
        if str(turn) in self.sheets.get(str(sheet), {}):
            raise WrongPhase(msg("game.sheet_already_has_change", player=self.players[sheet],
                                 line_name=self._line_name(turn),
                                 article=self.book.article('sheet.total_correction')), field="turn")
        key = self.entry_key("write_sheet_entry", sheet, meta, key_signature, seen_head, verify)
        self._record(inc.SheetEntryWritten, meta, sheet=sheet, turn=turn, score=score, total=total, key=key)

    def correct_score(self, player: int, turn: int, field: str, old: int, new: int, asked_by: int, agreed_by: int,
                      meta: Meta, reason: str = "", *, word: str | None = None) -> None:
        """Correct an announced or written score (``field="score"``) or running total (``"total"``) of
        ``player``'s line ``turn`` (as printed, from 1) to the true value, before the game is closed (FILE 40,
        FISE 41); AJS 2: only where the two sheets' totals differ at that turn; FISC I.9: a turn's score only
        until its round has passed, the total any time."""
        self._open()
        turn = self.turn_index(player, turn, word=word)
        if field not in FIELDS:
            raise RuleViolation(msg("game.field_must_score_total"), code="correction", field="field")
        asked_by, agreed_by = self._seat(asked_by, "asked_by"), self._seat(agreed_by, "agreed_by")
        if asked_by == agreed_by:
            raise RuleViolation(msg("game.correction_asked_by_one"),
                                code="correction", field="agreed_by")
        true = self.true_value(turn, field)
        if new != true:
            raise RuleViolation(msg("game.correction_true", field=field, line_name=self._line_name(turn), true=true), code="correction",
                                field="new", article=self.book.article(FIELDS[field]))
        recorded = {self.written(s, turn, field) for s in range(len(self.players))}
        if field == "score":
            recorded.add(self.announced(turn))
        else:  # the total the player announced (FILE 32), or the one their announced scores add up to
            recorded.add(self.entered_total(turn))
        recorded.discard(None)
        recorded.discard(true)  # only wrong values are corrected
        if old not in recorded or old == new:
            raise RuleViolation(msg("game.not_wrong_on_record", old=old, field=field, line_name=self._line_name(turn),
                                    value=', '.join(map(str, sorted(recorded))) or 'nothing written'),
                                code="correction", field="old", article=self.book.article(FIELDS[field]))
        self._correction_window(turn, FIELDS[field])
        self._record(inc.ScoreCorrected, meta, turn=turn, seat=self.turns[turn]["seat"], field=field, old=old,
                     new=new, asked_by=asked_by, agreed_by=agreed_by, reason=str(reason),
                     article=self.book.article(FIELDS[field]))

    def _correction_window(self, turn: int, setting: str) -> None:
        rule = self.book.value(setting)
        if rule == Correction.WHEN_SHEETS_DIFFER:
            totals = [self.written(s, turn, "total") for s in range(len(self.players))]
            if None in totals or len(set(totals)) < 2:
                raise self._not_in_profile(setting, msg("game.score_revised_only_where",
                                                        line_name=self._line_name(turn),
                                                        totals=totals),
                                           field="turn")
        elif rule == Correction.SAME_ROUND:
            seats = len(self.players)
            if len(self.turns) > (turn // seats + 1) * seats:
                raise self._not_in_profile(setting, msg("game.score_cannot_corrected_once",
                                                        line_name=self._line_name(turn)), field="turn")

    def rule_blank(self, player: int, turn: int, blank: int, notes: list[str | None], meta: Meta, *,
                   placer_says: str | None = None, letter: str | None = None, word: str | None = None) -> None:
        """The letter a blank of ``player``'s line ``turn`` (as printed, from 1) stands for when the sheets
        disagree, with each sheet's note. FILE 10.3: the placer's note wins; a single note stands; with none,
        what the placer says. Elsewhere the director rules (``letter``)."""
        self._open()
        turn = self.turn_index(player, turn, word=word)
        t = self.turns[turn]
        blanks = [p for p in t["placements"] if p[2].islower()] if t["kind"] == "play" else []
        if not 0 <= blank < len(blanks):
            article = self.book.article("sheet.blank_dispute")
            what = f"a {t['kind']}" if t["kind"] != "play" else f"{t['word']}"
            raise RuleViolation(msg("game.put_blank_on_board", line_name=self._line_name(turn), what=what,
                                    n_blanks=len(blanks), article=article), code="blank", field="blank", article=article)
        if turn == len(self.turns) - 1 and self.pending and self.pending["kind"] in ("acceptance", "ruling"):
            raise WrongPhase(msg("game.play_not_accepted_yet"), field="type")
        if len(notes) != len(self.players):
            raise RuleViolation(msg("game.one_per_sheet_none", n_players=len(self.players)),
                                code="blank", field="notes")
        notes = [None if n is None else self._letter(n, "notes") for n in notes]
        article = self.book.article("sheet.blank_dispute")
        if self.book.sheet.blank_dispute == BlankDispute.DIRECTOR:
            if letter is None:
                raise RuleViolation(msg("game.under_director_rules_letter", profile=self.profile, article=article),
                                    code="blank", field="letter", article=article)
            outcome = self._letter(letter, "letter")
        else:
            if letter is not None:
                raise RuleViolation(msg("game.decides_letter_from_notes", article=article), code="blank",
                                    field="letter", article=article)
            outcome = self._placer_note(t["seat"], notes, placer_says, article)
        row, col, _ = blanks[blank]
        self._record(inc.BlankRuled, meta, turn=turn, blank=blank, row=row, col=col, notes=notes,
                     placer_says=placer_says, letter=outcome, article=article)

    def _placer_note(self, placer: int, notes: list[str | None], says: str | None, article: str) -> str:
        if notes[placer] is not None:
            return notes[placer]  # "se tendrá por válida la anotada por el jugador que colocó el comodín"
        others = {n for n in notes if n is not None}
        if len(others) == 1:
            return others.pop()  # "Si sólo uno de los jugadores anotó ..., se tendrá ésta por válida"
        if others:
            raise RuleViolation(msg("game.sheets_disagree_placer_noted", article=article), code="blank",
                                field="notes", article=article)
        if says is None:
            raise RuleViolation(msg("game.nobody_noted_letter_placer", article=article), code="blank",
                                field="placer_says", article=article)
        return self._letter(says, "placer_says")

    def _letter(self, value: str, field: str) -> str:
        try:  # the letter in any case and any spelling of a tile (ch, [CH], l.l, Ŀl): domain.notation
            letter = read_tile(str(value).upper(), self.tileset, field=field)
        except NotationError as err:
            raise RuleViolation(msg("game.blank_refused", field=field, message=err.message), code="blank", field=field) from None
        if letter == "?":
            raise RuleViolation(msg("game.blank_stands_for_letter", field=field), code="blank", field=field)
        if len(letter) > 1 and not self.rules.blank_digraph:
            raise self._not_in_profile("blank_as_digraph", msg("game.blank_cannot_stand_for"), field=field)
        return letter
