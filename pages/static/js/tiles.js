// Tile sets as data (../shared/TILES.md), the premium squares, and the board's text notation read back.
// Display only: the page never scores (the values are printed on the tiles, as on the physical set).

const SPANISH = [['?', 2, 0], ['A', 12, 1], ['B', 2, 3], ['C', 4, 3], ['CH', 1, 5], ['D', 5, 2], ['E', 12, 1],
  ['F', 1, 4], ['G', 2, 2], ['H', 2, 4], ['I', 6, 1], ['J', 1, 8], ['L', 4, 1], ['LL', 1, 8], ['M', 2, 3],
  ['N', 5, 1], ['Ñ', 1, 8], ['O', 9, 1], ['P', 2, 3], ['Q', 1, 5], ['R', 5, 1], ['RR', 1, 8], ['S', 6, 1],
  ['T', 4, 1], ['U', 5, 1], ['V', 1, 4], ['X', 1, 8], ['Y', 1, 4], ['Z', 1, 10]];
const CATALAN = [['?', 2, 0], ['A', 12, 1], ['B', 2, 3], ['C', 3, 2], ['Ç', 1, 10], ['D', 3, 2], ['E', 13, 1],
  ['F', 1, 4], ['G', 2, 3], ['H', 1, 8], ['I', 8, 1], ['J', 1, 8], ['L', 4, 1], ['L·L', 1, 10], ['M', 3, 2],
  ['N', 6, 1], ['NY', 1, 10], ['O', 5, 1], ['P', 2, 3], ['QU', 1, 8], ['R', 8, 1], ['S', 8, 1], ['T', 5, 1],
  ['U', 4, 1], ['V', 1, 4], ['X', 1, 10], ['Z', 1, 8]];
const ENGLISH = 'A9/1 B2/3 C2/3 D4/2 E12/1 F2/4 G3/2 H2/4 I9/1 J1/8 K1/5 L4/1 M2/3 N6/1 O8/1 P2/3 Q1/10 R6/1 ' +
  'S4/1 T6/1 U4/1 V2/4 W2/4 X1/8 Y2/4 Z1/10 ?2/0';

export const TILESETS = {
  spanish: { name: 'spanish', language: 'es', tiles: SPANISH, bracketed: ['CH', 'LL', 'RR'],
    bare: [], lookalikes: ['CH', 'LL', 'RR'], label: {} },
  catalan: { name: 'catalan', language: 'ca', tiles: CATALAN, bracketed: [], bare: ['L·L', 'NY', 'QU'],
    lookalikes: [], label: { QU: 'Q' } },
  english: { name: 'english', language: 'en', bracketed: [], bare: [], lookalikes: [], label: {},
    tiles: ENGLISH.split(' ').map((t) => { const [l, r] = t.split('/'); return [l[0], +l.slice(1), +r]; }) },
};

export function tileset(name) {
  const found = TILESETS[name];
  if (!found) throw new Error(`unknown tile set ${name}`);
  return found;
}

/** The points printed on a tile (0 for a blank). */
export function points(set, letter, blank = false) {
  if (blank) return 0;
  const row = set.tiles.find((t) => t[0] === letter);
  return row ? row[2] : 0;
}

/** The letters on the tile keyboard, in the set's order (no blank: the blank is a toggle). */
export function letters(set) {
  return set.tiles.map((t) => t[0]).filter((l) => l !== '?');
}

/** What a key or tile shows: Catalan's QU tile is written Q (FISC I.6). */
export function label(set, letter) {
  return set.label[letter] || letter;
}

/** Read one board row (or any word) in TILES.md notation into squares: null or {letter, blank}. */
export function parseRow(text, set) {
  const out = [];
  const bare = [...set.bare].sort((a, b) => b.length - a.length);
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '.') { out.push(null); i += 1; continue; }
    if (ch === '[') {
      const end = text.indexOf(']', i);
      const inner = text.slice(i + 1, end);
      out.push({ letter: inner.toUpperCase(), blank: inner !== inner.toUpperCase() });
      i = end + 1;
      continue;
    }
    const digraph = bare.find((d) => text.slice(i, i + d.length).toUpperCase() === d);
    const token = digraph ? text.slice(i, i + digraph.length) : ch;
    out.push({ letter: token.toUpperCase(), blank: token !== token.toUpperCase() });
    i += token.length;
  }
  return out;
}

// Premium squares, in GCG labels (column letter, row number); the layout is symmetric, so the
// federations' row-letter reading gives the same squares.
const PREMIUMS = {
  TW: 'A1 H1 O1 A8 O8 A15 H15 O15',
  DW: 'B2 N2 C3 M3 D4 L4 E5 K5 H8 E11 K11 D12 L12 C13 M13 B14 N14',
  TL: 'F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14',
  DL: 'D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15',
};
const PREMIUM = new Map();
for (const [kind, squares] of Object.entries(PREMIUMS)) {
  for (const sq of squares.split(' ')) {
    PREMIUM.set(`${+sq.slice(1) - 1},${sq.charCodeAt(0) - 65}`, kind);
  }
}

/** 'TW', 'DW', 'TL', 'DL' or null for the square at (row, col), both from 0. */
export function premium(row, col) {
  return PREMIUM.get(`${row},${col}`) || null;
}

export const ROWS = 'ABCDEFGHIJKLMNO';
