"""Refusals of the Tournament aggregate, its settings and its file formats: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "tournament.and_line": (
        "{first}; line {line}: {message}",
        "{first}; línea {line}: {message}",
        "{first}; línia {line}: {message}",
    ),
    "tournament.entry_closed": (
        "a new player enters until round {last} of {rounds} at the latest, not round {round}",
        "un jugador nuevo entra como muy tarde hasta la ronda {last} de {rounds}, no en la ronda {round}",
        "un jugador nou entra com a molt tard fins a la ronda {last} de {rounds}, no a la ronda {round}",
    ),
    "tournament.withdrawal_past_last_round": (
        "the tournament has {rounds} rounds: a withdrawal takes effect from round {first} to {rounds}",
        "el torneo tiene {rounds} rondas: una retirada tiene efecto desde la ronda {first} hasta la {rounds}",
        "el torneig té {rounds} rondes: una retirada té efecte des de la ronda {first} fins a la {rounds}",
    ),
    "tournament.results_missing": (
        "round.table {tables} has no result yet: each game ends and is signed, or the director records its absence, "
        "before the tournament closes",
        "ronda.mesa {tables} aún no tiene resultado: cada partida termina y se firma, o la dirección anota la "
        "incomparecencia, antes de cerrar el torneo",
        "ronda.taula {tables} encara no té resultat: cada partida acaba i se signa, o la direcció anota la "
        "incompareixença, abans de tancar el torneig",
    ),
    "tournament.closed_locks": (
        "the tournament was closed (TournamentClosed, {at}, by {actor}): no more {what}",
        "el torneo está cerrado (TournamentClosed, {at}, por {actor}): no se admiten más {what}",
        "el torneig està tancat (TournamentClosed, {at}, per {actor}): no s'admeten més {what}",
    ),
    "tournament.locks.entries": ("entries", "inscripciones", "inscripcions"),
    "tournament.locks.withdrawals": ("withdrawals", "retiradas", "retirades"),
    "tournament.locks.setting_changes": ("setting changes", "cambios de configuración", "canvis de configuració"),
    "tournament.locks.pairings": ("pairings", "emparejamientos", "aparellaments"),
    "tournament.locks.results": ("results", "resultados", "resultats"),
    "tournament.locks.closing": ("closing", "cierres", "tancaments"),
    "tournament.are_whole_numbers": (
        "{field} are whole numbers",
        "{field} son números enteros",
        "{field} són nombres enters",
    ),
    "tournament.bye_has_no_second": (
        "a bye has no second player, and only a bye",
        "un descanso no tiene segundo jugador, y solo un descanso",
        "un descans no té segon jugador, i només un descans",
    ),
    "tournament.cannot_meet_themself": (
        "{first} cannot meet themself",
        "{first} no puede enfrentarse a sí mismo",
        "{first} no es pot enfrontar a si mateix",
    ),
    "tournament.change_after_first_round": (
        "a change after the first round needs a reason",
        "un cambio después de la primera ronda necesita un motivo",
        "un canvi després de la primera ronda necessita un motiu",
    ),
    "tournament.columns_hold_name": (
        "columns 15-47 hold the name",
        "las columnas 15-47 contienen el nombre",
        "les columnes 15-47 contenen el nom",
    ),
    "tournament.columns_hold_rating": (
        "columns 49-52 hold the rating",
        "las columnas 49-52 contienen el elo",
        "les columnes 49-52 contenen l'elo",
    ),
    "tournament.columns_hold_starting_rank": (
        "columns 5-8 hold the starting rank",
        "las columnas 5-8 contienen el número de orden inicial",
        "les columnes 5-8 contenen el número d'ordre inicial",
    ),
    "tournament.director_records_forfeit_both": (
        "the director records a forfeit or both absent; games record themselves",
        "el director anota una incomparecencia o la ausencia de ambos; las partidas se anotan solas",
        "el director anota una incompareixença o l'absència de tots dos; les partides s'anoten soles",
    ),
    "tournament.director_result_needs_reason": (
        "a director's result needs the reason",
        "un resultado puesto por el director necesita el motivo",
        "un resultat posat pel director necessita el motiu",
    ),
    "tournament.results_header": (
        "the first line is {columns} (then division, when there are several)",
        "la primera línea es {columns} (y después division, si hay varias)",
        "la primera línia és {columns} (i després division, si n'hi ha diverses)",
    ),
    "tournament.division_comes_twice": (
        "division {label} comes twice",
        "la división {label} aparece dos veces",
        "la divisió {label} apareix dues vegades",
    ),
    "tournament.division_named_characters": (
        "a division is named in 1 to 20 characters",
        "una división se nombra con 1 a 20 caracteres",
        "una divisió s'anomena amb 1 a 20 caràcters",
    ),
    "tournament.division_one_not": (
        "division is one of {divisions}, not {name!r}",
        "division es una de {divisions}, no {name!r}",
        "division és una de {divisions}, no {name!r}",
    ),
    "tournament.division_players_ids_run": (
        "division {label}: the players' ids run from 1 to their number, each once",
        "división {label}: los id de los jugadores van de 1 a su número, cada uno una vez",
        "divisió {label}: els id dels jugadors van d'1 al seu nombre, cadascun una vegada",
    ),
    "tournament.each_division_tsh_feed": (
        "each division of a tsh feed has a name of its own",
        "cada división de un feed de tsh tiene un nombre propio",
        "cada divisió d'un feed de tsh té un nom propi",
    ),
    "tournament.fide_three_letter_code": (
        "federation: FIDE's three-letter code (ESP, AND), not {federation!r}",
        "federation: el código de tres letras de la FIDE (ESP, AND), no {federation!r}",
        "federation: el codi de tres lletres de la FIDE (ESP, AND), no {federation!r}",
    ),
    "tournament.first_line_names_columns": (
        "the first line names the columns, one of them the name (name, nombre or nom)",
        "la primera línea nombra las columnas, una de ellas el nombre (name, nombre o nom)",
        "la primera línia anomena les columnes, una d'elles el nom (name, nombre o nom)",
    ),
    "tournament.format_one_not": (
        "format is one of {formats}, not {fmt!r}",
        "format es uno de {formats}, no {fmt!r}",
        "format és un de {formats}, no {fmt!r}",
    ),
    "tournament.game_not_game_this": (
        "game {game_id} is not a game of this tournament",
        "la partida {game_id} no es una partida de este torneo",
        "la partida {game_id} no és una partida d'aquest torneig",
    ),
    "tournament.kind_one": (
        "kind is one of {items}",
        "kind es uno de {items}",
        "kind és un de {items}",
    ),
    "tournament.koth_rounds_takes_whole": (
        "koth_rounds takes a whole number from 0 to {koth_max} (the last round or the last two), not {value!r}",
        "koth_rounds admite un número entero de 0 a {koth_max} (la última ronda o las dos últimas), no {value!r}",
        "koth_rounds admet un nombre enter de 0 a {koth_max} (l'última ronda o les dues últimes), no {value!r}",
    ),
    "tournament.manual_pairing_names_every": (
        "a manual pairing names every player of the round once",
        "un emparejamiento manual nombra una vez a cada jugador de la ronda",
        "un aparellament manual anomena una vegada cada jugador de la ronda",
    ),
    "tournament.next_round_draft": (
        "the next round to draft is {last_published}",
        "la siguiente ronda que emparejar es la {last_published}",
        "la següent ronda per aparellar és la {last_published}",
    ),
    "tournament.no_player": (
        "no player {player}",
        "no existe el jugador {player}",
        "no existeix el jugador {player}",
    ),
    "tournament.no_player_number": (
        "no player number {value}",
        "no existe el jugador número {value}",
        "no existeix el jugador número {value}",
    ),
    "tournament.no_setting_settings_are": (
        "no setting {setting!r}: the settings are {setting_articles}",
        "no existe el ajuste {setting!r}: los ajustes son {setting_articles}",
        "no existeix la configuració {setting!r}: les configuracions són {setting_articles}",
    ),
    "tournament.not_csv": (
        "not CSV: {err}",
        "no es CSV: {err}",
        "no és CSV: {err}",
    ),
    "tournament.not_player_round": (
        "{strangers}: not a player of round {round_no}",
        "{strangers}: no es jugador de la ronda {round_no}",
        "{strangers}: no és jugador de la ronda {round_no}",
    ),
    "tournament.one_line_at_most": (
        "{key}: one line of at most 80 characters",
        "{key}: una línea de 80 caracteres como máximo",
        "{key}: una línia de 80 caràcters com a màxim",
    ),
    "tournament.pairing_by_hand_needs": (
        "a pairing by hand needs the reason: it is recorded with the round",
        "un emparejamiento a mano necesita el motivo: se anota con la ronda",
        "un aparellament a mà necessita el motiu: s'anota amb la ronda",
    ),
    "tournament.played_game_needs_its": (
        "a played game needs its scores",
        "una partida jugada necesita sus puntuaciones",
        "una partida jugada necessita les seves puntuacions",
    ),
    "tournament.player_division_not": (
        "player {value} is in division {division}, not {cell!r}",
        "el jugador {value} está en la división {division}, no en {cell!r}",
        "el jugador {value} és a la divisió {division}, no a {cell!r}",
    ),
    "tournament.player_has_scores_for": (
        "player {n} has {n_scores} scores for {n_pairings} rounds paired",
        "el jugador {n} tiene {n_scores} puntuaciones para {n_pairings} rondas emparejadas",
        "el jugador {n} té {n_scores} puntuacions per a {n_pairings} rondes aparellades",
    ),
    "tournament.player_list_empty": (
        "the player list is empty",
        "la lista de jugadores está vacía",
        "la llista de jugadors és buida",
    ),
    "tournament.player_list_read_from": (
        "a player list is read from {player_formats}, not {fmt!r}",
        "una lista de jugadores se lee de {player_formats}, no de {fmt!r}",
        "una llista de jugadors es llegeix de {player_formats}, no de {fmt!r}",
    ),
    "tournament.player_needs_name": (
        "a player needs a name",
        "un jugador necesita un nombre",
        "un jugador necessita un nom",
    ),
    "tournament.player_needs_name_pairings": (
        "player {index} needs name, pairings and scores",
        "el jugador {index} necesita nombre, emparejamientos y puntuaciones",
        "el jugador {index} necessita nom, aparellaments i puntuacions",
    ),
    "tournament.plkind_letters_are_p": (
        "plkind letters are P, B, F, A or -, not {letter!r}",
        "las letras de plkind son P, B, F, A o -, no {letter!r}",
        "les lletres de plkind són P, B, F, A o -, no {letter!r}",
    ),
    "tournament.plreal_names_round_which": (
        "plreal names round {i}, which the line has not",
        "plreal nombra la ronda {i}, que la línea no tiene",
        "plreal anomena la ronda {i}, que la línia no té",
    ),
    "tournament.plreal_opponent_p_score": (
        "plreal is '=' or opponent:p12:score a round, not {token!r}",
        "plreal es '=' u opponent:p12:score por ronda, no {token!r}",
        "plreal és '=' o opponent:p12:score per ronda, no {token!r}",
    ),
    "tournament.publishing_round_again_needs": (
        "publishing a round again needs a reason",
        "volver a publicar una ronda necesita un motivo",
        "tornar a publicar una ronda necessita un motiu",
    ),
    "tournament.rating_between_not": (
        "the rating is between 0 and 4000, not {rating}",
        "el elo está entre 0 y 4000, no {rating}",
        "l'elo és entre 0 i 4000, no {rating}",
    ),
    "tournament.rating_whole_number_not": (
        "the rating is a whole number, not {rating_text!r}",
        "el elo es un número entero, no {rating_text!r}",
        "l'elo és un nombre enter, no {rating_text!r}",
    ),
    "tournament.registered_already": (
        "{name} is registered already",
        "{name} ya está inscrito",
        "{name} ja està inscrit",
    ),
    "tournament.round_are_both_marked": (
        "round {r}: {me} and {opponent} are both marked '+' (first)",
        "ronda {r}: {me} y {opponent} están ambos marcados con '+' (primero)",
        "ronda {r}: {me} i {opponent} estan tots dos marcats amb '+' (primer)",
    ),
    "tournament.round_both_have": (
        "round {round_no}: {me} and {opponent} both have {colour!r}",
        "ronda {round_no}: {me} y {opponent} tienen ambos {colour!r}",
        "ronda {round_no}: {me} i {opponent} tenen tots dos {colour!r}",
    ),
    "tournament.round_colour_w_b": (
        "round {k}: the colour is w, b or -",
        "ronda {k}: el color es w, b o -",
        "ronda {k}: el color és w, b o -",
    ),
    "tournament.round_columns_hold_opponent": (
        "round {k}: columns {value}-{value2} hold the opponent's starting rank",
        "ronda {k}: las columnas {value}-{value2} contienen el número de orden inicial del contrario",
        "ronda {k}: les columnes {value}-{value2} contenen el número d'ordre inicial del contrari",
    ),
    "tournament.round_drawn_already_withdrawal": (
        "round {from_round} is drawn already: a withdrawal takes effect from round {last_published}; an absence now is a no-show",
        "la ronda {from_round} ya está emparejada: una retirada surte efecto desde la ronda {last_published}; una ausencia ahora es una incomparecencia",
        "la ronda {from_round} ja està aparellada: una retirada té efecte des de la ronda {last_published}; una absència ara és una incompareixença",
    ),
    "tournament.round_has_no_draft": (
        "round {round_no} has no draft",
        "la ronda {round_no} no tiene borrador",
        "la ronda {round_no} no té esborrany",
    ),
    "tournament.round_has_no_published": (
        "round {round_no} has no published table {table}",
        "la ronda {round_no} no tiene publicada la mesa {table}",
        "la ronda {round_no} no té publicada la taula {table}",
    ),
    "tournament.round_has_results_cannot": (
        "round {round_no} has results: it cannot be published again",
        "la ronda {round_no} tiene resultados: no puede volver a publicarse",
        "la ronda {round_no} té resultats: no es pot tornar a publicar",
    ),
    "tournament.round_meets_whose_line": (
        "round {round_no}: {me} meets {opponent}, whose line does not name {me}",
        "ronda {round_no}: {me} se enfrenta a {opponent}, cuya línea no nombra a {me}",
        "ronda {round_no}: {me} s'enfronta a {opponent}, la línia del qual no anomena {me}",
    ),
    "tournament.round_more_not": (
        "round is 1 or more, not {value}",
        "round es 1 o más, no {value}",
        "round és 1 o més, no {value}",
    ),
    "tournament.round_must_more_not": (
        "round must be 1 or more, not {round}",
        "round debe ser 1 o más, no {round}",
        "round ha de ser 1 o més, no {round}",
    ),
    "tournament.round_needs_two_players": (
        "a round needs two players or more",
        "una ronda necesita dos jugadores o más",
        "una ronda necessita dos jugadors o més",
    ),
    "tournament.round_no_player": (
        "round {r}: no player {opponent}",
        "ronda {r}: no existe el jugador {opponent}",
        "ronda {r}: no existeix el jugador {opponent}",
    ),
    "tournament.round_no_player_this": (
        "round {round_no}: no player {opponent} in this division",
        "ronda {round_no}: no hay jugador {opponent} en esta división",
        "ronda {round_no}: no hi ha jugador {opponent} en aquesta divisió",
    ),
    "tournament.round_no_player_with": (
        "round {round_no}: no player with starting rank {opponent}",
        "ronda {round_no}: no hay ningún jugador con número de orden inicial {opponent}",
        "ronda {round_no}: no hi ha cap jugador amb número d'ordre inicial {opponent}",
    ),
    "tournament.round_player_has_no": (
        "round {round_no}: player {opponent} has no score against {n}",
        "ronda {round_no}: el jugador {opponent} no tiene puntuación contra {n}",
        "ronda {round_no}: el jugador {opponent} no té puntuació contra {n}",
    ),
    "tournament.round_player_meets_whose": (
        "round {r}: player {me} meets {opponent}, whose line does not name {me}",
        "ronda {r}: el jugador {me} se enfrenta a {opponent}, cuya línea no nombra a {me}",
        "ronda {r}: el jugador {me} s'enfronta a {opponent}, la línia del qual no anomena {me}",
    ),
    "tournament.round_player_meets_whose_2": (
        "round {round_no}: player {n} meets {opponent}, whose line does not name {n}",
        "ronda {round_no}: el jugador {n} se enfrenta a {opponent}, cuya línea no nombra a {n}",
        "ronda {round_no}: el jugador {n} s'enfronta a {opponent}, la línia del qual no anomena {n}",
    ),
    "tournament.round_result_not_trf": (
        "round {round_no}: result {result!r} is not a TRF16 result code",
        "ronda {round_no}: el resultado {result!r} no es un código de resultado TRF16",
        "ronda {round_no}: el resultat {result!r} no és un codi de resultat TRF16",
    ),
    "tournament.round_robin_players_has": (
        "a round robin of {n_players} players has rounds 1 to {n}, not {round_no}",
        "una liguilla de {n_players} jugadores tiene las rondas 1 a {n}, no {round_no}",
        "una lligueta de {n_players} jugadors té les rondes 1 a {n}, no {round_no}",
    ),
    "tournament.round_scores_agree_on": (
        "round {r}: the scores {score} and {their} agree on no result (a win is written plus 2000, a draw plus 1000)",
        "ronda {r}: las puntuaciones {score} y {their} no coinciden en ningún resultado (una victoria se escribe más 2000, un empate más 1000)",
        "ronda {r}: les puntuacions {score} i {their} no coincideixen en cap resultat (una victòria s'escriu més 2000, un empat més 1000)",
    ),
    "tournament.rules_must_one_not": (
        "rules must be one of {rules}, not {rules2!r}",
        "rules debe ser uno de {rules}, no {rules2!r}",
        "rules ha de ser un de {rules}, no {rules2!r}",
    ),
    "tournament.starting_rank_given_twice": (
        "starting rank {number} is given twice",
        "el número de orden inicial {number} aparece dos veces",
        "el número d'ordre inicial {number} apareix dues vegades",
    ),
    "tournament.system_must_one": (
        "system must be one of {systems}",
        "system debe ser uno de {systems}",
        "system ha de ser un de {systems}",
    ),
    "tournament.table_needs_its_game": (
        "table {t} needs its game",
        "la mesa {t} necesita su partida",
        "la taula {t} necessita la seva partida",
    ),
    "tournament.tiebreaks_takes_list_distinct": (
        "tiebreaks takes a list of distinct tie-breaks, each one of {names}; not {value!r}",
        "tiebreaks admite una lista de desempates distintos, cada uno de {names}; no {value!r}",
        "tiebreaks admet una llista de desempats diferents, cadascun de {names}; no {value!r}",
    ),
    "tournament.tou_file_starts_with": (
        "a TOU file starts with '*M' then the date (dd.mm.yyyy) and the name",
        "un fichero TOU empieza con '*M', luego la fecha (dd.mm.aaaa) y el nombre",
        "un fitxer TOU comença amb '*M', després la data (dd.mm.aaaa) i el nom",
    ),
    "tournament.tou_player_line_starts": (
        "a TOU player line starts with the name",
        "una línea de jugador TOU empieza con el nombre",
        "una línia de jugador TOU comença amb el nom",
    ),
    "tournament.tournaments_have_at_least": (
        "{rules} tournaments have at least {minimum} rounds, not {rounds}",
        "los torneos {rules} tienen al menos {minimum} rondas, no {rounds}",
        "els tornejos {rules} tenen almenys {minimum} rondes, no {rounds}",
    ),
    "tournament.trf_file_lists_its": (
        "a TRF16 file lists its players on lines starting 001",
        "un fichero TRF16 lista sus jugadores en líneas que empiezan por 001",
        "un fitxer TRF16 llista els seus jugadors en línies que comencen per 001",
    ),
    "tournament.tsh_feed_json_object": (
        "a tsh feed is a JSON object with 'divisions', each an object with its 'players'",
        "un feed de tsh es un objeto JSON con 'divisions', cada una un objeto con sus 'players'",
        "un feed de tsh és un objecte JSON amb 'divisions', cadascuna un objecte amb els seus 'players'",
    ),
    "tournament.tsh_keeps_one_t": (
        "tsh keeps one .t file a division: name the division ({divisions})",
        "tsh guarda un fichero .t por división: indique la división ({divisions})",
        "tsh desa un fitxer .t per divisió: indiqueu la divisió ({divisions})",
    ),
    "tournament.tsh_player_line_has": (
        "a tsh player line has a ';' between the opponents and the scores",
        "una línea de jugador de tsh tiene un ';' entre los contrarios y las puntuaciones",
        "una línia de jugador de tsh té un ';' entre els contraris i les puntuacions",
    ),
    "tournament.tsh_player_line_starts": (
        "a tsh player line starts with the name, then the rating, then the opponents' numbers (one a round)",
        "una línea de jugador de tsh empieza con el nombre, luego el elo, luego los números de los contrarios (uno por ronda)",
        "una línia de jugador de tsh comença amb el nom, després l'elo, després els números dels contraris (un per ronda)",
    ),
    "tournament.unknown_tie_break": (
        "unknown tie-break {tb}",
        "desempate desconocido {tb}",
        "desempat desconegut {tb}",
    ),
    "tournament.unplayed_takes_not": (
        "unplayed takes {items}, not {value!r}",
        "unplayed admite {items}, no {value!r}",
        "unplayed admet {items}, no {value!r}",
    ),
    "tournament.whole_number_not": (
        "{key} is a whole number, not {cell!r}",
        "{key} es un número entero, no {cell!r}",
        "{key} és un nombre enter, no {cell!r}",
    ),
    "tournament.xxr_number_rounds": (
        "XXR is the number of rounds",
        "XXR es el número de rondas",
        "XXR és el nombre de rondes",
    ),
}
