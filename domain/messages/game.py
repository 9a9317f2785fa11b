"""Refusals of the Game aggregate: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "game.seat_key": (
        "Authorization: seat {seat} ({player}) has a registered key and {why}: this token speaks for nobody; an "
        "official enters the act as an official entry (their token and enrolled key), or a new tablet's key is "
        "confirmed by the opponent's tablet (FILE 43)",
        "Authorization: el asiento {seat} ({player}) tiene una clave registrada y {why}: este token no habla por "
        "nadie; un oficial anota el acto como entrada oficial (su token y su clave inscrita), o la tableta rival "
        "confirma la clave de una tableta nueva (FILE 43)",
        "Authorization: el seient {seat} ({player}) té una clau registrada i {why}: aquest token no parla per "
        "ningú; un oficial anota l'acte com a entrada oficial (el seu token i la seva clau inscrita), o la tauleta "
        "rival confirma la clau d'una tauleta nova (FILE 43)",
    ),
    "game.seat_key_revoked": (
        "its key's tablet was revoked or released",
        "la tableta de su clave fue revocada o liberada",
        "la tauleta de la seva clau va ser revocada o alliberada",
    ),
    "game.seat_key_other_tablet": (
        "its key is held by the tablet bound as {device}, under another token",
        "su clave la tiene la tableta vinculada como {device}, con otro token",
        "la seva clau la té la tauleta vinculada com a {device}, amb un altre token",
    ),
    "game.tiles_name_drawn": (
        "tiles: name the {missing} tiles drawn",
        "tiles: indique las {missing} fichas robadas",
        "tiles: indiqueu les {missing} fitxes agafades",
    ),
    "game.tiles_name_drawn_shown": (
        "tiles: name the {missing} tiles drawn (they are shown)",
        "tiles: indique las {missing} fichas robadas (se han mostrado)",
        "tiles: indiqueu les {missing} fitxes agafades (s'han mostrat)",
    ),
    "game.abandonment_no_shows_are": (
        "{field}: abandonment and no-shows are ruled for games of two (FISC I.8, AJS 4.1.11)",
        "{field}: el abandono y la incomparecencia se regulan para partidas de dos (FISC I.8, AJS 4.1.11)",
        "{field}: l'abandó i la incompareixença es regulen per a partides de dos (FISC I.8, AJS 4.1.11)",
    ),
    "game.action_accept": (
        "accept",
        "aceptar",
        "acceptar",
    ),
    "game.action_challenge": (
        "challenge",
        "impugnar",
        "impugnar",
    ),
    "game.action_confirm": (
        "confirm",
        "confirmar",
        "confirmar",
    ),
    "game.action_decide_first_play": (
        "decide on the first play",
        "decidir sobre la primera jugada",
        "decidir sobre la primera jugada",
    ),
    "game.after_minutes_absent_player": (
        "minutes_waited: after {minutes_waited} minutes the absent player has not lost yet ({article})",
        "minutes_waited: tras {minutes_waited} minutos el jugador ausente todavía no ha perdido ({article})",
        "minutes_waited: després de {minutes_waited} minuts el jugador absent encara no ha perdut ({article})",
    ),
    "game.after_more_than_minutes": (
        "minutes_late: after more than {wait} minutes the present player has won ({article}): record the no-show",
        "minutes_late: pasados más de {wait} minutos, el jugador presente ha ganado ({article}): anote la incomparecencia",
        "minutes_late: passats més de {wait} minuts, el jugador present ha guanyat ({article}): anoteu la incompareixença",
    ),
    "game.already_recorded_answer_other": (
        "{player} already recorded the answer: the other player confirms or disputes it",
        "{player} ya anotó la respuesta: el otro jugador la confirma o la discute",
        "{player} ja va anotar la resposta: l'altre jugador la confirma o la discuteix",
    ),
    "game.announced_exchange_cannot_withdrawn": (
        "{player} announced an exchange: it cannot be withdrawn or turned into a play or a pass, only its count changed (FILE 25)",
        "{player} ha anunciado un cambio: no puede retirarse ni convertirse en jugada o en pase; solo puede cambiarse su número de fichas (FILE 25)",
        "{player} ha anunciat un canvi: no es pot retirar ni convertir en jugada o en passada; només se'n pot canviar el nombre de fitxes (FILE 25)",
    ),
    "game.answer_already_disputed_arbiter": (
        "the answer is already disputed: the arbiter rules",
        "la respuesta ya está discutida: resuelve el árbitro",
        "la resposta ja està discutida: resol l'àrbitre",
    ),
    "game.arbiter_already_called_by": (
        "the arbiter is already called (by {player}): an official answers the call first",
        "ya se ha llamado al árbitro (lo llamó {player}): primero un oficial atiende la llamada",
        "ja s'ha cridat l'àrbitre (l'ha cridat {player}): primer un oficial atén la crida",
    ),
    "game.are_not_among": (
        "{field}: {tiles} are not among {pool}",
        "{field}: {tiles} no están entre {pool}",
        "{field}: {tiles} no són entre {pool}",
    ),
    "game.at_most_as_many": (
        "count: at most as many tiles as the bag holds ({in_bag})",
        "count: como máximo tantas fichas como hay en la bolsa ({in_bag})",
        "count: com a màxim tantes fitxes com n'hi ha a la bossa ({in_bag})",
    ),
    "game.bag_holds_allows_exchange": (
        "the bag holds {in_bag}; {profile} allows an exchange only with {exchange_min_bag} or more in the bag",
        "la bolsa tiene {in_bag}; {profile} solo permite cambiar con {exchange_min_bag} o más en la bolsa",
        "la bossa té {in_bag}; {profile} només permet canviar amb {exchange_min_bag} o més a la bossa",
    ),
    "game.bag_mode_must_one": (
        "bag_mode must be one of {bag_modes}",
        "bag_mode debe ser uno de {bag_modes}",
        "bag_mode ha de ser un de {bag_modes}",
    ),
    "game.bag_records_exact_tiles": (
        "tiles: a {bag_mode} bag records the exact tiles drawn",
        "tiles: una bolsa {bag_mode} anota las fichas exactas que se roban",
        "tiles: una bossa {bag_mode} anota les fitxes exactes que s'agafen",
    ),
    "game.bag_records_seven_tiles": (
        "drawn: a {bag_mode} bag records the seven tiles redrawn",
        "drawn: una bolsa {bag_mode} anota las siete fichas que se vuelven a robar",
        "drawn: una bossa {bag_mode} anota les set fitxes que es tornen a agafar",
    ),
    "game.blank_cannot_stand_for": (
        "a blank cannot stand for a digraph tile",
        "un comodín no puede representar una ficha dígrafo",
        "un escarràs no pot representar una fitxa dígraf",
    ),
    "game.blank_refused": (
        "{field}: {message}",
        "{field}: {message}",
        "{field}: {message}",
    ),
    "game.blank_stands_for_letter": (
        "{field}: a blank stands for a letter, not for '?'",
        "{field}: un comodín representa una letra, no «?»",
        "{field}: un escarràs representa una lletra, no «?»",
    ),
    "game.both_apply_seen_tiles": (
        "procedure: {articles} both apply to seen tiles the opponent points out before {player}'s turn; the arbiter rules which ({allowed})",
        "procedure: {articles} se aplican a fichas vistas que el contrario señala antes del turno de {player}; el árbitro decide cuál ({allowed})",
        "procedure: {articles} s'apliquen a fitxes vistes que el contrari assenyala abans del torn de {player}; l'àrbitre decideix quin ({allowed})",
    ),
    "game.cannot_come_from_bag": (
        "{field}: {short} cannot come from the bag: none left unseen",
        "{field}: {short} no puede salir de la bolsa: no queda ninguna sin ver",
        "{field}: {short} no pot sortir de la bossa: no en queda cap sense veure",
    ),
    "game.cannot_on_rack_all": (
        "{field}: {missing} cannot be on the rack: all accounted for",
        "{field}: {missing} no puede estar en el atril: todas están contadas",
        "{field}: {missing} no pot ser al faristol: totes estan comptades",
    ),
    "game.cause_must_one": (
        "cause must be one of {value}",
        "cause debe ser uno de {value}",
        "cause ha de ser un de {value}",
    ),
    "game.challenge_words_play_formed": (
        "words: challenge words the play formed ({formed}), each once",
        "words: impugne palabras que la jugada formó ({formed}), cada una una vez",
        "words: impugneu paraules que la jugada va formar ({formed}), cada una una vegada",
    ),
    "game.challenged_player_may_not": (
        "the challenged player may not draw while the appeal is resolved ({article})",
        "el jugador impugnado no puede robar mientras se resuelve la apelación ({article})",
        "el jugador impugnat no pot agafar fitxes mentre es resol l'apel·lació ({article})",
    ),
    "game.challenged_player_may_not_2": (
        "the challenged player may not draw while the challenge is resolved ({article})",
        "el jugador impugnado no puede robar mientras se resuelve la impugnación ({article})",
        "el jugador impugnat no pot agafar fitxes mentre es resol la impugnació ({article})",
    ),
    "game.clock_already_stopped": (
        "the clock is already stopped ({clock_stop})",
        "el reloj ya está parado ({clock_stop})",
        "el rellotge ja està aturat ({clock_stop})",
    ),
    "game.clock_not_stopped": (
        "the clock is not stopped",
        "el reloj no está parado",
        "el rellotge no està aturat",
    ),
    "game.clock_not_stopped_for": (
        "the clock is not stopped for {replace}",
        "el reloj no se para por {replace}",
        "el rellotge no s'atura per {replace}",
    ),
    "game.clock_plays": (
        "details.clock.mode: {id} plays {modes}",
        "details.clock.mode: {id} juega {modes}",
        "details.clock.mode: {id} juga {modes}",
    ),
    "game.clock_stops_count_score": (
        "reason: the clock stops to count the score only in 'no corrido' games (FISE 34.1)",
        "reason: el reloj se para para contar la puntuación solo en las partidas «no corrido» (FISE 34.1)",
        "reason: el rellotge s'atura per comptar la puntuació només a les partides «no corrido» (FISE 34.1)",
    ),
    "game.correction_asked_by_one": (
        "agreed_by: a correction is asked by one player and agreed by another",
        "agreed_by: una corrección la pide un jugador y la acepta otro",
        "agreed_by: una correcció la demana un jugador i l'accepta un altre",
    ),
    "game.correction_true": (
        "new: the true {field} of {line_name} is {true}",
        "new: el valor real de {field} en {line_name} es {true}",
        "new: el valor real de {field} a {line_name} és {true}",
    ),
    "game.count_does_not_match": (
        "count {count} does not match {n_tiles} tiles",
        "count {count} no coincide con {n_tiles} fichas",
        "count {count} no coincideix amb {n_tiles} fitxes",
    ),
    "game.decides_letter_from_notes": (
        "letter: {article} decides the letter from the notes",
        "letter: {article} decide la letra a partir de las anotaciones",
        "letter: {article} decideix la lletra a partir de les anotacions",
    ),
    "game.decision_must_one": (
        "decision must be one of {decisions}",
        "decision debe ser uno de {decisions}",
        "decision ha de ser un de {decisions}",
    ),
    "game.details_clock_not_clock": (
        "details.clock.{unknown}: not a clock setting ({clock_keys})",
        "details.clock.{unknown}: no es un ajuste del reloj ({clock_keys})",
        "details.clock.{unknown}: no és una configuració del rellotge ({clock_keys})",
    ),
    "game.details_not_game_setting": (
        "details.{unknown}: not a game setting (use one of {keys})",
        "details.{unknown}: no es un ajuste de la partida (use uno de {keys})",
        "details.{unknown}: no és una configuració de la partida (feu servir una de {keys})",
    ),
    "game.details_text_at_most": (
        "details.{name}: text of at most {limit} characters",
        "details.{name}: texto de {limit} caracteres como máximo",
        "details.{name}: text de {limit} caràcters com a màxim",
    ),
    "game.details_whole_number_from": (
        "details.{name}: a whole number from 1",
        "details.{name}: un número entero desde 1",
        "details.{name}: un nombre enter des d'1",
    ),
    "game.director_gives_no_points": (
        "the director gives no points sanctions (an exclusion may be recorded)",
        "el director no impone sanciones de puntos (puede anotarse una exclusión)",
        "el director no imposa sancions de punts (es pot anotar una exclusió)",
    ),
    "game.does_not_verify_with": (
        "official_signature: does not verify with {actor}'s enrolled key ({fingerprint}…) over '{protocol}|{action}|<game>|{actor}|<head hash>' at the game's current head {head_hash}…: an official entry is signed by the official's own key over the head it follows (docs/reliability.md, \"Official keys and official entries\")",
        "official_signature: no se verifica con la clave inscrita de {actor} ({fingerprint}…) sobre '{protocol}|{action}|<game>|{actor}|<head hash>' en la cabeza actual de la partida {head_hash}…: una anotación oficial la firma el oficial con su propia clave sobre la cabeza a la que sigue (docs/reliability.md, «Official keys and official entries»)",
        "official_signature: no es verifica amb la clau inscrita de {actor} ({fingerprint}…) sobre '{protocol}|{action}|<game>|{actor}|<head hash>' a la capçalera actual de la partida {head_hash}…: una anotació oficial la signa l'oficial amb la seva pròpia clau sobre la capçalera que segueix (docs/reliability.md, «Official keys and official entries»)",
    ),
    "game.does_not_verify_with_2": (
        "official_signature: does not verify with {actor}'s enrolled key ({fingerprint}…) over '{protocol}|<game>|{seat}|<new key's fingerprint>' ({article})",
        "official_signature: no se verifica con la clave inscrita de {actor} ({fingerprint}…) sobre '{protocol}|<game>|{seat}|<new key's fingerprint>' ({article})",
        "official_signature: no es verifica amb la clau inscrita de {actor} ({fingerprint}…) sobre '{protocol}|<game>|{seat}|<new key's fingerprint>' ({article})",
    ),
    "game.draw_at_least_one": (
        "count: draw at least one tile",
        "count: robe al menos una ficha",
        "count: agafeu almenys una fitxa",
    ),
    "game.draws_first_first_player": (
        "{player} draws first: the first player draws 7, then the second ({article})",
        "{player} roba primero: el primer jugador roba 7 y luego el segundo ({article})",
        "{player} agafa primer: el primer jugador n'agafa 7 i després el segon ({article})",
    ),
    "game.end_rack_not_awaited": (
        "{player}'s end rack is not awaited",
        "no se espera el atril final de {player}",
        "no s'espera el faristol final de {player}",
    ),
    "game.event_set_no_minutes": (
        "details.clock.minutes: the event set no minutes for this game (FILE 33)",
        "details.clock.minutes: el torneo no fijó minutos para esta partida (FILE 33)",
        "details.clock.minutes: el torneig no va fixar minuts per a aquesta partida (FILE 33)",
    ),
    "game.every_player_asks_for": (
        "consent: every player asks for the correction from their own tablet (consent_reopen); not yet recorded for {names} ({article})",
        "consent: cada jugador pide la corrección desde su propia tableta (consent_reopen); aún no consta de {names} ({article})",
        "consent: cada jugador demana la correcció des de la seva pròpia tauleta (consent_reopen); encara no consta de {names} ({article})",
    ),
    "game.exchange_between_tiles_file": (
        "count: exchange between 1 and 7 tiles (FILE 25)",
        "count: se cambian entre 1 y 7 fichas (FILE 25)",
        "count: es canvien entre 1 i 7 fitxes (FILE 25)",
    ),
    "game.facts_allow_only_not": (
        "procedure: the facts allow only {allowed} ({items}), not {ruling!r}",
        "procedure: los hechos solo permiten {allowed} ({items}), no {ruling!r}",
        "procedure: els fets només permeten {allowed} ({items}), no {ruling!r}",
    ),
    "game.field_must_score_total": (
        "field must be score or total",
        "field debe ser score o total",
        "field ha de ser score o total",
    ),
    "game.floor_from": (
        " from {minimum}",
        " desde {minimum}",
        " des de {minimum}",
    ),
    "game.for_l_l_tile": (
        "{message}; for the L·L tile write L·L (or Ŀl), not L.L: in a word '.' is a tile already on the board (FISC I.6)",
        "{message}; para la ficha L·L escriba L·L (o Ŀl), no L.L: en una palabra «.» es una ficha que ya está en el tablero (FISC I.6)",
        "{message}; per a la fitxa L·L escriviu L·L (o Ŀl), no L.L: en una paraula «.» és una fitxa que ja és al tauler (FISC I.6)",
    ),
    "game.for_seat_confirmation": (
        "fingerprint: {waiting} for seat {seat}'s confirmation ({article})",
        "fingerprint: {waiting} para la confirmación del asiento {seat} ({article})",
        "fingerprint: {waiting} per a la confirmació del seient {seat} ({article})",
    ),
    "game.game_abandoned_while_played": (
        "a game is abandoned while it is played",
        "una partida se abandona mientras se juega",
        "una partida s'abandona mentre es juga",
    ),
    "game.game_closed_every_player": (
        "the game is closed: every player signed the sheet; only a director with every player's consent may reopen it (FILE 43, FISE 44)",
        "la partida está cerrada: todos los jugadores han firmado la planilla; solo el director, con el consentimiento de todos los jugadores, puede reabrirla (FILE 43, FISE 44)",
        "la partida és tancada: tots els jugadors han signat el full; només el director, amb el consentiment de tots els jugadors, la pot reobrir (FILE 43, FISE 44)",
    ),
    "game.game_closed_every_player_2": (
        "the game is closed: every player signed the sheet (FILE 43); no {what} for seat {seat}",
        "la partida está cerrada: todos los jugadores han firmado la planilla (FILE 43); no hay {what} para el asiento {seat}",
        "la partida és tancada: tots els jugadors han signat el full (FILE 43); no hi ha {what} per al seient {seat}",
    ),
    "game.game_has_already_ended": (
        "the game has already ended ({get}): the round's time changes nothing",
        "la partida ya ha terminado ({get}): el fin del tiempo de la ronda no cambia nada",
        "la partida ja ha acabat ({get}): el final del temps de la ronda no canvia res",
    ),
    "game.game_has_already_ended_2": (
        "the game has already ended",
        "la partida ya ha terminado",
        "la partida ja ha acabat",
    ),
    "game.game_has_ended_gameended": (
        "seat: the game has ended (GameEnded): no {what} for seat {seat} ({player}) now; only end racks, signatures and consents are left, each the player's own act from the tablet bound during the game, or entered by the arbiter as an official entry signed with the official's key (FILE 43)",
        "seat: la partida ha terminado (GameEnded): ya no hay {what} para el asiento {seat} ({player}); solo quedan los atriles finales, las firmas y los consentimientos, cada uno un acto del propio jugador desde la tableta vinculada durante la partida, o anotado por el árbitro como anotación oficial firmada con la clave del oficial (FILE 43)",
        "seat: la partida ha acabat (GameEnded): ja no hi ha {what} per al seient {seat} ({player}); només queden els faristols finals, les signatures i els consentiments, cadascun un acte del mateix jugador des de la tauleta vinculada durant la partida, o anotat per l'àrbitre com a anotació oficial signada amb la clau de l'oficial (FILE 43)",
    ),
    "game.game_has_not_started": (
        "the game has not started (no play on the sheet): the round's time ends a game in play, and there is nothing to end here; end_game or record_no_show if it will not be played",
        "la partida no ha empezado (no hay ninguna jugada en la planilla): el fin del tiempo de la ronda termina una partida en juego, y aquí no hay nada que terminar; use end_game o record_no_show si no se va a jugar",
        "la partida no ha començat (no hi ha cap jugada al full): el final del temps de la ronda acaba una partida en joc, i aquí no hi ha res per acabar; feu servir end_game o record_no_show si no s'ha de jugar",
    ),
    "game.game_no_challenge_appeal": (
        "the game is {waiting_for}; no challenge or appeal waits for a ruling",
        "la partida está {waiting_for}; ninguna impugnación ni apelación espera resolución",
        "la partida està {waiting_for}; cap impugnació ni apel·lació no espera resolució",
    ),
    "game.game_no_draws_now": (
        "the game is {phase}: no draws now",
        "la partida está {phase}: ahora no se roba",
        "la partida està {phase}: ara no s'agafen fitxes",
    ),
    "game.game_this_command_needs": (
        "the game is {have}; this command needs {want}",
        "la partida está {have}; esta orden requiere {want}",
        "la partida està {have}; aquesta ordre requereix {want}",
    ),
    "game.game_this_needs": (
        "the game is {phase}; this needs it to be {phases}",
        "la partida está {phase}; esto requiere que esté {phases}",
        "la partida està {phase}; això requereix que estigui {phases}",
    ),
    "game.phase_or": (
        "{one} or {other}",
        "{one} o {other}",
        "{one} o {other}",
    ),
    "phase.starting": (
        "starting",
        "empezando",
        "començant",
    ),
    "phase.playing": (
        "playing",
        "en juego",
        "en joc",
    ),
    "phase.ended": (
        "ended",
        "terminada",
        "acabada",
    ),
    "phase.closed": (
        "closed",
        "cerrada",
        "tancada",
    ),
    "game.games_have_players_not": (
        "{profile} games have {min_players}–{max_players} players, not {n_names}",
        "las partidas {profile} tienen de {min_players} a {max_players} jugadores, no {n_names}",
        "les partides {profile} tenen de {min_players} a {max_players} jugadors, no {n_names}",
    ),
    "game.give_either_remaining_used": (
        "give either remaining or used seconds",
        "indique o los segundos restantes o los usados",
        "indiqueu o els segons restants o els usats",
    ),
    "game.gives_each_player_minutes": (
        "details.clock.minutes: {id} gives each player {usual} minutes",
        "details.clock.minutes: {id} da a cada jugador {usual} minutos",
        "details.clock.minutes: {id} dona a cada jugador {usual} minuts",
    ),
    "game.has_already_asked_for": (
        "{player} has already asked for the game to be reopened",
        "{player} ya ha pedido que se reabra la partida",
        "{player} ja ha demanat que es reobri la partida",
    ),
    "game.has_already_signed": (
        "{player} has already signed",
        "{player} ya ha firmado",
        "{player} ja ha signat",
    ),
    "game.has_no_appeal_challenge": (
        "{profile} has no appeal of a challenge ruling",
        "{profile} no prevé apelación de la resolución de una impugnación",
        "{profile} no preveu apel·lació de la resolució d'una impugnació",
    ),
    "game.has_no_end_for": (
        "cause: {profile} has no end for 'nobody can play' (FISE 45.1 has); the director may end the game by decision instead",
        "cause: {profile} no prevé el final por «nadie puede jugar» (FISE 45.1 sí); el director puede terminar la partida por decisión",
        "cause: {profile} no preveu el final per «ningú no pot jugar» (FISE 45.1 sí); el director pot acabar la partida per decisió",
    ),
    "game.holds_tiles_draw_back": (
        "{player} holds {rack_count} tiles: draw back to 7 first (FILE 32; a missed draw is corrected under FILE 29)",
        "{player} tiene {rack_count} fichas: primero robe hasta tener 7 (FILE 32; un robo olvidado se corrige según el FILE 29)",
        "{player} té {rack_count} fitxes: primer agafeu fins a tenir-ne 7 (FILE 32; una presa oblidada es corregeix segons el FILE 29)",
    ),
    "game.holds_tiles_not": (
        "tiles: {player} holds {rack_count} tiles, not {n_tiles}",
        "tiles: {player} tiene {rack_count} fichas, no {n_tiles}",
        "tiles: {player} té {rack_count} fitxes, no {n_tiles}",
    ),
    "game.holds_tiles_overdraw_corrected": (
        "{player} holds {rack_count} tiles: the overdraw is corrected first ({article})",
        "{player} tiene {rack_count} fichas: primero se corrige el exceso ({article})",
        "{player} té {rack_count} fitxes: primer es corregeix l'excés ({article})",
    ),
    "game.keeps_time_by": (
        "details.clock.timing: {id} keeps time by {items}",
        "details.clock.timing: {id} controla el tiempo por {items}",
        "details.clock.timing: {id} controla el temps per {items}",
    ),
    "game.kind_must_one": (
        "kind must be one of {report_kinds}",
        "kind debe ser uno de {report_kinds}",
        "kind ha de ser un de {report_kinds}",
    ),
    "game.last_play_still_pending": (
        "the last play is still pending: settle it first",
        "la última jugada sigue pendiente: resuélvala primero",
        "l'última jugada continua pendent: resoleu-la primer",
    ),
    "game.late_arrival_recorded_before": (
        "a late arrival is recorded before the first play (FILE 35.1)",
        "la llegada tarde se anota antes de la primera jugada (FILE 35.1)",
        "l'arribada tard s'anota abans de la primera jugada (FILE 35.1)",
    ),
    "game.move_has_no_timer": (
        "a move has no timer of its own",
        "una jugada no tiene temporizador propio",
        "una jugada no té temporitzador propi",
    ),
    "game.must_seat_current_tablet": (
        "countersignature: must be seat {by_seat}'s current tablet key ({key}…) signing '{protocol}|<game>|{seat}|<new key's fingerprint>' ({article})",
        "countersignature: debe ser la clave actual de la tableta del asiento {by_seat} ({key}…) firmando '{protocol}|<game>|{seat}|<new key's fingerprint>' ({article})",
        "countersignature: ha de ser la clau actual de la tauleta del seient {by_seat} ({key}…) signant '{protocol}|<game>|{seat}|<new key's fingerprint>' ({article})",
    ),
    "game.must_seat_number_from": (
        "{field} must be a seat number from 0 to {n_players}",
        "{field} debe ser un número de asiento de 0 a {n_players}",
        "{field} ha de ser un número de seient de 0 a {n_players}",
    ),
    "game.name_at_least_one": (
        "{field}: name at least one player",
        "{field}: indique al menos un jugador",
        "{field}: indiqueu almenys un jugador",
    ),
    "game.name_lexicon_person_ruling": (
        "authority: name the lexicon or person the ruling rests on",
        "authority: indique el léxico o la persona en que se basa la resolución",
        "authority: indiqueu el lèxic o la persona en què es basa la resolució",
    ),
    "game.name_tiles_rack_tiles": (
        "{field}: name the {size} tiles: the rack's tiles are known",
        "{field}: indique las {size} fichas: se conocen las fichas del atril",
        "{field}: indiqueu les {size} fitxes: les fitxes del faristol són conegudes",
    ),
    "game.name_tribunal": (
        "authority: name the tribunal",
        "authority: indique el tribunal",
        "authority: indiqueu el tribunal",
    ),
    "game.no_answer_recorded_by": (
        "no answer recorded by a player to {action}",
        "ningún jugador ha anotado una respuesta que {action}",
        "cap jugador no ha anotat una resposta per {action}",
    ),
    "game.no_call_for_arbiter": (
        "no call for the arbiter is open",
        "no hay ninguna llamada al árbitro abierta",
        "no hi ha cap crida a l'àrbitre oberta",
    ),
    "game.no_device_bound_seat": (
        "no device is bound to seat {seat} ({player}): nothing to release",
        "no hay ningún dispositivo vinculado al asiento {seat} ({player}): nada que liberar",
        "no hi ha cap dispositiu vinculat al seient {seat} ({player}): res per alliberar",
    ),
    "game.no_player_recorded_overtime": (
        "cause: no player's recorded overtime is past the {limit_minutes}-minute limit: record the clock ({article})",
        "cause: el tiempo extra anotado de ningún jugador supera el límite de {limit_minutes} minutos: anote el reloj ({article})",
        "cause: el temps extra anotat de cap jugador no supera el límit de {limit_minutes} minuts: anoteu el rellotge ({article})",
    ),
    "game.no_sample_has_been": (
        "no sample has been drawn for the opponent to choose from",
        "no se ha sacado ninguna muestra entre la que el contrario pueda elegir",
        "no s'ha tret cap mostra d'on el contrari pugui triar",
    ),
    "game.no_show_recorded_before": (
        "a no-show is recorded before the first play; a player who leaves later abandons",
        "la incomparecencia se anota antes de la primera jugada; el jugador que se va después abandona",
        "la incompareixença s'anota abans de la primera jugada; el jugador que se'n va després abandona",
    ),
    "game.nobody_noted_letter_placer": (
        "placer_says: nobody noted the letter: the placer says it ({article})",
        "placer_says: nadie anotó la letra: la dice quien colocó la jugada ({article})",
        "placer_says: ningú no va anotar la lletra: la diu qui va col·locar la jugada ({article})",
    ),
    "game.not_short_tiles_nothing": (
        "{player} is not short of tiles: nothing to draw",
        "a {player} no le faltan fichas: no hay nada que robar",
        "a {player} no li falten fitxes: no hi ha res per agafar",
    ),
    "game.not_wrong_on_record": (
        "old: {old} is not a wrong {field} on record for {line_name} ({value})",
        "old: {old} no es un valor erróneo de {field} anotado en {line_name} ({value})",
        "old: {old} no és un valor erroni de {field} anotat a {line_name} ({value})",
    ),
    "game.object_settings": (
        "details: an object of settings",
        "details: un objeto de ajustes",
        "details: un objecte de configuració",
    ),
    "game.object_with_timing_minutes": (
        "details.clock: an object with timing, minutes and mode",
        "details.clock: un objeto con timing, minutes y mode",
        "details.clock: un objecte amb timing, minutes i mode",
    ),
    "game.official_confirms_seat_new": (
        "official_signature: an official confirms a seat's new key only with their enrolled key's signature over '{protocol}|<game>|{seat}|<new key's fingerprint>' (official_key, official_signature): a token alone never authorises a key ({article})",
        "official_signature: un oficial confirma la nueva clave de un asiento solo con la firma de su clave inscrita sobre '{protocol}|<game>|{seat}|<new key's fingerprint>' (official_key, official_signature): un token por sí solo nunca autoriza una clave ({article})",
        "official_signature: un oficial confirma la nova clau d'un seient només amb la signatura de la seva clau inscrita sobre '{protocol}|<game>|{seat}|<new key's fingerprint>' (official_key, official_signature): un token tot sol mai no autoritza una clau ({article})",
    ),
    "game.official_replacing_seat_key": (
        "reason: an official replacing seat {seat}'s key says why ({article})",
        "reason: el oficial que reemplaza la clave del asiento {seat} indica el motivo ({article})",
        "reason: l'oficial que reemplaça la clau del seient {seat} n'indica el motiu ({article})",
    ),
    "game.one_per_sheet_none": (
        "notes: one per sheet ({n_players}), None where nothing was noted",
        "notes: una por planilla ({n_players}), None donde no se anotó nada",
        "notes: una per full ({n_players}), None on no s'hi va anotar res",
    ),
    "game.one_tile_per_player": (
        "tiles: one tile per player ({n_players}), not {n_tiles}",
        "tiles: una ficha por jugador ({n_players}), no {n_tiles}",
        "tiles: una fitxa per jugador ({n_players}), no {n_tiles}",
    ),
    "game.only_closed_game_can": (
        "only a closed game can be reopened",
        "solo puede reabrirse una partida cerrada",
        "només es pot reobrir una partida tancada",
    ),
    "game.only_last_ruling_may": (
        "only the last ruling may be appealed, once, before the next turn",
        "solo puede apelarse la última resolución, una vez, antes del turno siguiente",
        "només es pot apel·lar l'última resolució, una vegada, abans del torn següent",
    ),
    "game.only_opponent_accepts_play": (
        "only the opponent accepts a play by writing its score (FILE 37)",
        "solo el contrario acepta una jugada, anotando su puntuación (FILE 37)",
        "només el contrari accepta una jugada, anotant-ne la puntuació (FILE 37)",
    ),
    "game.only_opponent_may": (
        "only an opponent may {action}",
        "solo un contrario puede {action}",
        "només un contrari pot {action}",
    ),
    "game.only_player_who_drew": (
        "only the player who drew too few points it out",
        "solo lo señala el jugador que robó de menos",
        "només ho assenyala el jugador que va agafar de menys",
    ),
    "game.only_tiles_left_bag": (
        "count: only {bag_count} tiles left in the bag",
        "count: solo quedan {bag_count} fichas en la bolsa",
        "count: només queden {bag_count} fitxes a la bossa",
    ),
    "game.only_two_players_challenge": (
        "only the two players of the challenge may dispute its answer",
        "solo los dos jugadores de la impugnación pueden discutir su respuesta",
        "només els dos jugadors de la impugnació en poden discutir la resposta",
    ),
    "game.only_two_players_challenge_2": (
        "only the two players of the challenge record its answer",
        "solo los dos jugadores de la impugnación anotan su respuesta",
        "només els dos jugadors de la impugnació n'anoten la resposta",
    ),
    "game.only_two_players_challenge_3": (
        "only the two players of the challenge {action} its answer",
        "solo los dos jugadores de la impugnación pueden {action} su respuesta",
        "només els dos jugadors de la impugnació en poden {action} la resposta",
    ),
    "game.only_who_was_sanctioned": (
        "only {player}, who was sanctioned, may appeal",
        "solo {player}, que fue sancionado, puede apelar",
        "només {player}, que va ser sancionat, pot apel·lar",
    ),
    "game.opponent_chooses_tiles_that": (
        "the opponent chooses the tiles that go back (FILE 28.1.2)",
        "el contrario elige las fichas que vuelven a la bolsa (FILE 28.1.2)",
        "el contrari tria les fitxes que tornen a la bossa (FILE 28.1.2)",
    ),
    "game.opponent_has_not_yet": (
        "the opponent has not yet accepted the play: draw after the score is written (FILE 32, 37)",
        "el contrario aún no ha aceptado la jugada: robe cuando la puntuación esté anotada (FILE 32, 37)",
        "el contrari encara no ha acceptat la jugada: agafeu fitxes quan la puntuació estigui anotada (FILE 32, 37)",
    ),
    "game.opponent_has_seen_sample": (
        "the opponent has seen the sample and now chooses the tiles to return",
        "el contrario ha visto la muestra y ahora elige las fichas que se devuelven",
        "el contrari ha vist la mostra i ara tria les fitxes que es retornen",
    ),
    "game.overdraw_already_waiting_corrected": (
        "an overdraw is already waiting to be corrected",
        "ya hay un exceso de fichas pendiente de corregir",
        "ja hi ha un excés de fitxes pendent de corregir",
    ),
    "game.overdraw_happens_while_game": (
        "an overdraw happens while the game is played (FILE 28)",
        "el exceso de fichas se produce mientras se juega la partida (FILE 28)",
        "l'excés de fitxes es produeix mentre es juga la partida (FILE 28)",
    ),
    "game.overdraw_procedure_one": (
        "procedure: one of {procedures}",
        "procedure: uno de {procedures}",
        "procedure: un de {procedures}",
    ),
    "game.overtime_has_no_limit": (
        "overtime has no limit that ends the game",
        "el tiempo extra no tiene un límite que termine la partida",
        "el temps extra no té cap límit que acabi la partida",
    ),
    "game.play_not_accepted_yet": (
        "the play is not accepted yet",
        "la jugada aún no está aceptada",
        "la jugada encara no està acceptada",
    ),
    "game.player_may_not_challenge": (
        "a player may not challenge their own play ({article})",
        "un jugador no puede impugnar su propia jugada ({article})",
        "un jugador no pot impugnar la seva pròpia jugada ({article})",
    ),
    "game.player_names_must_non": (
        "player names must be non-empty and distinct",
        "los nombres de los jugadores no pueden estar vacíos ni repetirse",
        "els noms dels jugadors no poden ser buits ni repetir-se",
    ),
    "game.players_disputed_answer_arbiter": (
        "the players disputed the answer: the arbiter rules",
        "los jugadores discutieron la respuesta: resuelve el árbitro",
        "els jugadors van discutir la resposta: resol l'àrbitre",
    ),
    "game.players_do_not_rule": (
        "the players do not rule a challenge: there is no players' answer to dispute",
        "los jugadores no resuelven las impugnaciones: no hay respuesta de los jugadores que discutir",
        "els jugadors no resolen les impugnacions: no hi ha resposta dels jugadors per discutir",
    ),
    "game.players_have_not_had": (
        "the players have not had the same number of turns: call_round_time lets {player} play first ({article})",
        "los jugadores no han tenido el mismo número de turnos: call_round_time deja jugar primero a {player} ({article})",
        "els jugadors no han tingut el mateix nombre de torns: call_round_time deixa jugar primer {player} ({article})",
    ),
    "game.put_blank_on_board": (
        "blank: {line_name} ({what}) put {n_blanks} blank(s) on the board, counted from 0 ({article})",
        "blank: {line_name} ({what}) puso {n_blanks} comodín(es) en el tablero, contados desde 0 ({article})",
        "blank: {line_name} ({what}) va posar {n_blanks} escarràs(os) al tauler, comptats des de 0 ({article})",
    ),
    "game.rack_does_not_hold": (
        "{field}: the rack of {player} does not hold {elements}{why}",
        "{field}: el atril de {player} no tiene {elements}{why}",
        "{field}: el faristol de {player} no té {elements}{why}",
    ),
    "game.rack_holds_only_tiles": (
        "count: the rack holds only {rack_count} tiles",
        "count: el atril solo tiene {rack_count} fichas",
        "count: el faristol només té {rack_count} fitxes",
    ),
    "game.rack_known_hold": (
        "tiles: the rack is known to hold {elements}",
        "tiles: se sabe que el atril tiene {elements}",
        "tiles: se sap que el faristol té {elements}",
    ),
    "game.reason_must_one": (
        "reason must be one of {kinds}",
        "reason debe ser uno de {kinds}",
        "reason ha de ser un de {kinds}",
    ),
    "game.recorded_this_answer_other": (
        "{player} recorded this answer: the other player confirms it ({article})",
        "{player} anotó esta respuesta: la confirma el otro jugador ({article})",
        "{player} va anotar aquesta resposta: la confirma l'altre jugador ({article})",
    ),
    "game.recorded_this_answer_other_2": (
        "{player} recorded this answer: the other player may dispute it",
        "{player} anotó esta respuesta: el otro jugador puede discutirla",
        "{player} va anotar aquesta resposta: l'altre jugador la pot discutir",
    ),
    "game.reduced_sanction_keeps_points": (
        "points: a reduced sanction keeps {least} to {sanction} points and takes something off",
        "points: una sanción reducida mantiene de {least} a {sanction} puntos y quita algo",
        "points: una sanció reduïda manté de {least} a {sanction} punts i en treu alguna cosa",
    ),
    "game.refused": (
        "{field}[{i}]: {tile_message}",
        "{field}[{i}]: {tile_message}",
        "{field}[{i}]: {tile_message}",
    ),
    "game.round_time_has_already": (
        "the round's time has already been called on this game: it ends once {round_over} turns are on the sheet",
        "ya se ha dado por terminado el tiempo de la ronda en esta partida: termina cuando haya {round_over} turnos en la planilla",
        "ja s'ha donat per acabat el temps de la ronda en aquesta partida: acaba quan hi hagi {round_over} torns al full",
    ),
    "game.rule_challenge_not_players": (
        "the {value} rule a challenge, not the players",
        "las impugnaciones las resuelve {value}, no los jugadores",
        "les impugnacions les resol {value}, no els jugadors",
    ),
    "game.rulebook_sets_no_result": (
        "the rulebook sets no result when nobody comes: the director ends the game (end_game 'director')",
        "el reglamento no fija resultado cuando no se presenta nadie: el director termina la partida (end_game «director»)",
        "el reglament no fixa resultat quan no es presenta ningú: el director acaba la partida (end_game «director»)",
    ),
    "game.rulebook_sets_no_result_2": (
        "the rulebook sets no result when both players leave: the director ends the game (end_game 'director')",
        "el reglamento no fija resultado cuando se van los dos jugadores: el director termina la partida (end_game «director»)",
        "el reglament no fixa resultat quan se'n van els dos jugadors: el director acaba la partida (end_game «director»)",
    ),
    "game.rulebook_sets_no_result_3": (
        "the rulebook sets no result for an abandoned game (leaving is an ethical fault): the director ends it (end_game 'director') and may sanction",
        "el reglamento no fija resultado para una partida abandonada (irse es una falta de ética): el director la termina (end_game «director») y puede sancionar",
        "el reglament no fixa resultat per a una partida abandonada (marxar és una falta d'ètica): el director l'acaba (end_game «director») i pot sancionar",
    ),
    "game.sanction_appeal_waiting_for": (
        "a sanction's appeal is waiting for the tribunal, whose ruling may change the sheet ({article})",
        "la apelación de una sanción espera al tribunal, cuya resolución puede cambiar la planilla ({article})",
        "l'apel·lació d'una sanció espera el tribunal, la resolució del qual pot canviar el full ({article})",
    ),
    "game.sanction_deducts_points_expels": (
        "points: a sanction deducts points or expels",
        "points: una sanción resta puntos o expulsa",
        "points: una sanció resta punts o expulsa",
    ),
    "game.sanction_has_no_appeal": (
        "a sanction has no appeal to a tribunal",
        "una sanción no tiene apelación ante un tribunal",
        "una sanció no té apel·lació davant d'un tribunal",
    ),
    "game.sanction_number_from": (
        "index: a sanction number from 0 to {n_sanctions}",
        "index: un número de sanción de 0 a {n_sanctions}",
        "index: un número de sanció de 0 a {n_sanctions}",
    ),
    "game.sanction_takes_at_least": (
        "points: a sanction takes at least {least} points ({article})",
        "points: una sanción resta al menos {least} puntos ({article})",
        "points: una sanció resta almenys {least} punts ({article})",
    ),
    "game.say_what_error_corrected": (
        "reason: say what error is to be corrected",
        "reason: indique qué error hay que corregir",
        "reason: indiqueu quin error cal corregir",
    ),
    "game.say_what_players_disagree": (
        "reason: say what the players disagree on",
        "reason: indique en qué no están de acuerdo los jugadores",
        "reason: indiqueu en què no estan d'acord els jugadors",
    ),
    "game.say_what_rule_was": (
        "reason: say what rule was broken",
        "reason: indique qué norma se ha incumplido",
        "reason: indiqueu quina norma s'ha incomplert",
    ),
    "game.score_cannot_corrected_once": (
        "the score of {line_name} cannot be corrected once its round has passed; the running total can",
        "la puntuación de {line_name} no puede corregirse una vez pasada su ronda; el total acumulado sí",
        "la puntuació de {line_name} no es pot corregir un cop passada la seva ronda; el total acumulat sí",
    ),
    "game.score_revised_only_where": (
        "a score is revised only where the two sheets' running totals differ at that play; at {line_name} they show {totals}",
        "una puntuación solo se revisa donde los totales acumulados de las dos planillas difieren en esa jugada; en {line_name} muestran {totals}",
        "una puntuació només es revisa on els totals acumulats dels dos fulls difereixen en aquesta jugada; a {line_name} mostren {totals}",
    ),
    "game.seat_has_no_tablet": (
        "countersignature: seat {by_seat} ({player}) has no tablet key to countersign with: an official with an enrolled key confirms the replacement, with a reason ({article})",
        "countersignature: el asiento {by_seat} ({player}) no tiene clave de tableta con la que refrendar: un oficial con clave inscrita confirma el reemplazo, con un motivo ({article})",
        "countersignature: el seient {by_seat} ({player}) no té clau de tauleta amb què refrendar: un oficial amb clau inscrita confirma el reemplaçament, amb un motiu ({article})",
    ),
    "game.seat_has_registered_key": (
        "key_signature: seat {seat} ({player}) has a registered key ({key}…, device {key2}): its {action} must carry that key's signature over the head hash it saw ({article})",
        "key_signature: el asiento {seat} ({player}) tiene una clave registrada ({key}…, dispositivo {key2}): su {action} debe llevar la firma de esa clave sobre el hash de cabeza que vio ({article})",
        "key_signature: el seient {seat} ({player}) té una clau registrada ({key}…, dispositiu {key2}): el seu {action} ha de dur la signatura d'aquesta clau sobre el hash de capçalera que va veure ({article})",
    ),
    "game.seat_new_key_confirmed": (
        "seat: a seat's new key is confirmed by the opponent's tablet, not by seat {seat} itself ({article})",
        "seat: la nueva clave de un asiento la confirma la tableta del contrario, no el propio asiento {seat} ({article})",
        "seat: la nova clau d'un seient la confirma la tauleta del contrari, no el mateix seient {seat} ({article})",
    ),
    "game.seat_whose_line_from": (
        "player: the seat whose line it is, from 0 to {n_players}",
        "player: el asiento de quien es la línea, de 0 a {n_players}",
        "player: el seient de qui és la línia, de 0 a {n_players}",
    ),
    "game.senyors_needs_seven_vowels": (
        "shown: SENYORS needs seven vowels or seven consonants; six and a blank do not qualify ({article})",
        "shown: SENYORS requiere siete vocales o siete consonantes; seis y un comodín no valen ({article})",
        "shown: SENYORS requereix set vocals o set consonants; sis i un escarràs no valen ({article})",
    ),
    "game.senyors_shows_whole_rack": (
        "shown: SENYORS shows a whole rack of {rack} tiles",
        "shown: SENYORS muestra un atril entero de {rack} fichas",
        "shown: SENYORS mostra un faristol sencer de {rack} fitxes",
    ),
    "game.sheet_already_has_change": (
        "{player}'s sheet already has {line_name}: a change is a correction ({article})",
        "la planilla de {player} ya tiene {line_name}: un cambio es una corrección ({article})",
        "el full de {player} ja té {line_name}: un canvi és una correcció ({article})",
    ),
    "game.sheet_has_numbered_from": (
        "turn: {player}'s sheet has {written}, numbered from 1 as printed, not {turn!r} ({article})",
        "turn: la planilla de {player} tiene {written}, numeradas desde 1 como se imprimen, no {turn!r} ({article})",
        "turn: el full de {player} té {written}, numerades des d'1 com s'imprimeixen, no {turn!r} ({article})",
    ),
    "game.sheet_not_settled_yet": (
        "the sheet is not settled yet: nothing to sign",
        "la planilla aún no está cerrada en sus cuentas: no hay nada que firmar",
        "el full encara no té els comptes tancats: no hi ha res per signar",
    ),
    "game.sheets_disagree_placer_noted": (
        "notes: the sheets disagree and the placer noted nothing ({article})",
        "notes: las planillas no coinciden y quien colocó la jugada no anotó nada ({article})",
        "notes: els fulls no coincideixen i qui va col·locar la jugada no va anotar res ({article})",
    ),
    "game.short_not": (
        "tiles: {player} is {missing} short, not {count}",
        "tiles: a {player} le faltan {missing}, no {count}",
        "tiles: a {player} li'n falten {missing}, no {count}",
    ),
    "game.tablet_stable_id_required": (
        "device: the tablet's stable id is required to bind it",
        "device: para vincular la tableta se necesita su identificador estable",
        "device: per vincular la tauleta cal el seu identificador estable",
    ),
    "game.tablet_stable_id_required_2": (
        "device: the tablet's stable id is required to register its key",
        "device: para registrar la clave de la tableta se necesita su identificador estable",
        "device: per registrar la clau de la tauleta cal el seu identificador estable",
    ),
    "game.there_no_appeal_waiting": (
        "there is no appeal waiting for a ruling",
        "no hay ninguna apelación pendiente de resolución",
        "no hi ha cap apel·lació pendent de resolució",
    ),
    "game.there_no_overdraw_correct": (
        "there is no overdraw to correct",
        "no hay ningún exceso de fichas que corregir",
        "no hi ha cap excés de fitxes per corregir",
    ),
    "game.there_no_rule_for": (
        "there is no rule for a late player's clock: record the clock as it stands instead",
        "no hay ninguna regla para el reloj de un jugador que llega tarde: anote el reloj tal como está",
        "no hi ha cap regla per al rellotge d'un jugador que arriba tard: anoteu el rellotge tal com és",
    ),
    "game.there_no_senyors_redraw": (
        "there is no SENYORS redraw: exchange instead",
        "no existe el nuevo robo SENYORS: cambie fichas",
        "no hi ha nova presa SENYORS: canvieu fitxes",
    ),
    "game.this_game_keeps_time": (
        "this game keeps time with a per-move timer (details.clock.timing): it has no chess-clock readings",
        "esta partida controla el tiempo con un temporizador por jugada (details.clock.timing): no tiene lecturas de reloj de ajedrez",
        "aquesta partida controla el temps amb un temporitzador per jugada (details.clock.timing): no té lectures de rellotge d'escacs",
    ),
    "game.this_game_keeps_time_2": (
        "this game keeps time with a chess clock (details.clock.timing): no move runs out",
        "esta partida controla el tiempo con reloj de ajedrez (details.clock.timing): ninguna jugada agota su tiempo",
        "aquesta partida controla el temps amb rellotge d'escacs (details.clock.timing): cap jugada no esgota el seu temps",
    ),
    "game.this_key_already_proposed": (
        "public_key: this key is already proposed for a seat: a tablet makes a new key pair each time it binds",
        "public_key: esta clave ya está propuesta para un asiento: una tableta crea un par de claves nuevo cada vez que se vincula",
        "public_key: aquesta clau ja està proposada per a un seient: una tauleta crea un parell de claus nou cada vegada que es vincula",
    ),
    "game.this_key_tablet_makes": (
        "public_key: this key is {which}: a tablet makes a new key pair each time it binds",
        "public_key: esta clave es {which}: una tableta crea un par de claves nuevo cada vez que se vincula",
        "public_key: aquesta clau és {which}: una tauleta crea un parell de claus nou cada vegada que es vincula",
    ),
    "game.this_sanction_already": (
        "this sanction is already {sanction}",
        "esta sanción ya está {sanction}",
        "aquesta sanció ja està {sanction}",
    ),
    "game.this_sanction_has_no": (
        "this sanction has no appeal waiting for the tribunal",
        "esta sanción no tiene ninguna apelación pendiente ante el tribunal",
        "aquesta sanció no té cap apel·lació pendent davant del tribunal",
    ),
    "game.this_service_cannot_check": (
        "key_signature: this service cannot check key signatures here",
        "key_signature: este servicio no puede comprobar aquí las firmas de las claves",
        "key_signature: aquest servei no pot comprovar aquí les signatures de les claus",
    ),
    "game.tiles_drawn_bag_records": (
        "tiles and drawn: a {bag_mode} bag records the exact tiles",
        "tiles y drawn: una bolsa {bag_mode} anota las fichas exactas",
        "tiles i drawn: una bossa {bag_mode} anota les fitxes exactes",
    ),
    "game.tiles_from_bag_with": (
        "drawn: {rack} tiles from the bag with the shown rack back in it",
        "drawn: {rack} fichas de la bolsa, con el atril mostrado devuelto a ella",
        "drawn: {rack} fitxes de la bossa, amb el faristol mostrat retornat a dins",
    ),
    "game.tiles_leave_with_fewer": (
        "count: {count} tiles leave {player} with {rack} or fewer: that is an ordinary draw",
        "count: {count} fichas dejan a {player} con {rack} o menos: es un robo normal",
        "count: {count} fitxes deixen {player} amb {rack} o menys: és una presa normal",
    ),
    "game.tiles_not": (
        "{field}: {size} tiles, not {n_tiles}",
        "{field}: {size} fichas, no {n_tiles}",
        "{field}: {size} fitxes, no {n_tiles}",
    ),
    "game.tiles_not_2": (
        "drawn: {count} tiles, not {n_drawn}",
        "drawn: {count} fichas, no {n_drawn}",
        "drawn: {count} fitxes, no {n_drawn}",
    ),
    "game.time_has_already_run": (
        "minutes_late: {player}'s time has already run out: the absent player loses ({article}); record the no-show",
        "minutes_late: el tiempo de {player} ya se ha agotado: el jugador ausente pierde ({article}); anote la incomparecencia",
        "minutes_late: el temps de {player} ja s'ha esgotat: el jugador absent perd ({article}); anoteu la incompareixença",
    ),
    "game.true_false": (
        "details.unseen_tiles: true or false",
        "details.unseen_tiles: true o false",
        "details.unseen_tiles: true o false",
    ),
    "game.turn_holds_not_check": (
        "word: {player}'s turn {turn} holds {shown}, not {word!r}: check the line aimed at ({article})",
        "word: el turno {turn} de {player} tiene {shown}, no {word!r}: compruebe la línea a la que se refiere ({article})",
        "word: el torn {turn} de {player} té {shown}, no {word!r}: comproveu la línia a què es refereix ({article})",
    ),
    "game.turn_not": (
        "it is {player}'s turn, not {player2}'s",
        "es el turno de {player}, no de {player2}",
        "és el torn de {player}, no de {player2}",
    ),
    "game.under": (
        "under {profile} {message} ({article})",
        "en {profile} {message} ({article})",
        "a {profile} {message} ({article})",
    ),
    "game.under_blank_cannot_stand": (
        "word: under {profile} a blank cannot stand for a digraph tile",
        "word: en {profile} un comodín no puede representar una ficha dígrafo",
        "word: a {profile} un escarràs no pot representar una fitxa dígraf",
    ),
    "game.under_director_rules_letter": (
        "letter: under {profile} the director rules the letter ({article})",
        "letter: en {profile} la letra la decide el director ({article})",
        "letter: a {profile} la lletra la decideix el director ({article})",
    ),
    "game.under_only_may_appeal": (
        "under {profile} only {who} may appeal the ruling",
        "en {profile} solo {who} puede apelar la resolución",
        "a {profile} només {who} pot apel·lar la resolució",
    ),
    "game.under_sheet_handed_final": (
        "under {profile} a sheet handed in is final and cannot be reopened ({article})",
        "en {profile} una planilla entregada es definitiva y no puede reabrirse ({article})",
        "a {profile} un full lliurat és definitiu i no es pot reobrir ({article})",
    ),
    "game.waiting_dealing": (
        "waiting for the players to draw their first tiles",
        "a la espera de que los jugadores roben sus primeras fichas",
        "a l'espera que els jugadors agafin les primeres fitxes",
    ),
    "game.waiting_end_racks": (
        "waiting for the end racks of {players}",
        "a la espera de los atriles finales de {players}",
        "a l'espera dels faristols finals de {players}",
    ),
    "game.waiting_ended": (
        "ended: waiting for the settlement to be signed",
        "terminada: a la espera de que se firme la liquidación",
        "acabada: a l'espera que se signi la liquidació",
    ),
    "game.waiting_exchange": (
        "waiting for {player}'s announced exchange",
        "a la espera del cambio anunciado por {player}",
        "a l'espera del canvi anunciat per {player}",
    ),
    "game.waiting_key_is": (
        "the key waiting is {fingerprint}…",
        "la clave que espera es {fingerprint}…",
        "la clau que espera és {fingerprint}…",
    ),
    "game.waiting_kind": (
        "waiting for {kind}",
        "a la espera de {kind}",
        "a l'espera de {kind}",
    ),
    "game.waiting_move": (
        "waiting for {player}'s move: no play is waiting to be accepted or ruled",
        "a la espera de la jugada de {player}: no hay ninguna jugada por aceptar o resolver",
        "a l'espera de la jugada de {player}: no hi ha cap jugada per acceptar o resoldre",
    ),
    "game.waiting_no_new_key": (
        "no new key waits",
        "no espera ninguna clave nueva",
        "no espera cap clau nova",
    ),
    "game.waiting_pending": (
        "waiting for {what} ({player}'s play)",
        "a la espera de {what} (jugada de {player})",
        "a l'espera de {what} (jugada de {player})",
    ),
    "game.waiting_starting": (
        "waiting for the draw that decides who starts",
        "a la espera del sorteo de quién empieza",
        "a l'espera del sorteig de qui comença",
    ),
    "game.waits_acceptance": (
        "the opponent to accept or challenge the last play",
        "que el contrario acepte o impugne la última jugada",
        "que el contrari accepti o impugni l'última jugada",
    ),
    "game.waits_centre_choice": (
        "the opponent's choice on a first play off the centre (FILE 20)",
        "la decisión del contrario sobre una primera jugada fuera del centro (FILE 20)",
        "la decisió del contrari sobre una primera jugada fora del centre (FILE 20)",
    ),
    "game.waits_end_racks": (
        "the end racks",
        "los atriles finales",
        "els faristols finals",
    ),
    "game.waits_exchange": (
        "the announced exchange",
        "el cambio anunciado",
        "el canvi anunciat",
    ),
    "game.waits_ruling": (
        "the ruling on a challenge",
        "la resolución de una impugnación",
        "la resolució d'una impugnació",
    ),
    "game.want_nothing_pending": (
        "nothing pending (no play to accept or rule)",
        "que no haya nada pendiente (ninguna jugada que aceptar o resolver)",
        "que no hi hagi res pendent (cap jugada per acceptar o resoldre)",
    ),
    "game.want_waiting_for": (
        "it waiting for {what}",
        "que espere {what}",
        "que esperi {what}",
    ),
    "game.what_key_registration": (
        "key registration",
        "registro de clave",
        "registre de clau",
    ),
    "game.what_key_replacement": (
        "key replacement",
        "sustitución de clave",
        "substitució de clau",
    ),
    "game.what_new_tablet": (
        "new tablet",
        "tableta nueva",
        "tauleta nova",
    ),
    "game.what_player_token": (
        "player token",
        "token de jugador",
        "token de jugador",
    ),
    "game.what_seat_code": (
        "seat code",
        "código de asiento",
        "codi de seient",
    ),
    "game.what_tablet_binding": (
        "tablet binding",
        "vinculación de tableta",
        "vinculació de tauleta",
    ),
    "game.which_already_seat_key": (
        "already seat {seat}'s registered key",
        "ya la clave registrada del asiento {seat}",
        "ja la clau registrada del seient {seat}",
    ),
    "game.which_registered_before": (
        "one registered before in this game (for another seat, or superseded)",
        "una registrada antes en esta partida (para otro asiento, o sustituida)",
        "una registrada abans en aquesta partida (per a un altre seient, o substituïda)",
    ),
    "game.who_challenger": (
        "the challenger",
        "quien impugnó",
        "qui va impugnar",
    ),
    "game.who_ruled_out_placer": (
        "the player whose play was ruled out",
        "el jugador cuya jugada se declaró inválida",
        "el jugador la jugada del qual es va declarar invàlida",
    ),
    "game.whole_minutes_since_round": (
        "minutes_waited: whole minutes since the round began",
        "minutes_waited: minutos enteros desde el comienzo de la ronda",
        "minutes_waited: minuts sencers des del començament de la ronda",
    ),
    "game.whole_number": (
        "{field}: a whole number{floor}",
        "{field}: un número entero{floor}",
        "{field}: un nombre enter{floor}",
    ),
    "game.whole_number_from": (
        "details.clock.minutes: a whole number from 1 to {max_minutes}",
        "details.clock.minutes: un número entero de 1 a {max_minutes}",
        "details.clock.minutes: un nombre enter d'1 a {max_minutes}",
    ),
    "game.whole_number_points": (
        "{name}: a whole number of points",
        "{name}: un número entero de puntos",
        "{name}: un nombre enter de punts",
    ),
    "game.whole_number_points_2": (
        "announced: a whole number of points",
        "announced: un número entero de puntos",
        "announced: un nombre enter de punts",
    ),
    "game.whole_number_points_file": (
        "announced_total: a whole number of points (FILE 32)",
        "announced_total: un número entero de puntos (FILE 32)",
        "announced_total: un nombre enter de punts (FILE 32)",
    ),
    "game.whole_number_points_from": (
        "points: a whole number of points from 0",
        "points: un número entero de puntos desde 0",
        "points: un nombre enter de punts des de 0",
    ),
    "game.why_digraph_one_tile": (
        " ({digraphs}: one tile, and two tiles never make it, FILE 11)",
        " ({digraphs}: una sola ficha, y dos fichas nunca la forman, FILE 11)",
        " ({digraphs}: una sola fitxa, i dues fitxes mai no la formen, FILE 11)",
    ),
    "game.would_hold_tiles_rack": (
        "count: {player} would hold {rack_count} tiles; a rack holds {rack} (an overdraw is corrected under FILE 28)",
        "count: {player} tendría {rack_count} fichas; un atril tiene {rack} (el exceso de fichas se corrige según el FILE 28)",
        "count: {player} tindria {rack_count} fitxes; un faristol en té {rack} (l'excés de fitxes es corregeix segons el FILE 28)",
    ),
    "game.write_score_total_both": (
        "write a score, a total or both",
        "escriba una puntuación, un total o ambos",
        "escriviu una puntuació, un total o tots dos",
    ),
}
