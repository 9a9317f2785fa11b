"""Refusals of binding, seat codes and officials' keys (service.access): key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "access.docs_reliability_md_official": (
        "{err} (docs/reliability.md, \"Official keys\")",
        "{err} (docs/reliability.md, «Official keys»)",
        "{err} (docs/reliability.md, «Official keys»)",
    ),
    "access.does_not_verify_with": (
        "countersignature: does not verify with {actor}'s key over 'planilla-enrol/1|<new fingerprint>|{role}|{label}' ({article})",
        "countersignature: no se verifica con la clave de {actor} sobre 'planilla-enrol/1|<new fingerprint>|{role}|{label}' ({article})",
        "countersignature: no es verifica amb la clau de {actor} sobre 'planilla-enrol/1|<new fingerprint>|{role}|{label}' ({article})",
    ),
    "access.game_closed_every_player": (
        "the game is closed: every player signed the sheet (FILE 43); no tablet is bound to it now",
        "la partida está cerrada: todos los jugadores han firmado la planilla (FILE 43); ya no hay ninguna tableta vinculada a ella",
        "la partida és tancada: tots els jugadors han signat el full (FILE 43); ja no hi ha cap tauleta vinculada",
    ),
    "access.key_new_official_key": (
        "countersigned_by: the key {countersigned_by}… {state}: a new official key is countersigned by an enrolled official's key, or enrolled with `planilla official enrol` by whoever holds the data folder ({article})",
        "countersigned_by: la clave {countersigned_by}… {state}: una clave nueva de oficial la refrenda la clave de un oficial inscrito, o la inscribe con `planilla official enrol` quien tiene la carpeta de datos ({article})",
        "countersigned_by: la clau {countersigned_by}… {state}: una clau nova d'oficial la refrenda la clau d'un oficial inscrit, o la inscriu amb `planilla official enrol` qui té la carpeta de dades ({article})",
    ),
    "access.key_vouches_for_keys": (
        "countersigned_by: a {role}'s key vouches for {vouches} keys, not a {role2}'s ({article})",
        "countersigned_by: la clave de un {role} avala claves de {vouches}, no de un {role2} ({article})",
        "countersigned_by: la clau d'un {role} avala claus de {vouches}, no d'un {role2} ({article})",
    ),
    "access.key_was_revoked_signs": (
        "official_key: {actor}'s key {fingerprint}… was revoked ({revoked}): it signs nothing after ({article})",
        "official_key: la clave {fingerprint}… de {actor} se revocó ({revoked}): no firma nada posterior ({article})",
        "official_key: la clau {fingerprint}… de {actor} es va revocar ({revoked}): no signa res posterior ({article})",
    ),
    "access.no_official_key_enrolled": (
        "official_key: no official key {fingerprint}… is enrolled: a key is enrolled from the data folder or countersigned by an enrolled official's key; a token alone never authorises one ({article})",
        "official_key: no hay inscrita ninguna clave de oficial {fingerprint}…: una clave se inscribe desde la carpeta de datos o la refrenda la clave de un oficial inscrito; un token por sí solo nunca la autoriza ({article})",
        "official_key: no hi ha inscrita cap clau d'oficial {fingerprint}…: una clau s'inscriu des de la carpeta de dades o la refrenda la clau d'un oficial inscrit; un token tot sol mai no l'autoritza ({article})",
    ),
    "access.no_seat_code": (
        "no seat code {found}",
        "no existe el código de asiento {found}",
        "no existeix el codi de seient {found}",
    ),
    "access.no_seat_code_check": (
        "no seat code {found}: check it, or ask the director for a new one",
        "no existe el código de asiento {found}: compruébelo o pida uno nuevo al director",
        "no existeix el codi de seient {found}: comproveu-lo o demaneu-ne un de nou al director",
    ),
    "access.no_token": (
        "no token {ident}",
        "no existe el token {ident}",
        "no existeix el token {ident}",
    ),
    "access.not_seat_code_letters": (
        "{code!r} is not a seat code (8 letters and digits, like ABCD-EFGH)",
        "{code!r} no es un código de asiento (8 letras y cifras, como ABCD-EFGH)",
        "{code!r} no és un codi de seient (8 lletres i xifres, com ABCD-EFGH)",
    ),
    "access.official_key_enrolled_for": (
        "role: an official key is enrolled for {key_roles}, not {role!r} ({article})",
        "role: una clave de oficial se inscribe para {key_roles}, no para {role!r} ({article})",
        "role: una clau d'oficial s'inscriu per a {key_roles}, no per a {role!r} ({article})",
    ),
    "access.official_name_as_their": (
        "label: the official's name as their token's label (1-100 characters, no ':'), so the key signs for the actor their token records",
        "label: el nombre del oficial como etiqueta de su token (de 1 a 100 caracteres, sin «:»), para que la clave firme por el actor que registra su token",
        "label: el nom de l'oficial com a etiqueta del seu token (d'1 a 100 caràcters, sense «:»), perquè la clau signi pel mateix actor que registra el seu token",
    ),
    "access.player_token_bound_one": (
        "a player token is bound to one game and one seat",
        "un token de jugador está vinculado a una partida y un asiento",
        "un token de jugador està vinculat a una partida i un seient",
    ),
    "access.role_must_one": (
        "role must be one of {roles}",
        "role debe ser uno de {roles}",
        "role ha de ser un de {roles}",
    ),
    "access.seat_code_expired_at": (
        "seat code {found} expired at {expires_at}: ask the director for a new one",
        "el código de asiento {found} caducó el {expires_at}: pida uno nuevo al director",
        "el codi de seient {found} va caducar el {expires_at}: demaneu-ne un de nou al director",
    ),
    "access.seat_code_from": (
        "minutes: from 1 to {max_minutes}",
        "minutes: de 1 a {max_minutes}",
        "minutes: d'1 a {max_minutes}",
    ),
    "access.seat_code_was_already": (
        "seat code {found} was already used at {used}: a code binds one tablet once; ask the director for a new one",
        "el código de asiento {found} ya se usó el {used}: un código vincula una tableta una sola vez; pida uno nuevo al director",
        "el codi de seient {found} ja es va fer servir el {used}: un codi vincula una tauleta una sola vegada; demaneu-ne un de nou al director",
    ),
    "access.seat_must_from": (
        "seat must be from 0 to {n_players}",
        "seat debe ir de 0 a {n_players}",
        "seat ha d'anar de 0 a {n_players}",
    ),
    "access.send_bearer_token": (
        "send a bearer token: Authorization: Bearer <token>",
        "envíe un token de portador: Authorization: Bearer <token>",
        "envieu un token de portador: Authorization: Bearer <token>",
    ),
    "access.state_not_enrolled": (
        "is not enrolled",
        "no está inscrita",
        "no està inscrita",
    ),
    "access.state_revoked": (
        "was revoked",
        "se revocó",
        "es va revocar",
    ),
    "access.this_key_already_enrolled": (
        "public_key: this key is already enrolled: each device makes its own key",
        "public_key: esta clave ya está inscrita: cada dispositivo crea su propia clave",
        "public_key: aquesta clau ja està inscrita: cada dispositiu crea la seva pròpia clau",
    ),
    "access.this_key_enrolled_for": (
        "official_key: this key is enrolled for {actor}, not {actor2}: an official signs only with their own key ({article})",
        "official_key: esta clave está inscrita para {actor}, no para {actor2}: un oficial firma solo con su propia clave ({article})",
        "official_key: aquesta clau està inscrita per a {actor}, no per a {actor2}: un oficial signa només amb la seva pròpia clau ({article})",
    ),
    "role.arbiter": (
        "arbiter",
        "árbitro",
        "àrbitre",
    ),
    "role.director": (
        "director",
        "director",
        "director",
    ),
    "role.player": (
        "player",
        "jugador",
        "jugador",
    ),
    "role.spectator": (
        "spectator",
        "espectador",
        "espectador",
    ),
    "role.tribunal": (
        "tribunal",
        "tribunal",
        "tribunal",
    ),
}
