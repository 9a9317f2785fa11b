"""A deliberately plain GCG scorer, the yardstick for ``planilla gcg verify`` (bench/bench_scoring.py).

Run as ``python bench/plain_scorer.py FILE...``: for each file it replays every play on a dict
board (premiums looked up by square name), adds up the scores, withdraws ``--`` plays, and counts
the lines whose written score or running total differs. No validation of shapes, racks or end
lines, no error messages: what one would write in an afternoon, standing alone (it imports nothing
of Planilla), so that its start-up is Python's own.
"""

import re
import sys

VALUES = {
    "english": "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10",
    "spanish": "A1 B3 C3 CH5 D2 E1 F4 G2 H4 I1 J8 L1 LL8 M3 N1 Ñ8 O1 P3 Q5 R1 RR8 S1 T1 U1 V4 X8 Y4 Z10",
    "catalan": "A1 B3 C2 Ç10 D2 E1 F4 G3 H8 I1 J8 L1 L·L10 M2 N1 NY10 O1 P3 QU8 R1 S1 T1 U1 V4 X10 Z8",
}
POINTS = {name: {re.match(r"\D+", v).group(): int(re.search(r"\d+", v).group()) for v in spec.split()}
          for name, spec in VALUES.items()}
PREMIUM_SPEC = {
    "TW": "A1 H1 O1 A8 O8 A15 H15 O15",
    "DW": "B2 N2 C3 M3 D4 L4 E5 K5 H8 E11 K11 D12 L12 C13 M13 B14 N14",
    "TL": "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14",
    "DL": "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15",
}
PREMIUMS = {(int(n[1:]) - 1, "ABCDEFGHIJKLMNO".index(n[0])): kind for kind, names in PREMIUM_SPEC.items()
            for n in names.split()}


def tileset(text):
    """spanish or catalan from the #lexicon or #tile pragmas, else english."""
    upper = text.upper()
    if "#LEXICON FILE" in upper or "#LEXICON FISE" in upper or "[CH]" in upper or "[RR]" in upper or "[LL]" in upper:
        return "spanish"
    if "#LEXICON DISC" in upper or "L·L" in upper or "#TILE-DISTRIBUTION CATALAN" in upper:
        return "catalan"
    return "english"


def tokens(word, name):
    """The squares of a written word: (letter, blank) or None for a tile already on the board."""
    out = []
    i = 0
    while i < len(word):
        ch = word[i]
        if ch == "[":
            j = word.index("]", i)
            inner = word[i + 1:j]
            out.append((inner.upper(), inner.islower()))
            i = j + 1
            continue
        if ch == ".":
            out.append(None)
            i += 1
            continue
        if name == "catalan":
            for digraph in ("L·L", "NY", "QU"):
                if word[i:i + len(digraph)].upper() == digraph:
                    out.append((digraph, word[i:i + len(digraph)].islower()))
                    i += len(digraph)
                    break
            else:
                letter = "QU" if ch.upper() == "Q" else ch.upper()
                out.append((letter, ch.islower()))
                i += 1
            continue
        out.append((ch.upper(), ch.islower()))
        i += 1
    return out


def word_score(board, new, square, step, points):
    """Score the word through ``square`` along ``step``; 0 when it is a single letter."""
    r, c = square
    while (r - step[0], c - step[1]) in board or (r - step[0], c - step[1]) in new:
        r, c = r - step[0], c - step[1]
    total, multiplier, length = 0, 1, 0
    while (r, c) in board or (r, c) in new:
        letter, blank = board[(r, c)] if (r, c) in board else new[(r, c)]
        value = 0 if blank else points.get(letter, 0)
        if (r, c) in new:
            kind = PREMIUMS.get((r, c))
            if kind == "DL":
                value *= 2
            elif kind == "TL":
                value *= 3
            elif kind == "DW":
                multiplier *= 2
            elif kind == "TW":
                multiplier *= 3
        total += value
        length += 1
        r, c = r + step[0], c + step[1]
    return total * multiplier if length > 1 else 0


def play(board, position, word, points, name):
    """Put a written word on the board; its score and the new squares."""
    m = re.match(r"^(\d+)([A-O])$", position)
    if m:
        row, col, step = int(m.group(1)) - 1, "ABCDEFGHIJKLMNO".index(m.group(2)), (0, 1)
    else:
        m = re.match(r"^([A-O])(\d+)$", position)
        row, col, step = int(m.group(2)) - 1, "ABCDEFGHIJKLMNO".index(m.group(1)), (1, 0)
    new = {}
    for i, tile in enumerate(tokens(word, name)):
        square = (row + step[0] * i, col + step[1] * i)
        if tile is not None and square not in board:
            new[square] = tile
    if not new:
        return 0, new
    score = word_score(board, new, next(iter(new)), step, points)
    for square in new:
        score += word_score(board, new, square, (step[1], step[0]), points)
    if len(new) == 7:
        score += 50
    board.update(new)
    return score, new


def check(path):
    """(plays, lines that disagree) for one file."""
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("iso-8859-1")
    name = tileset(text)
    points = POINTS[name]
    board, last, totals = {}, {}, {}
    plays = wrong = 0
    for line in text.splitlines():
        if not line.startswith(">"):
            continue
        nick, _, rest = line[1:].partition(":")
        fields = rest.split()
        if len(fields) < 3:
            continue
        score, total = int(fields[-2]), int(fields[-1])
        expected = score
        if len(fields) >= 4 and re.match(r"^(\d+[A-O]|[A-O]\d+)$", fields[-4]):
            plays += 1
            try:
                expected, last = play(board, fields[-4], fields[-3], points, name)
            except (ValueError, AttributeError):
                wrong += 1
                continue
        elif fields[-3] == "--":
            for square in last:
                board.pop(square, None)
            last = {}
        if expected != score or totals.get(nick, 0) + score != total:
            wrong += 1
        totals[nick] = total
    return plays, wrong


def main():
    plays = wrong = 0
    for path in sys.argv[1:]:
        p, w = check(path)
        plays, wrong = plays + p, wrong + w
    print(f"{len(sys.argv) - 1} files, {plays} plays, {wrong} lines disagree")


if __name__ == "__main__":
    main()
