"""Each federation's duplicate rules as data, keyed by profile id, every value citing its article.

FISC 2023 part II (seed ``001_*``) and AJS 2012 3.2–3.4 (seed ``004_*``) agree on most of duplicate:
the rack's vowels and consonants (FISC II.3, AJS 3.2.4), the end of the game (II.6, 3.2.7), the
causes of a null play (II.7, 3.2.8). They differ in who may play (FISC II.1: five or more; AJS
3.2.1: two or more), the tie-breaks (FISC II.8 ranks by total only; AJS 3.2.10 looks at the highest
play, then the next) and the solo-top bonus (AJS 3.2.11; FISC has none). Where both are silent (how
an invalid draw goes back to the bag; FISC on equal tops) the value here is a default marked "gap":
the judge decides, and the game records the decision.

A solo-top bonus is a list of brackets ``(from_players, to_players, per_player, fixed)``: the bonus
for N players is ``N * per_player + fixed`` in the bracket holding N, none outside every bracket. The
AJS table is two brackets (10–50: N/2; over 50: 25); another body's fixed bonus for a unique top is
one bracket with ``fixed`` set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class NullCause(StrEnum):
    """Why a slip is null (0 points): FISC II.7, AJS 3.2.8, in the articles' order."""

    COORDINATES = "coordinates"  #: missing, not written correctly, or illegible (or the play does not fit there)
    WORD = "word"  #: the main word is not valid (by the judge's ruling or the loaded lexicon) or illegible
    BLANK = "blank"  #: a blank put down and its letter not marked
    LATE = "late"  #: not handed in by "¡Tiempo!"
    CONDUCT = "conduct"  #: AJS 3.2.8: the second sanction for conduct makes the round's play zero


class TieBreak(StrEnum):
    """How players with the same total are told apart."""

    NONE = "none"  #: they stay tied (FISC II.8: ordered by total alone)
    PLAYS = "plays"  #: the highest single play, then the next, and so on (AJS 3.2.10)


class MasterTies(StrEnum):
    """How the master move is chosen among equal tops."""

    RANDOM = "random"  #: at random (AJS 3.2.3: «se procederá a la elección de una de ellas al azar»)


class Redraw(StrEnum):
    """What goes back to the bag when a draw gives an invalid rack."""

    WHOLE_RACK = "whole_rack"  #: the whole rack, the previous round's remainder included, and seven are drawn


@dataclass(frozen=True)
class Bracket:
    """Players from ``low`` to ``high`` (inclusive; None: no limit) get ``per_player * N + fixed``."""

    low: int
    high: int | None
    per_player: float = 0.0
    fixed: float = 0.0

    def holds(self, players: int) -> bool:
        return players >= self.low and (self.high is None or players <= self.high)


@dataclass(frozen=True)
class DuplicateRules:
    """One federation's duplicate rules."""

    profile: str
    tileset: str
    min_players: int
    round_seconds: int
    strict_rounds: int  #: through this round a rack needs ``strict_minimum`` vowels and consonants
    strict_minimum: int
    later_minimum: int
    null_causes: tuple[NullCause, ...]
    tiebreak: TieBreak
    master_ties: MasterTies
    redraw: Redraw
    solo_top: tuple[Bracket, ...]
    sudden_death: bool  #: the rulebook defines the sudden-death game (AJS 3.3)
    vis_a_vis: bool  #: the rulebook defines vis-à-vis scoring (AJS 3.4)
    conduct: tuple[str, ...] = ()  #: what each sanction for conduct does, in order (AJS 3.2.8)
    articles: dict[str, str] = field(default_factory=dict)

    def minimum(self, round_no: int, scarce: bool) -> int:
        """The vowels and the consonants a rack of round ``round_no`` needs; ``scarce``: all vowels or all
        consonants but one are gone, so one of each is enough to the end (FISC II.3, AJS 3.2.4)."""
        if round_no <= self.strict_rounds and not scarce:
            return self.strict_minimum
        return self.later_minimum

    def bonus(self, players: int) -> float:
        """The solo-top bonus for a game that started with ``players`` players (0 when none is given)."""
        for bracket in self.solo_top:
            if bracket.holds(players):
                return bracket.per_player * players + bracket.fixed
        return 0.0

    def article(self, key: str) -> str:
        return self.articles.get(key, "")


_RACK_FISC = "FISC II.3 (fins a la ronda 15a, mínim 2 vocals i 2 consonants; a partir de la 16a, una de cada)"
_RACK_AJS = "AJS 3.2.4 (hasta la ronda 15ª, mínimo 2 vocales y 2 consonantes; a partir de la 16ª, una de cada)"

