"""Refusals of the service's contexts (game, tournament, duplicate, lexicon, gcg, trust) and of the profiles and lexicon files: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "profiles.compiled_lexicon_header_damaged": (
        "the compiled lexicon's header is damaged",
        "la cabecera del léxico compilado está dañada",
        "la capçalera del lèxic compilat és malmesa",
    ),
    "profiles.compiled_lexicon_truncated_damaged": (
        "the compiled lexicon is truncated or damaged",
        "el léxico compilado está truncado o dañado",
        "el lèxic compilat és truncat o malmès",
    ),
    "profiles.not_compiled_planilla_lexicon": (
        "not a compiled Planilla lexicon (or an older version: load the list again)",
        "no es un léxico compilado de Planilla (o es de una versión anterior: vuelva a cargar la lista)",
        "no és un lèxic compilat de Planilla (o és d'una versió anterior: torneu a carregar la llista)",
    ),
    "profiles.unknown_profile_expected_one": (
        "unknown profile {profile_id!r}; expected one of {profiles}",
        "perfil desconocido {profile_id!r}; se espera uno de {profiles}",
        "perfil desconegut {profile_id!r}; s'espera un de {profiles}",
    ),
    "service.base_text_at_most": (
        "{field}: base64 text of at most {max_text} characters",
        "{field}: texto base64 de {max_text} caracteres como máximo",
        "{field}: text base64 de {max_text} caràcters com a màxim",
    ),
    "service.bytes_webcrypto_ecdsa_p": (
        "{field}: {n_raw} bytes; WebCrypto's ECDSA P-256 signature is 64 bytes (r||s, IEEE P1363), base64",
        "{field}: {n_raw} bytes; la firma ECDSA P-256 de WebCrypto tiene 64 bytes (r||s, IEEE P1363), en base64",
        "{field}: {n_raw} bytes; la signatura ECDSA P-256 de WebCrypto té 64 bytes (r||s, IEEE P1363), en base64",
    ),
    "service.cannot_read": (
        "cannot read {path}: {value}",
        "no se puede leer {path}: {value}",
        "no es pot llegir {path}: {value}",
    ),
    "service.cannot_tell_what_move": (
        "cannot tell what move {mid!r} is",
        "no se sabe qué jugada es {mid!r}",
        "no se sap quina jugada és {mid!r}",
    ),
    "service.damaged_lexicon_refused": (
        "{path}: {error}",
        "{path}: {error}",
        "{path}: {error}",
    ),
    "service.delay_seconds_must_whole": (
        "delay_seconds must be a whole number of seconds from 0 to {max_delay}",
        "delay_seconds debe ser un número entero de segundos de 0 a {max_delay}",
        "delay_seconds ha de ser un nombre enter de segons de 0 a {max_delay}",
    ),
    "service.docs_reliability_md_players": (
        "{err} (docs/reliability.md, \"Players' keys\": the wire format)",
        "{err} (docs/reliability.md, «Players' keys»: el formato de transmisión)",
        "{err} (docs/reliability.md, «Players' keys»: el format de transmissió)",
    ),
    "service.ecdsa_key_on_p": (
        "{field}: an ECDSA key on the P-256 curve is required",
        "{field}: se requiere una clave ECDSA en la curva P-256",
        "{field}: cal una clau ECDSA a la corba P-256",
    ),
    "service.expected_move_score_running": (
        "expected a move, a score and a running total after the nick",
        "se esperaba una jugada, una puntuación y un total acumulado después del nick",
        "s'esperava una jugada, una puntuació i un total acumulat després del nick",
    ),
    "service.expected_nick_at_start": (
        "expected '>nick:' at the start of the line",
        "se esperaba '>nick:' al principio de la línea",
        "s'esperava '>nick:' al principi de la línia",
    ),
    "service.gcg_syntax_line": (
        "line {line}: {message}",
        "línea {line}: {message}",
        "línia {line}: {message}",
    ),
    "service.jwk_lacks": (
        "{field}: the JWK lacks {arg}",
        "{field}: al JWK le falta {arg}",
        "{field}: al JWK li falta {arg}",
    ),
    "service.jwk_point_not_on": (
        "{field}: the JWK's point is not on P-256 ({err})",
        "{field}: el punto del JWK no está en P-256 ({err})",
        "{field}: el punt del JWK no és a P-256 ({err})",
    ),
    "service.jwk_with_kty_ec": (
        "{field}: a JWK with kty EC and crv P-256 is required",
        "{field}: se requiere un JWK con kty EC y crv P-256",
        "{field}: cal un JWK amb kty EC i crv P-256",
    ),
    "service.lexicon_name_use_lower": (
        "lexicon name {name!r}: use 1-64 lower-case letters, digits, '.', '_' or '-', starting with a letter or a digit (it names a file in the data folder)",
        "nombre de léxico {name!r}: use de 1 a 64 minúsculas, cifras, '.', '_' o '-', empezando por una letra o una cifra (nombra un fichero de la carpeta de datos)",
        "nom de lèxic {name!r}: feu servir d'1 a 64 minúscules, xifres, '.', '_' o '-', començant per una lletra o una xifra (anomena un fitxer de la carpeta de dades)",
    ),
    "service.line": (
        "line {line}: {value}: {message}",
        "línea {line}: {value}: {message}",
        "línia {line}: {value}: {message}",
    ),
    "service.line_cannot_recorded_under": (
        "line {line}: a {replace} cannot be recorded under this profile yet",
        "línea {line}: un {replace} aún no puede anotarse con este perfil",
        "línia {line}: un {replace} encara no es pot anotar amb aquest perfil",
    ),
    "service.line_kept_which_next": (
        "line {line}: {nick} kept {elements}, which the next rack ({shown}) does not show",
        "línea {line}: {nick} se quedó {elements}, que el atril siguiente ({shown}) no muestra",
        "línia {line}: {nick} es va quedar {elements}, que el faristol següent ({shown}) no mostra",
    ),
    "service.line_replay_records_which": (
        "line {line}: a replay records which tiles were exchanged",
        "línea {line}: una reproducción anota qué fichas se cambiaron",
        "línia {line}: una reproducció anota quines fitxes es van canviar",
    ),
    "service.line_unknown_player": (
        "line {line}: unknown player {nick!r}",
        "línea {line}: jugador desconocido {nick!r}",
        "línia {line}: jugador desconegut {nick!r}",
    ),
    "service.line_withdrawal_right_after": (
        "line {line}: a withdrawal (--) right after a play by the same player only",
        "línea {line}: una retirada (--) solo justo después de una jugada del mismo jugador",
        "línia {line}: una retirada (--) només just després d'una jugada del mateix jugador",
    ),
    "service.no_duplicate": (
        "no duplicate game {duplicate_id}",
        "no existe la partida duplicada {duplicate_id}",
        "no existeix la partida duplicada {duplicate_id}",
    ),
    "service.no_entry_can_written": (
        "{path}: no entry can be written with the {name} tiles",
        "{path}: ninguna entrada puede escribirse con las fichas de {name}",
        "{path}: cap entrada no es pot escriure amb les fitxes de {name}",
    ),
    "service.no_game": (
        "no game {game_id}",
        "no existe la partida {game_id}",
        "no existeix la partida {game_id}",
    ),
    "service.no_key_to_seal": (
        "this service has no key to seal with",
        "este servicio no tiene clave con la que sellar",
        "aquest servei no té clau amb què segellar",
    ),
    "service.no_lexicon_loaded_load": (
        "no lexicon {name!r} in {folder} (loaded: {known}); load it with 'planilla lexicon load {name} FILE'",
        "no hay ningún léxico {name!r} en {folder} (cargados: {known}); cárguelo con 'planilla lexicon load {name} FILE'",
        "no hi ha cap lèxic {name!r} a {folder} (carregats: {known}); carregueu-lo amb 'planilla lexicon load {name} FILE'",
    ),
    "service.no_move_between_nick": (
        "no move between the nick and the score",
        "no hay jugada entre el nick y la puntuación",
        "no hi ha jugada entre el nick i la puntuació",
    ),
    "service.no_tournament": (
        "no tournament {tournament_id}",
        "no existe el torneo {tournament_id}",
        "no existeix el torneig {tournament_id}",
    ),
    "service.not_base": (
        "{field}: not base64",
        "{field}: no es base64",
        "{field}: no és base64",
    ),
    "service.not_ed_private_key": (
        "{path}: not an Ed25519 private key",
        "{path}: no es una clave privada Ed25519",
        "{path}: no és una clau privada Ed25519",
    ),
    "service.not_running_total": (
        "{total_text!r} is not a running total",
        "{total_text!r} no es un total acumulado",
        "{total_text!r} no és un total acumulat",
    ),
    "service.not_score_n_n": (
        "{score_text!r} is not a score (+N or -N)",
        "{score_text!r} no es una puntuación (+N o -N)",
        "{score_text!r} no és una puntuació (+N o -N)",
    ),
    "service.not_subjectpublickeyinfo_webcrypto_exportkey": (
        "{field}: not a SubjectPublicKeyInfo (WebCrypto exportKey('spki')) in base64",
        "{field}: no es un SubjectPublicKeyInfo (WebCrypto exportKey('spki')) en base64",
        "{field}: no és un SubjectPublicKeyInfo (WebCrypto exportKey('spki')) en base64",
    ),
    "service.not_tablet_bound_seat": (
        "device: {device!r} is not a tablet bound to seat {seat} with this token: a key is registered when binding (POST /v1/bind with public_key) or later from the bound tablet (its own token and X-Device)",
        "device: {device!r} no es una tableta vinculada al asiento {seat} con esta clave de acceso: una clave se registra al vincular (POST /v1/bind con public_key) o después desde la tableta vinculada (su propio token y X-Device)",
        "device: {device!r} no és una tauleta vinculada al seient {seat} amb aquest token: una clau es registra en vincular (POST /v1/bind amb public_key) o després des de la tauleta vinculada (el seu propi token i X-Device)",
    ),
    "service.only_tiles_left_bag": (
        "count: only {n_bag} tiles left in the bag",
        "count: solo quedan {n_bag} fichas en la bolsa",
        "count: només queden {n_bag} fitxes a la bossa",
    ),
    "service.pem_public_key_block": (
        "{field}: a PEM 'PUBLIC KEY' block that does not hold a public key",
        "{field}: un bloque PEM 'PUBLIC KEY' que no contiene una clave pública",
        "{field}: un bloc PEM 'PUBLIC KEY' que no conté cap clau pública",
    ),
    "service.player": (
        "player {number} ({name}): {message}",
        "jugador {number} ({name}): {message}",
        "jugador {number} ({name}): {message}",
    ),
    "service.record_has_no_move": (
        "the record has no move to record",
        "el registro no tiene ninguna jugada que anotar",
        "el registre no té cap jugada per anotar",
    ),
    "service.record_has_players_not": (
        "players: the record has {n_players} players, not {n_names}",
        "players: el registro tiene {n_players} jugadores, no {n_names}",
        "players: el registre té {n_players} jugadors, no {n_names}",
    ),
    "service.record_written_tiles_plays": (
        "the record is written in {declared} tiles; {profile} plays {tileset}",
        "el registro está escrito en fichas de {declared}; {profile} juega con {tileset}",
        "el registre està escrit en fitxes de {declared}; {profile} juga amb {tileset}",
    ),
    "service.spelt_tiles_game": (
        "lexicon: {lexicon_name} is spelt in {name} tiles, the game in {name2}",
        "lexicon: {lexicon_name} está escrito en fichas de {name}, la partida en las de {name2}",
        "lexicon: {lexicon_name} està escrit en fitxes de {name}, la partida en les de {name2}",
    ),
    "service.this_jwk_holds_private": (
        "{field}: this JWK holds a private key; send only the public part",
        "{field}: este JWK contiene una clave privada; envíe solo la parte pública",
        "{field}: aquest JWK conté una clau privada; envieu-ne només la part pública",
    ),
    "service.this_service_has_no": (
        "lexicon: this service has no data folder to load lexicons from (start it with --data)",
        "lexicon: este servicio no tiene carpeta de datos de la que cargar léxicos (arránquelo con --data)",
        "lexicon: aquest servei no té carpeta de dades d'on carregar lèxics (engegueu-lo amb --data)",
    ),
    "service.too_many_fields_before": (
        "too many fields before {move!r}",
        "demasiados campos antes de {move!r}",
        "massa camps abans de {move!r}",
    ),
    "service.version_conflict": (
        "game {game_id} is at version {current_version}, not {expected_version}",
        "la partida {game_id} está en la versión {current_version}, no en la {expected_version}",
        "la partida {game_id} és a la versió {current_version}, no a la {expected_version}",
    ),
    "service.virtual_bag_draws_tiles": (
        "tiles: a virtual bag draws the tiles itself",
        "tiles: una bolsa virtual saca las fichas ella misma",
        "tiles: una bossa virtual treu les fitxes ella mateixa",
    ),
    "store.disk_full": (
        "the event store cannot write: the disk is full",
        "el almacén de eventos no puede escribir: el disco está lleno",
        "el magatzem d'esdeveniments no pot escriure: el disc és ple",
    ),
    "store.locked": (
        "the event store cannot write: its database stayed locked by another writer",
        "el almacén de eventos no puede escribir: otro proceso mantuvo bloqueada su base de datos",
        "el magatzem d'esdeveniments no pot escriure: un altre procés en va mantenir bloquejada la base de dades",
    ),
    "store.maybe_recorded": (
        "{says}; the command may still be recorded: read the game (or retry with the same Idempotency-Key)",
        "{says}; puede que la orden aún quede anotada: lea la partida (o reintente con el mismo Idempotency-Key)",
        "{says}; pot ser que l'ordre encara quedi anotada: llegiu la partida (o torneu-ho a provar amb el mateix Idempotency-Key)",
    ),
    "store.not_recorded": (
        "{says}; nothing was recorded: send it again later",
        "{says}; no se ha anotado nada: envíelo de nuevo más tarde",
        "{says}; no s'ha anotat res: torneu-ho a enviar més tard",
    ),
    "store.read_only": (
        "the event store cannot write: its database or data folder is read-only",
        "el almacén de eventos no puede escribir: su base de datos o su carpeta de datos es de solo lectura",
        "el magatzem d'esdeveniments no pot escriure: la seva base de dades o carpeta de dades és només de lectura",
    ),
    "store.read_took_over": (
        "a read took over {seconds:g} s",
        "una lectura tardó más de {seconds:g} s",
        "una lectura va trigar més de {seconds:g} s",
    ),
    "store.reading": (
        "the event store did not answer in time ({detail}): try again shortly",
        "el almacén de eventos no respondió a tiempo ({detail}): inténtelo de nuevo en un momento",
        "el magatzem d'esdeveniments no va respondre a temps ({detail}): torneu-ho a provar d'aquí a un moment",
    ),
    "store.stalled": (
        "the event store cannot write: a write did not finish in time (the disk or the database is stalled)",
        "el almacén de eventos no puede escribir: una escritura no terminó a tiempo (el disco o la base de datos están atascados)",
        "el magatzem d'esdeveniments no pot escriure: una escriptura no va acabar a temps (el disc o la base de dades estan encallats)",
    ),
    "store.unavailable": (
        "the event store does not answer",
        "el almacén de eventos no responde",
        "el magatzem d'esdeveniments no respon",
    ),
}
