"""Refusals of the Duplicate aggregate: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "duplicate.cannot_come_from_bag": (
        "rack: {rack} cannot come from the bag and the remainder {value}",
        "rack: {rack} no puede salir de la bolsa y el resto {value}",
        "rack: {rack} no pot sortir de la bossa i el romanent {value}",
    ),
    "duplicate.correction_says_why": (
        "reason: a correction says why",
        "reason: una corrección dice por qué",
        "reason: una correcció diu per què",
    ),
    "duplicate.defines_no_sudden_death": (
        "sudden_death: {profile} defines no sudden-death game",
        "sudden_death: {profile} no define partida de muerte súbita",
        "sudden_death: {profile} no defineix partida de mort sobtada",
    ),
    "duplicate.defines_no_vis_vis": (
        "pairs: {profile} defines no vis-à-vis game",
        "pairs: {profile} no define partida vis a vis",
        "pairs: {profile} no defineix partida vis a vis",
    ),
    "duplicate.does_not_hold_previous": (
        "rack: {rack} does not hold the previous round's remainder {left}: the judge adds tiles from the bag to it; a rack without it is drawn only after an invalid one holding it was returned (rejected)",
        "rack: {rack} no contiene el resto de la ronda anterior {left}: el juez le añade fichas de la bolsa; un atril sin él solo se saca después de devolver uno inválido que lo contenía (rejected)",
        "rack: {rack} no conté el romanent de la ronda anterior {left}: el jutge hi afegeix fitxes de la bossa; un faristol sense ell només es treu després de retornar-ne un d'invàlid que el contenia (rejected)",
    ),
    "duplicate.duplicate_needs_players_more": (
        "players: a {profile} duplicate needs {min_players} players or more, not {n_names}",
        "players: una duplicada {profile} necesita {min_players} jugadores o más, no {n_names}",
        "players: una duplicada {profile} necessita {min_players} jugadors o més, no {n_names}",
    ),
    "duplicate.each_pair_two_different": (
        "pairs: each pair is two different players' seats, each seat once",
        "pairs: cada pareja son los asientos de dos jugadores distintos, cada asiento una vez",
        "pairs: cada parella són els seients de dos jugadors diferents, cada seient una vegada",
    ),
    "duplicate.empty": (
        "word: empty",
        "word: vacía",
        "word: buida",
    ),
    "duplicate.equal_tops_are_broken": (
        "seed: equal tops are broken at random from a recorded seed",
        "seed: los empates de máxima se deshacen al azar a partir de una semilla anotada",
        "seed: els empats de màxima es desfan a l'atzar a partir d'una llavor anotada",
    ),
    "duplicate.every_player_needs_name": (
        "players: every player needs a name, each once",
        "players: cada jugador necesita un nombre, y una sola vez",
        "players: cada jugador necessita un nom, i una sola vegada",
    ),
    "duplicate.force_majeure_says_what": (
        "reason: force majeure says what happened",
        "reason: la fuerza mayor dice qué ocurrió",
        "reason: la força major diu què va passar",
    ),
    "duplicate.game_ended": (
        "the game ended ({ended})",
        "la partida terminó ({ended})",
        "la partida va acabar ({ended})",
    ),
    "duplicate.game_ends_between_rounds": (
        "the game ends between rounds (or, when no play remains, once the round is closed)",
        "la partida termina entre rondas (o, cuando no queda jugada, una vez cerrada la ronda)",
        "la partida acaba entre rondes (o, quan no queda jugada, un cop tancada la ronda)",
    ),
    "duplicate.generator_found_no_play": (
        "the generator found no play: end the game (no play remains) or enter a master",
        "el generador no encontró ninguna jugada: termine la partida (no queda jugada) o introduzca una maestra",
        "el generador no va trobar cap jugada: acabeu la partida (no queda jugada) o introduïu una mestra",
    ),
    "duplicate.has_no_sanction_for": (
        "{profile} has no sanction for conduct in duplicate",
        "{profile} no prevé sanción por conducta en duplicada",
        "{profile} no preveu sanció per conducta en duplicada",
    ),
    "duplicate.master_chosen_once_round": (
        "the master is chosen once the round is closed («¡Tiempo!») and before its results",
        "la jugada maestra se elige una vez cerrada la ronda («¡Tiempo!») y antes de sus resultados",
        "la jugada mestra es tria un cop tancada la ronda («¡Tiempo!») i abans dels resultats",
    ),
    "duplicate.master_not_valid_play": (
        "the master is not a valid play: {detail}",
        "la jugada maestra no es una jugada válida: {detail}",
        "la jugada mestra no és una jugada vàlida: {detail}",
    ),
    "duplicate.master_scores_less_than": (
        "the master scores {score}, less than a valid slip ({best}): the master is the highest-scoring valid play",
        "la jugada maestra puntúa {score}, menos que una papeleta válida ({best}): la maestra es la jugada válida de más puntos",
        "la jugada mestra puntua {score}, menys que una papereta vàlida ({best}): la mestra és la jugada vàlida de més punts",
    ),
    "duplicate.name_slip_seat_enter": (
        "name a slip (seat), or enter a play (word and coordinates)",
        "indique una papeleta (asiento) o introduzca una jugada (palabra y coordenadas)",
        "indiqueu una papereta (seient) o introduïu una jugada (paraula i coordenades)",
    ),
    "duplicate.no_player": (
        "seat: no player {seat}",
        "seat: no hay jugador {seat}",
        "seat: no hi ha jugador {seat}",
    ),
    "duplicate.no_round_being_played": (
        "no round is being played",
        "no se está jugando ninguna ronda",
        "no s'està jugant cap ronda",
    ),
    "duplicate.no_round_has_started": (
        "no round has started",
        "no ha empezado ninguna ronda",
        "no ha començat cap ronda",
    ),
    "duplicate.one": (
        "cause: one of {end_causes}",
        "cause: una de {end_causes}",
        "cause: una de {end_causes}",
    ),
    "duplicate.out_game": (
        "seat: {player} is out of the game ({out})",
        "seat: {player} está fuera de la partida ({out})",
        "seat: {player} és fora de la partida ({out})",
    ),
    "duplicate.profile_must_one_for": (
        "profile must be one of {duplicate_rules} for duplicate, not {profile!r}",
        "profile debe ser uno de {duplicate_rules} en duplicada, no {profile!r}",
        "profile ha de ser un de {duplicate_rules} en duplicada, no {profile!r}",
    ),
    "duplicate.publishing_round_again_says": (
        "reason: publishing a round again says why",
        "reason: volver a publicar una ronda dice por qué",
        "reason: tornar a publicar una ronda diu per què",
    ),
    "duplicate.rejected_does_not_hold": (
        "rejected[0]: {rejected} does not hold the previous round's remainder {left}: the judge completes the remainder, so the first rack returned holds it",
        "rejected[0]: {rejected} no contiene el resto de la ronda anterior {left}: el juez completa el resto, así que el primer atril devuelto lo contiene",
        "rejected[0]: {rejected} no conté el romanent de la ronda anterior {left}: el jutge completa el romanent, així que el primer faristol retornat el conté",
    ),
    "duplicate.rejected_not_invalid_rack": (
        "rejected[{i}]: {back} is not an invalid rack from the bag and the remainder",
        "rejected[{i}]: {back} no es un atril inválido de la bolsa y el resto",
        "rejected[{i}]: {back} no és un faristol invàlid de la bossa i el romanent",
    ),
    "duplicate.round_closed_tiempo_slip": (
        "round {r} is closed («¡Tiempo!»): the slip sent before it counts",
        "la ronda {r} está cerrada («¡Tiempo!»): cuenta la papeleta enviada antes",
        "la ronda {r} és tancada («¡Tiempo!»): compta la papereta enviada abans",
    ),
    "duplicate.round_has_no_slip": (
        "round {round_no} has no slip from seat {seat}",
        "la ronda {round_no} no tiene papeleta del asiento {seat}",
        "la ronda {round_no} no té papereta del seient {seat}",
    ),
    "duplicate.round_has_not_been": (
        "round {n} has not been played",
        "la ronda {n} no se ha jugado",
        "la ronda {n} no s'ha jugat",
    ),
    "duplicate.round_needs_at_least": (
        "rack: round {n} needs at least {minimum} vowels and {minimum} consonants (a blank counts as either): return it to the bag and draw again",
        "rack: la ronda {n} necesita al menos {minimum} vocales y {minimum} consonantes (el comodín cuenta como cualquiera): devuélvalo a la bolsa y saque otra vez",
        "rack: la ronda {n} necessita almenys {minimum} vocals i {minimum} consonants (l'escarràs compta com qualsevol): retorneu-lo a la bossa i torneu a treure",
    ),
    "duplicate.round_not_finished_its": (
        "round {round_no} is not finished: its results are not published",
        "la ronda {round_no} no ha terminado: sus resultados no están publicados",
        "la ronda {round_no} no ha acabat: els resultats no estan publicats",
    ),
    "duplicate.round_results_are_published": (
        "a round's results are published once its master is chosen",
        "los resultados de una ronda se publican una vez elegida su maestra",
        "els resultats d'una ronda es publiquen un cop triada la seva mestra",
    ),
    "duplicate.round_results_are_published_2": (
        "the round's results are published: the zero applies to a round in play",
        "los resultados de la ronda están publicados: el cero se aplica a una ronda en juego",
        "els resultats de la ronda estan publicats: el zero s'aplica a una ronda en joc",
    ),
    "duplicate.rule_first_on_every": (
        "rule first on every word of the valid slips: {unknown}",
        "resuelva primero todas las palabras de las papeletas válidas: {unknown}",
        "resoleu primer totes les paraules de les paperetes vàlides: {unknown}",
    ),
    "duplicate.rule_first_on_seat": (
        "rule first on {unruled} (seat {seat}'s slip)",
        "resuelva primero {unruled} (papeleta del asiento {seat})",
        "resoleu primer {unruled} (papereta del seient {seat})",
    ),
    "duplicate.sanction_says_why": (
        "reason: a sanction says why",
        "reason: una sanción dice por qué",
        "reason: una sanció diu per què",
    ),
    "duplicate.service_draws_from_seed": (
        "seed: the service draws from a seed (or the judge enters the rack)",
        "seed: el servicio saca de una semilla (o el juez introduce el atril)",
        "seed: el servei treu d'una llavor (o el jutge introdueix el faristol)",
    ),
    "duplicate.service_judge": (
        "draw: 'service' or 'judge'",
        "draw: 'service' o 'judge'",
        "draw: 'service' o 'judge'",
    ),
    "duplicate.slip_seat_not_valid": (
        "seat: the slip of seat {seat} is not a valid play (null, or a word not ruled valid)",
        "seat: la papeleta del asiento {seat} no es una jugada válida (nula, o con una palabra no declarada válida)",
        "seat: la papereta del seient {seat} no és una jugada vàlida (nul·la, o amb una paraula no declarada vàlida)",
    ),
    "duplicate.this_game_does_not": (
        "score: this game does not ask for the player's own score on the slip (the setting slip_score, chosen when the game is created, is off)",
        "score: esta partida no pide al jugador su propia puntuación en la papeleta (el ajuste slip_score, elegido al crear la partida, está desactivado)",
        "score: aquesta partida no demana al jugador la seva pròpia puntuació a la papereta (la configuració slip_score, triada en crear la partida, està desactivada)",
    ),
    "duplicate.tiles_rack_completed": (
        "rack: {n_rack} tiles; the rack is completed to {min}",
        "rack: {n_rack} fichas; el atril se completa hasta {min}",
        "rack: {n_rack} fitxes; el faristol es completa fins a {min}",
    ),
    "duplicate.was_ruled_not_valid": (
        "word: {bad} was ruled not valid",
        "word: {bad} se declaró no válida",
        "word: {bad} es va declarar no vàlida",
    ),
}