FISC = DuplicateRules(
    profile="fisc-2023", tileset="catalan", min_players=5, round_seconds=180, strict_rounds=15, strict_minimum=2,
    later_minimum=1,
    null_causes=(NullCause.COORDINATES, NullCause.WORD, NullCause.BLANK, NullCause.LATE),
    tiebreak=TieBreak.NONE, master_ties=MasterTies.RANDOM, redraw=Redraw.WHOLE_RACK, solo_top=(),
    sudden_death=False, vis_a_vis=False,
    articles={
        "min_players": "FISC II.1 (entre cinc o més jugadors)",
        "round_seconds": "FISC II.5 (el temps destinat a una ronda és de 3 minuts)",
        "rack": _RACK_FISC,
        "scarce": "FISC II.3 (si s'esgoten totes les vocals o les consonants menys una, mínim 1 i 1)",
        "no_valid_rack": "FISC II.3 / II.6 (no poder obtenir cap faristol vàlid)",
        "redraw": "gap: FISC II.3 does not say how an invalid draw goes back; the whole rack is returned",
        "refill": "FISC II.3 (el jutge afegeix a les fitxes romanents del faristol tantes del sac, quantes siguin "
                  "necessàries)",
        "end": "FISC II.6 (totes les vocals o totes les consonants; cap jugada vàlida; força major)",
        "rounds": "FISC II.1 (amb un nombre de rondes preestablert)",
        "coordinates": "FISC II.7 (les coordenades falten, no estan escrites correctament o són il·legibles)",
        "word": "FISC II.7 (la paraula principal no és vàlida o és il·legible)",
        "blank": "FISC II.7 (la lletra representada per la blanca no està encerclada)",
        "late": "FISC II.7 (el jugador no lliura a temps la jugada); II.5 («Temps!»)",
        "conduct": "FISC II: no sanction for conduct in duplicate",
        "tiebreak": "FISC II.8 (ordenar els jugadors de manera decreixent, per la puntuació total)",
        "master": "FISC II.1 (el jutge tria la jugada mestra)",
        "master_ties": "gap: FISC II.1 is silent on equal tops; at random (as AJS 3.2.3), recorded",
        "solo_top": "FISC II: no bonus",
        "slip": "FISC II.2 (paraula principal, coordenades, escarrassos encerclats)",
        "slip_score": "FISC II.2 (puntuació de la jugada, si l'organitzador ho demana explícitament; the rulebook "
                      "says nothing of a difference: flagged, the engine's score counts)",
        "sudden_death": "FISC II: no sudden-death game",
        "vis_a_vis": "FISC II: no vis-à-vis game",
    },
)

AJS = DuplicateRules(
    profile="ajs-2012", tileset="spanish", min_players=2, round_seconds=180, strict_rounds=15, strict_minimum=2,
    later_minimum=1,
    null_causes=(NullCause.COORDINATES, NullCause.WORD, NullCause.BLANK, NullCause.LATE, NullCause.CONDUCT),
    tiebreak=TieBreak.PLAYS, master_ties=MasterTies.RANDOM, redraw=Redraw.WHOLE_RACK,
    solo_top=(Bracket(10, 50, per_player=0.5), Bracket(51, None, fixed=25.0)),
    sudden_death=True, vis_a_vis=True, conduct=("warning", "zero", "expelled"),
    articles={
        "min_players": "AJS 3.2.1 (entre dos o más jugadores)",
        "round_seconds": "AJS 3.2.6 (el tiempo destinado a una ronda es de 3 minutos)",
        "rack": _RACK_AJS,
        "scarce": "AJS 3.2.4 (si se agotan todas las vocales o las consonantes menos una, mínimo 1 y 1)",
        "no_valid_rack": "AJS 3.2.4 / 3.2.7 (no poder obtenerse ningún atril válido)",
        "redraw": "gap: AJS 3.2.4 does not say how an invalid draw goes back; the whole rack is returned",
        "refill": "AJS 3.2.4 (el juez añade a las fichas restantes en el atril tantas de la bolsa, cuantas sean "
                  "necesarias)",
        "end": "AJS 3.2.7 (todas las vocales o todas las consonantes; ninguna jugada válida; el juez)",
        "rounds": "AJS 3.2.1 (con un número de rondas preestablecido)",
        "coordinates": "AJS 3.2.8 (las coordenadas faltan, no están escritas correctamente o son ilegibles)",
        "word": "AJS 3.2.8 (la palabra principal no es válida o es ilegible)",
        "blank": "AJS 3.2.8 (la letra representada por el comodín no se ha rodeado con un círculo)",
        "late": "AJS 3.2.8 (el jugador no entrega a tiempo la jugada); 3.2.6 («¡Tiempo!»)",
        "conduct": "AJS 3.2.8 (la primera vez se le advertirá; la segunda, cero puntos; la tercera, expulsión)",
        "tiebreak": "AJS 3.2.10 (la jugada de mayor puntuación; si siguen empatados, la inmediatamente inferior)",
        "master": "AJS 3.2.3 (gestión manual o automática)",
        "master_ties": "AJS 3.2.3 (dos o más jugadas máximas que puntúan igual: una de ellas al azar)",
        "solo_top": "AJS 3.2.11 (N/2 entre 10 y 50 jugadores, 25 por encima de 50; nada por debajo de 10)",
        "slip": "AJS 3.2.2 (palabra principal, coordenadas, comodines en un círculo)",
        "slip_score": "AJS 3.2.2 (puntuación de la jugada, si el organizador lo pide explícitamente; nothing is said "
                      "of a difference, 3.2.9 only of a master missed by a miscounted score: flagged, the engine's "
                      "score counts)",
        "sudden_death": "AJS 3.3 (eliminado si su jugada es inferior a la mejor de la ronda)",
        "vis_a_vis": "AJS 3.4 (Δ 0: 1–1 o 0–0; 1–9: 1–0; 10–29: 2–0; ≥ 30: 3–0)",
    },
)

DUPLICATE_RULES: dict[str, DuplicateRules] = {r.profile: r for r in (FISC, AJS)}
