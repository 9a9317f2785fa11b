"""Refusals of the HTTP layer: identity, permissions, routes: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "api.body_not_json": (
        "the body is not JSON this service can read (invalid UTF-8, or nested too deeply)",
        "el cuerpo no es un JSON que este servicio pueda leer (UTF-8 no válido o anidado demasiado)",
        "el cos no és un JSON que aquest servei pugui llegir (UTF-8 no vàlid o massa niat)",
    ),
    "api.body_too_large": (
        "the request body is larger than this endpoint accepts ({detail})",
        "el cuerpo de la petición es mayor de lo que admite este recurso ({detail})",
        "el cos de la petició és més gran del que admet aquest recurs ({detail})",
    ),
    "api.comes_from_player_own": (
        "{type} comes from the player's own tablet: it needs that player's token",
        "{type} sale de la propia tableta del jugador: necesita el token de ese jugador",
        "{type} surt de la tauleta del mateix jugador: necessita el token d'aquest jugador",
    ),
    "api.computed_master_names_lexicon": (
        "lexicon: a computed master names the lexicon",
        "lexicon: una jugada maestra calculada indica el léxico",
        "lexicon: una jugada mestra calculada indica el lèxic",
    ),
    "api.export_holds_every_rack": (
        "an export holds every rack's tiles: arbiters, directors and the tribunal only (a player's or spectator's view of the history, with hidden tiles withheld, is /events)",
        "una exportación contiene las fichas de todos los atriles: solo para árbitros, directores y el tribunal (la vista del historial de un jugador o espectador, sin las fichas ocultas, es /events)",
        "una exportació conté les fitxes de tots els faristols: només per a àrbitres, directors i el tribunal (la vista de l'historial d'un jugador o espectador, sense les fitxes amagades, és /events)",
    ),
    "api.for_arbiters_directors": (
        "{type} is for arbiters and directors",
        "{type} es para árbitros y directores",
        "{type} és per a àrbitres i directors",
    ),
    "api.game_has_no_event": (
        "game {game_id} has no event older than its event's broadcast delay yet",
        "la partida {game_id} aún no tiene ningún evento anterior al retardo de retransmisión",
        "la partida {game_id} encara no té cap esdeveniment anterior al retard de retransmissió",
    ),
    "api.game_has_no_settlement": (
        "game {game_id} has no settlement yet: it has not ended, or waits for the end racks",
        "la partida {game_id} aún no tiene liquidación: no ha terminado o espera los atriles finales",
        "la partida {game_id} encara no té liquidació: no ha acabat o espera els faristols finals",
    ),
    "api.game_not_closed_its": (
        "the game is not closed (or its closing is not signed by the service): a receipt is given at GameClosed (FILE 43)",
        "la partida no está cerrada (o su cierre no lo firma el servicio): el recibo se da con GameClosed (FILE 43)",
        "la partida no és tancada (o el tancament no el signa el servei): el rebut es dona amb GameClosed (FILE 43)",
    ),
    "api.game_not_read_models": (
        "game {game_id} is not in the read models yet: try again shortly",
        "la partida {game_id} aún no está en los modelos de lectura: inténtelo de nuevo en un momento",
        "la partida {game_id} encara no és als models de lectura: torneu-ho a provar d'aquí a un moment",
    ),
    "api.id_last_message_received": (
        "Last-Event-ID: the id of the last message received",
        "Last-Event-ID: el id del último mensaje recibido",
        "Last-Event-ID: l'id de l'últim missatge rebut",
    ),
    "api.internal": (
        "internal error (logged)",
        "error interno (registrado)",
        "error intern (registrat)",
    ),
    "api.method_not_allowed": (
        "Method Not Allowed",
        "Método no admitido",
        "Mètode no admès",
    ),
    "api.no_game_event_round": (
        "no game of event {event!r} in round {number}: check both (the event exactly as its games name it)",
        "no hay ninguna partida del torneo {event!r} en la ronda {number}: compruebe ambos (el torneo tal como lo nombran sus partidas)",
        "no hi ha cap partida del torneig {event!r} a la ronda {number}: comproveu tots dos (el torneig tal com l'anomenen les seves partides)",
    ),
    "api.no_game_event_round_2": (
        "no game of event {event!r} in round {round}: check both (the event exactly as its games name it)",
        "no hay ninguna partida del torneo {event!r} en la ronda {round}: compruebe ambos (el torneo tal como lo nombran sus partidas)",
        "no hi ha cap partida del torneig {event!r} a la ronda {round}: comproveu tots dos (el torneig tal com l'anomenen les seves partides)",
    ),
    "api.no_official_key": (
        "no official key {fingerprint}",
        "no existe la clave de oficial {fingerprint}",
        "no existeix la clau d'oficial {fingerprint}",
    ),
    "api.no_player_at_seat": (
        "no player at seat {seat}",
        "no hay ningún jugador en el asiento {seat}",
        "no hi ha cap jugador al seient {seat}",
    ),
    "api.no_such_bundle": (
        "no such bundle",
        "no existe ese paquete",
        "no existeix aquest paquet",
    ),
    "api.no_such_page": (
        "no such page",
        "no existe esa página",
        "no existeix aquesta pàgina",
    ),
    "api.no_token": (
        "no token {token_id}",
        "no existe el token {token_id}",
        "no existeix el token {token_id}",
    ),
    "api.not_found": (
        "Not Found",
        "No existe",
        "No existeix",
    ),
    "api.not_uuid": (
        "game_id: not a UUID",
        "game_id: no es un UUID",
        "game_id: no és un UUID",
    ),
    "api.official_key_official_signature": (
        "{missing}: official_key and official_signature go together",
        "{missing}: official_key y official_signature van juntos",
        "{missing}: official_key i official_signature van junts",
    ),
    "api.official_key_signs_arbiters": (
        "official_key: an official's key signs arbiters' and directors' entries; a player's tablet signs with key_signature",
        "official_key: la clave de un oficial firma las anotaciones de árbitros y directores; la tableta de un jugador firma con key_signature",
        "official_key: la clau d'un oficial signa les anotacions d'àrbitres i directors; la tauleta d'un jugador signa amb key_signature",
    ),
    "api.official_typing_paper_slip": (
        "seat: an official typing a paper slip names whose it is (the seat)",
        "seat: el oficial que teclea una papeleta en papel indica de quién es (el asiento)",
        "seat: l'oficial que tecleja una papereta de paper indica de qui és (el seient)",
    ),
    "api.only_player_token_has": (
        "only a player token has a seat",
        "solo un token de jugador tiene asiento",
        "només un token de jugador té seient",
    ),
    "api.player_token_acts_only": (
        "a player token acts only for its own seat ({seat}), not {seat2}",
        "un token de jugador solo actúa por su propio asiento ({seat}), no por el {seat2}",
        "un token de jugador només actua pel seu propi seient ({seat}), no pel {seat2}",
    ),
    "api.player_token_names_its": (
        "a player token names its game_id and seat",
        "un token de jugador indica su game_id y su asiento",
        "un token de jugador indica el seu game_id i el seu seient",
    ),
    "api.player_token_reads_only": (
        "a player token reads only its own sheet (seat {seat})",
        "un token de jugador solo lee su propia planilla (asiento {seat})",
        "un token de jugador només llegeix el seu propi full (seient {seat})",
    ),
    "api.player_token_sends_only": (
        "a player token sends only its own slip (seat {seat}), not seat {seat2}",
        "un token de jugador solo entrega su propia papeleta (asiento {seat}), no la del asiento {seat2}",
        "un token de jugador només lliura la seva pròpia papereta (seient {seat}), no la del seient {seat2}",
    ),
    "api.request": (
        "request",
        "petición",
        "petició",
    ),
    "api.round_has_not_been": (
        "{event} round {round} has not been sealed",
        "la ronda {round} de {event} no está sellada",
        "la ronda {round} de {event} no està segellada",
    ),
    "api.round_has_not_started": (
        "round {round_no} has not started",
        "la ronda {round_no} no ha empezado",
        "la ronda {round_no} no ha començat",
    ),
    "api.round_neither_drafted_nor": (
        "round {round_no} is neither drafted nor published",
        "la ronda {round_no} no está ni preparada ni publicada",
        "la ronda {round_no} no està ni preparada ni publicada",
    ),
    "api.round_not_round_play": (
        "round_no: round {round_no} is not the round in play ({round_no2})",
        "round_no: la ronda {round_no} no es la ronda en juego ({round_no2})",
        "round_no: la ronda {round_no} no és la ronda en joc ({round_no2})",
    ),
    "api.ruling_for_arbiters_directors": (
        "{ruled}: a ruling for arbiters and directors, not a player's token",
        "{ruled}: una resolución es cosa de árbitros y directores, no del token de un jugador",
        "{ruled}: una resolució és cosa d'àrbitres i directors, no del token d'un jugador",
    ),
    "api.sending_names_seat_acts": (
        "{field}: an {role} sending {type} names the seat it acts for (a player's token acts for its own)",
        "{field}: un {role} que envía {type} indica el asiento por el que actúa (el token de un jugador actúa por el suyo)",
        "{field}: un {role} que envia {type} indica el seient pel qual actua (el token d'un jugador actua pel seu)",
    ),
    "api.this_idempotency_key_was": (
        "this Idempotency-Key was used for a different request (another body or another token); use a new key",
        "este Idempotency-Key se usó para otra petición (otro cuerpo u otro token); use una clave nueva",
        "aquest Idempotency-Key es va fer servir per a una altra petició (un altre cos o un altre token); feu servir una clau nova",
    ),
    "api.this_server_does_not": (
        "this server does not serve TLS: start it with 'planilla serve --tls'",
        "este servidor no sirve TLS: arránquelo con 'planilla serve --tls'",
        "aquest servidor no serveix TLS: engegueu-lo amb 'planilla serve --tls'",
    ),
    "api.this_server_holds_hall": (
        "this server holds {hall_streams_max} hall streams at most: close a console, or read GET /v1/tables",
        "este servidor admite como máximo {hall_streams_max} conexiones de sala: cierre una consola o lea GET /v1/tables",
        "aquest servidor admet com a màxim {hall_streams_max} connexions de sala: tanqueu una consola o llegiu GET /v1/tables",
    ),
    "api.this_server_holds_public": (
        "this server holds {public_streams_max} public streams at most: try again later, or open the wall page",
        "este servidor admite como máximo {public_streams_max} retransmisiones públicas: inténtelo más tarde o abra la página del mural",
        "aquest servidor admet com a màxim {public_streams_max} retransmissions públiques: torneu-ho a provar més tard o obriu la pàgina del mural",
    ),
    "api.this_service_was_started": (
        "this service was started without its key: nothing is signed",
        "este servicio se arrancó sin su clave: no se firma nada",
        "aquest servei es va engegar sense la seva clau: no se signa res",
    ),
    "api.this_token_bound_another": (
        "this token is bound to another game",
        "este token está vinculado a otra partida",
        "aquest token està vinculat a una altra partida",
    ),
    "api.token_bound_one_game": (
        "a token bound to one game may not {what}: a round has many games",
        "un token vinculado a una partida no puede {what}: una ronda tiene muchas partidas",
        "un token vinculat a una partida no pot {what}: una ronda té moltes partides",
    ),
    "api.token_may_not_arbiters": (
        "a {role} token may not {what}: arbiters and directors do",
        "un token de {role} no puede {what}: lo hacen árbitros y directores",
        "un token de {role} no pot {what}: ho fan àrbitres i directors",
    ),
    "api.token_may_not_do": (
        "a {role} token may not do this: it needs a director's token for every game",
        "un token de {role} no puede hacer esto: hace falta un token de director para todas las partidas",
        "un token de {role} no pot fer això: cal un token de director per a totes les partides",
    ),
    "api.token_may_not_do_2": (
        "a {role} token may not do this: it is the judge's (an arbiter or a director)",
        "un token de {role} no puede hacer esto: es cosa del juez (un árbitro o un director)",
        "un token de {role} no pot fer això: és cosa del jutge (un àrbitre o un director)",
    ),
    "api.token_may_not_do_3": (
        "a {role} token may not do this: officials' keys are for directors, arbiters and the tribunal",
        "un token de {role} no puede hacer esto: las claves de oficial son para directores, árbitros y el tribunal",
        "un token de {role} no pot fer això: les claus d'oficial són per a directors, àrbitres i el tribunal",
    ),
    "api.token_may_not_issue": (
        "a {role} token may not issue seat codes: arbiters and directors do",
        "un token de {role} no puede emitir códigos de asiento: lo hacen árbitros y directores",
        "un token de {role} no pot emetre codis de seient: ho fan àrbitres i directors",
    ),
    "api.token_may_not_list": (
        "a {role} token may not list games: the index is for directors, arbiters and the tribunal with a token for every game",
        "un token de {role} no puede listar las partidas: el índice es para directores, árbitros y el tribunal con un token para todas las partidas",
        "un token de {role} no pot llistar les partides: l'índex és per a directors, àrbitres i el tribunal amb un token per a totes les partides",
    ),
    "api.token_may_not_print": (
        "a {role} token may not print a round: directors, arbiters and the tribunal with a token for every game do",
        "un token de {role} no puede imprimir una ronda: lo hacen directores, árbitros y el tribunal con un token para todas las partidas",
        "un token de {role} no pot imprimir una ronda: ho fan directors, àrbitres i el tribunal amb un token per a totes les partides",
    ),
    "api.token_may_not_replace": (
        "a {role} token may not replace a tablet: arbiters and directors do",
        "un token de {role} no puede reemplazar una tableta: lo hacen árbitros y directores",
        "un token de {role} no pot reemplaçar una tauleta: ho fan àrbitres i directors",
    ),
    "api.token_may_not_seal": (
        "a {role} token {value}may not seal a round: directors of the hall do",
        "un token de {role} {value}no puede sellar una ronda: lo hacen los directores de la sala",
        "un token de {role} {value}no pot segellar una ronda: ho fan els directors de la sala",
    ),
    "api.token_reads_only_sends": (
        "a {role} token reads only; it sends no commands",
        "un token de {role} solo lee; no envía órdenes",
        "un token de {role} només llegeix; no envia ordres",
    ),
    "api.token_sends_no_slip": (
        "a {role} token sends no slip",
        "un token de {role} no entrega papeletas",
        "un token de {role} no lliura paperetes",
    ),
    "api.token_unknown_revoked": (
        "the token is unknown or revoked",
        "el token es desconocido o está revocado",
        "el token és desconegut o està revocat",
    ),
    "api.version_last_event_received": (
        "Last-Event-ID: the version of the last event received",
        "Last-Event-ID: la versión del último evento recibido",
        "Last-Event-ID: la versió de l'últim esdeveniment rebut",
    ),
    "api.visible_ascii_characters": (
        "Idempotency-Key: 1–255 visible ASCII characters",
        "Idempotency-Key: de 1 a 255 caracteres ASCII visibles",
        "Idempotency-Key: d'1 a 255 caràcters ASCII visibles",
    ),
    "api.what_call_round_time": (
        "call a round's time",
        "dar por terminado el tiempo de una ronda",
        "donar per acabat el temps d'una ronda",
    ),
    "api.what_issue_seat_codes": (
        "issue a round's seat codes",
        "emitir los códigos de asiento de una ronda",
        "emetre els codis de seient d'una ronda",
    ),
    "api.whole_number_expected": (
        "a whole number is expected here, written as a JSON number (not true, false or text)",
        "se espera un número entero, escrito como número JSON (no true, false ni texto)",
        "s'espera un nombre enter, escrit com a nombre JSON (no true, false ni text)",
    ),
}
