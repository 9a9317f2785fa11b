"""Refusals of the notation (words, racks, coordinates) and the placement rules: key -> (English, Spanish, Catalan)."""

MESSAGES: dict[str, tuple[str, str, str]] = {
    "notation.after_first_play_play": (
        "after the first play, a play must touch tiles on the board (FILE 2, 9; FISC I.6)",
        "después de la primera jugada, cada jugada debe tocar fichas del tablero (FILE 2, 9; FISC I.6)",
        "després de la primera jugada, cada jugada ha de tocar fitxes del tauler (FILE 2, 9; FISC I.6)",
    ),
    "notation.all_tiles_play_go": (
        "all tiles of a play go in one row or one column (FILE 8, 21; FISC I.6)",
        "todas las fichas de una jugada van en una fila o en una columna (FILE 8, 21; FISC I.6)",
        "totes les fitxes d'una jugada van en una fila o en una columna (FILE 8, 21; FISC I.6)",
    ),
    "notation.empty_coordinate": (
        "{field}: empty coordinate",
        "{field}: coordenada vacía",
        "{field}: coordenada buida",
    ),
    "notation.first_play_must_cover": (
        "the first play must cover the centre square H8 (FILE 6, FISC I.6); the opponent may accept it undoubled (FILE 20.2) or declare it invalid (FILE 20.1)",
        "la primera jugada debe cubrir la casilla central H8 (FILE 6, FISC I.6); el contrario puede aceptarla sin doblar (FILE 20.2) o declararla inválida (FILE 20.1)",
        "la primera jugada ha de cobrir la casella central H8 (FILE 6, FISC I.6); el contrari la pot acceptar sense doblar (FILE 20.2) o declarar-la invàlida (FILE 20.1)",
    ),
    "notation.first_play_uses_two": (
        "the first play uses two tiles or more (FILE 6, FISC I.6)",
        "la primera jugada usa dos fichas o más (FILE 6, FISC I.6)",
        "la primera jugada fa servir dues fitxes o més (FILE 6, FISC I.6)",
    ),
    "notation.kind_mixed_case": (
        "mixes upper and lower case",
        "mezcla mayúsculas y minúsculas",
        "barreja majúscules i minúscules",
    ),
    "notation.kind_not_in_set": (
        "is not a tile of this set",
        "no es una ficha de este juego",
        "no és una fitxa d'aquest joc",
    ),
    "notation.not_square_write_letter": (
        "{field}: {text!r} is not a square; write a letter A–O and a number 1–15 (H8 or 8H)",
        "{field}: {text!r} no es una casilla; escriba una letra de la A a la O y un número del 1 al 15 (H8 u 8H)",
        "{field}: {text!r} no és una casella; escriviu una lletra de l'A a l'O i un número de l'1 al 15 (H8 o 8H)",
    ),
    "notation.play_puts_no_new": (
        "the play puts no new tile on the board",
        "la jugada no pone ninguna ficha nueva en el tablero",
        "la jugada no posa cap fitxa nova al tauler",
    ),
    "notation.position_bracket_not_closed": (
        "position {pos}: bracket {tok!r} is not closed or is empty",
        "posición {pos}: el corchete {tok!r} no se cierra o está vacío",
        "posició {pos}: el claudàtor {tok!r} no es tanca o és buit",
    ),
    "notation.position_inside_parentheses": (
        "position {pos}: '.' inside parentheses",
        "posición {pos}: «.» dentro de paréntesis",
        "posició {pos}: «.» dins de parèntesis",
    ),
    "notation.position_nested": (
        "position {pos}: nested '('",
        "posición {pos}: «(» anidado",
        "posició {pos}: «(» niat",
    ),
    "notation.position_never_closed": (
        "position {paren_at}: '(' is never closed",
        "posición {paren_at}: el «(» no se cierra nunca",
        "posició {paren_at}: el «(» no es tanca mai",
    ),
    "notation.position_rack_writes_blank": (
        "position {pos}: a rack writes a blank as '?', not as a lowercase letter",
        "posición {pos}: en un atril el comodín se escribe «?», no como una minúscula",
        "posició {pos}: en un faristol l'escarràs s'escriu «?», no com una minúscula",
    ),
    "notation.position_reads_as_two": (
        "position {at}: {variant!r} reads as two tiles, and two tiles never make the {pair} digraph (FILE 11); write [{variant}] for the {pair} tile",
        "posición {at}: {variant!r} se lee como dos fichas, y dos fichas nunca forman el dígrafo {pair} (FILE 11); escriba [{variant}] para la ficha {pair}",
        "posició {at}: {variant!r} es llegeix com dues fitxes, i dues fitxes mai no formen el dígraf {pair} (FILE 11); escriviu [{variant}] per a la fitxa {pair}",
    ),
    "notation.position_tiles": (
        "position {pos}: [{inner}] {kind} ({name} tiles: {letters})",
        "posición {pos}: [{inner}] {kind} (fichas de {name}: {letters})",
        "posició {pos}: [{inner}] {kind} (fitxes de {name}: {letters})",
    ),
    "notation.position_without_tile_inside": (
        "position {pos}: ')' without a tile inside '('",
        "posición {pos}: «)» sin ninguna ficha dentro del «(»",
        "posició {pos}: «)» sense cap fitxa dins del «(»",
    ),
    "notation.square_already_holds_tile": (
        "square {square_name} already holds a tile",
        "la casilla {square_name} ya tiene una ficha",
        "la casella {square_name} ja té una fitxa",
    ),
    "notation.square_left_empty_inside": (
        "square {square_name} is left empty inside the word",
        "la casilla {square_name} queda vacía dentro de la palabra",
        "la casella {square_name} queda buida dins de la paraula",
    ),
    "notation.square_letter_holds_not": (
        "square {square_name} (letter {i}) holds {letter}, not {letter2}",
        "la casilla {square_name} (letra {i}) tiene {letter}, no {letter2}",
        "la casella {square_name} (lletra {i}) té {letter}, no {letter2}",
    ),
    "notation.square_letter_written_as": (
        "square {square_name} (letter {i}) is written as already on the board, but it is empty",
        "la casilla {square_name} (letra {i}) está escrita como ya ocupada en el tablero, pero está vacía",
        "la casella {square_name} (lletra {i}) està escrita com si ja fos al tauler, però és buida",
    ),
    "notation.square_off_board": (
        "square ({r}, {c}) is off the board",
        "la casilla ({r}, {c}) está fuera del tablero",
        "la casella ({r}, {c}) és fora del tauler",
    ),
    "notation.square_used_twice": (
        "square {square_name} is used twice",
        "la casilla {square_name} se usa dos veces",
        "la casella {square_name} s'usa dues vegades",
    ),
    "notation.squares_from_run_off": (
        "{n} squares from {federation} run off the board",
        "{n} casillas desde {federation} se salen del tablero",
        "{n} caselles des de {federation} surten del tauler",
    ),
    "notation.unknown_tile_position": (
        "position {pos}: {why}",
        "posición {pos}: {why}",
        "posició {pos}: {why}",
    ),
    "notation.unknown_tile_set_expected": (
        "unknown tile set {name!r}; expected one of {tilesets}",
        "juego de fichas desconocido {name!r}; se espera uno de {tilesets}",
        "joc de fitxes desconegut {name!r}; s'espera un de {tilesets}",
    ),
    "notation.where_goes_on_after": (
        "goes on after",
        "sigue después",
        "continua després",
    ),
    "notation.where_starts_before": (
        "starts before",
        "empieza antes",
        "comença abans",
    ),
    "notation.why_l_alone": (
        "{tok!r} alone is not a tile: the L·L tile is written L·L (or Ŀl), its blank l·l (FISC I.6)",
        "{tok!r} solo no es una ficha: la ficha L·L se escribe L·L (o Ŀl), su comodín l·l (FISC I.6)",
        "{tok!r} tot sol no és una fitxa: la fitxa L·L s'escriu L·L (o Ŀl), el seu escarràs l·l (FISC I.6)",
    ),
    "notation.why_not_in_set": (
        "{tok!r} is not a tile of the {name} set",
        "{tok!r} no es una ficha del juego {name}",
        "{tok!r} no és una fitxa del joc {name}",
    ),
    "notation.why_undesignated_blank": (
        "'?' is an undesignated blank; on the board a blank is written as the lowercase letter it stands for",
        "«?» es un comodín sin letra asignada; en el tablero el comodín se escribe con la minúscula de la letra que representa",
        "«?» és un escarràs sense lletra assignada; al tauler l'escarràs s'escriu amb la minúscula de la lletra que representa",
    ),
    "notation.why_white_space": (
        "white space inside a word",
        "espacio en blanco dentro de una palabra",
        "espai en blanc dins d'una paraula",
    ),
    "notation.word_empty": (
        "the word is empty",
        "la palabra está vacía",
        "la paraula és buida",
    ),
    "notation.word_has_no_tiles": (
        "the word has no tiles",
        "la palabra no tiene fichas",
        "la paraula no té fitxes",
    ),
    "notation.word_on_board_what": (
        "the word on the board {where} what was written (tile on {square_name}); write the whole word",
        "la palabra del tablero {where} de lo escrito (ficha en {square_name}); escriba la palabra entera",
        "la paraula del tauler {where} del que s'ha escrit (fitxa a {square_name}); escriviu la paraula sencera",
    ),
}
