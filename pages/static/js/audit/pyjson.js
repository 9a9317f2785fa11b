// What `planilla audit verify` does with bytes, in the browser: Python's strict UTF-8 decoding, its
// `json.loads` (CPython 3.11's scanner: the same values and the same error messages, positions in code
// points), `json.dumps(sort_keys=True, separators=(',', ':'), ensure_ascii=False)` (the chain's
// canonical form, domain/game/chain.py) and `str()`/`repr()` of what was read, for the verdicts' wording.
//
// Values as Python holds them: str → string, int → BigInt, float → PyFloat, True/False → boolean,
// None → null, list → Array, dict → Map (insertion order kept, a repeated key keeps its first place and
// its last value, as a dict does).

export class PyFloat {
  constructor(value) { this.value = value; }
}

/** Python's `bytes.decode('utf-8')`: `{ text: [code points] }`, or `{ error: start }` (UnicodeDecodeError.start). */
export function decodeUtf8(bytes) {
  const out = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) { out.push(b); i += 1; continue; }
    let need; let cp; let lo = 0x80; let hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) { need = 1; cp = b & 0x1F; }
    else if (b >= 0xE0 && b <= 0xEF) { need = 2; cp = b & 0x0F; if (b === 0xE0) lo = 0xA0; if (b === 0xED) hi = 0x9F; }
    else if (b >= 0xF0 && b <= 0xF4) { need = 3; cp = b & 0x07; if (b === 0xF0) lo = 0x90; if (b === 0xF4) hi = 0x8F; }
    else return { error: i };
    for (let k = 1; k <= need; k += 1) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xBF)) return { error: i };
      cp = (cp << 6) | (c & 0x3F);
    }
    out.push(cp);
    i += need + 1;
  }
  return { text: out };
}

/** A string from code points (lone surrogates kept, as Python keeps them). */
export function fromCodePoints(cps, start = 0, end = cps.length) {
  let s = '';
  for (let i = start; i < end; i += 4096) s += String.fromCodePoint(...cps.slice(i, Math.min(end, i + 4096)));
  return s;
}

/** A string's code points (Python's characters). */
export function codePoints(s) {
  const out = [];
  for (let i = 0; i < s.length; i += 1) {
    const c = s.codePointAt(i);
    out.push(c);
    if (c > 0xFFFF) i += 1;
  }
  return out;
}

/** Python's JSONDecodeError (and the ValueErrors json.loads lets through): `String(error)` is Python's `str(error)`. */
export class PyJsonError extends Error {
  constructor(msg, doc, pos) {
    let text = msg;
    if (doc !== null) {
      let line = 1; let last = -1;
      for (let i = 0; i < pos; i += 1) if (doc[i] === 0x0A) { line += 1; last = i; }
      text = `${msg}: line ${line} column ${pos - last} (char ${pos})`;
    }
    super(text);
    this.name = 'PyJsonError';
  }

  toString() { return this.message; }
}

class StopIteration { constructor(value) { this.value = value; } }

const isWhite = (c) => c === 0x20 || c === 0x09 || c === 0x0A || c === 0x0D;
const isDigit = (c) => c >= 0x30 && c <= 0x39;
const hexValue = (c) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 87 : c >= 0x41 && c <= 0x46 ? c - 55 : -1);
const MAX_DEPTH = 990; // CPython stops at its recursion limit (1000 frames, less those on the stack): approximate
const INT_MAX_DIGITS = 4300; // sys.get_int_max_str_digits()

function matches(s, idx, word) {
  for (let k = 0; k < word.length; k += 1) if (s[idx + k] !== word.charCodeAt(k)) return false;
  return true;
}

function scanString(s, end) {
  const begin = end - 1;
  const len = s.length;
  const chunks = [];
  for (;;) {
    let next = end;
    let c = 0;
    for (; next < len; next += 1) {
      c = s[next];
      if (c === 0x22 || c === 0x5C) break;
      if (c <= 0x1F) throw new PyJsonError('Invalid control character at', s, next);
    }
    if (next >= len || (c !== 0x22 && c !== 0x5C)) throw new PyJsonError('Unterminated string starting at', s, begin);
    if (next !== end) chunks.push(fromCodePoints(s, end, next));
    next += 1;
    if (c === 0x22) return [chunks.join(''), next];
    if (next === len) throw new PyJsonError('Unterminated string starting at', s, begin);
    c = s[next];
    if (c !== 0x75) {
      end = next + 1;
      const simple = { 0x22: '"', 0x5C: '\\', 0x2F: '/', 0x62: '\b', 0x66: '\f', 0x6E: '\n', 0x72: '\r', 0x74: '\t' }[c];
      if (simple === undefined) throw new PyJsonError('Invalid \\escape', s, end - 2);
      chunks.push(simple);
      continue;
    }
    next += 1;
    end = next + 4;
    if (end >= len) throw new PyJsonError('Invalid \\uXXXX escape', s, next - 1);
    let u = 0;
    for (; next < end; next += 1) {
      const h = hexValue(s[next]);
      if (h < 0) throw new PyJsonError('Invalid \\uXXXX escape', s, end - 5);
      u = (u << 4) | h;
    }
    if (u >= 0xD800 && u <= 0xDBFF && end + 6 < len && s[next] === 0x5C && s[next + 1] === 0x75) {
      next += 2;
      let u2 = 0;
      end += 6;
      for (; next < end; next += 1) {
        const h = hexValue(s[next]);
        if (h < 0) throw new PyJsonError('Invalid \\uXXXX escape', s, end - 5);
        u2 = (u2 << 4) | h;
      }
      if (u2 >= 0xDC00 && u2 <= 0xDFFF) u = 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00);
      else end -= 6;
    }
    chunks.push(String.fromCodePoint(u));
  }
}

function matchNumber(s, start) {
  const endIdx = s.length - 1;
  let idx = start;
  let isFloat = false;
  if (s[idx] === 0x2D) {
    idx += 1;
    if (idx > endIdx) throw new StopIteration(start);
  }
  if (s[idx] >= 0x31 && s[idx] <= 0x39) {
    idx += 1;
    while (idx <= endIdx && isDigit(s[idx])) idx += 1;
  } else if (s[idx] === 0x30) {
    idx += 1;
  } else {
    throw new StopIteration(start);
  }
  if (idx < endIdx && s[idx] === 0x2E && isDigit(s[idx + 1])) {
    isFloat = true;
    idx += 2;
    while (idx <= endIdx && isDigit(s[idx])) idx += 1;
  }
  if (idx < endIdx && (s[idx] === 0x65 || s[idx] === 0x45)) {
    const eStart = idx;
    idx += 1;
    if (idx < endIdx && (s[idx] === 0x2D || s[idx] === 0x2B)) idx += 1;
    while (idx <= endIdx && isDigit(s[idx])) idx += 1;
    if (isDigit(s[idx - 1])) isFloat = true;
    else idx = eStart;
  }
  const text = fromCodePoints(s, start, idx);
  if (isFloat) return [new PyFloat(Number(text)), idx];
  const digits = text.replace('-', '').length;
  if (digits > INT_MAX_DIGITS) {
    throw new PyJsonError(`Exceeds the limit (${INT_MAX_DIGITS} digits) for integer string conversion: value has `
      + `${digits} digits; use sys.set_int_max_str_digits() to increase the limit`, null, 0);
  }
  return [BigInt(text), idx];
}

function scanOnce(s, idx, depth) {
  const len = s.length;
  if (idx >= len) throw new StopIteration(idx);
  switch (s[idx]) {
    case 0x22: return scanString(s, idx + 1);
    case 0x7B: return parseObject(s, idx + 1, depth + 1);
    case 0x5B: return parseArray(s, idx + 1, depth + 1);
    case 0x6E: if (idx + 3 < len && matches(s, idx, 'null')) return [null, idx + 4]; break;
    case 0x74: if (idx + 3 < len && matches(s, idx, 'true')) return [true, idx + 4]; break;
    case 0x66: if (idx + 4 < len && matches(s, idx, 'false')) return [false, idx + 5]; break;
    case 0x4E: if (idx + 2 < len && matches(s, idx, 'NaN')) return [new PyFloat(NaN), idx + 3]; break;
    case 0x49: if (idx + 7 < len && matches(s, idx, 'Infinity')) return [new PyFloat(Infinity), idx + 8]; break;
    case 0x2D: if (idx + 8 < len && matches(s, idx, '-Infinity')) return [new PyFloat(-Infinity), idx + 9]; break;
    default: break;
  }
  return matchNumber(s, idx);
}

function tooDeep(depth, what) {
  if (depth > MAX_DEPTH) {
    throw new PyJsonError(`maximum recursion depth exceeded while decoding a JSON ${what} from a unicode string`, null, 0);
  }
}

function parseObject(s, idx, depth) {
  tooDeep(depth, 'object');
  const endIdx = s.length - 1;
  const found = new Map();
  while (idx <= endIdx && isWhite(s[idx])) idx += 1;
  if (idx > endIdx || s[idx] !== 0x7D) {
    for (;;) {
      if (idx > endIdx || s[idx] !== 0x22) throw new PyJsonError('Expecting property name enclosed in double quotes', s, idx);
      const [key, afterKey] = scanString(s, idx + 1);
      idx = afterKey;
      while (idx <= endIdx && isWhite(s[idx])) idx += 1;
      if (idx > endIdx || s[idx] !== 0x3A) throw new PyJsonError("Expecting ':' delimiter", s, idx);
      idx += 1;
      while (idx <= endIdx && isWhite(s[idx])) idx += 1;
      const [value, afterValue] = scanOnce(s, idx, depth);
      found.set(key, value);
      idx = afterValue;
      while (idx <= endIdx && isWhite(s[idx])) idx += 1;
      if (idx <= endIdx && s[idx] === 0x7D) break;
      if (idx > endIdx || s[idx] !== 0x2C) throw new PyJsonError("Expecting ',' delimiter", s, idx);
      idx += 1;
      while (idx <= endIdx && isWhite(s[idx])) idx += 1;
    }
  }
  return [found, idx + 1];
}

function parseArray(s, idx, depth) {
  tooDeep(depth, 'array');
  const endIdx = s.length - 1;
  const found = [];
  while (idx <= endIdx && isWhite(s[idx])) idx += 1;
  if (idx > endIdx || s[idx] !== 0x5D) {
    for (;;) {
      const [value, after] = scanOnce(s, idx, depth);
      found.push(value);
      idx = after;
      while (idx <= endIdx && isWhite(s[idx])) idx += 1;
      if (idx <= endIdx && s[idx] === 0x5D) break;
      if (idx > endIdx || s[idx] !== 0x2C) throw new PyJsonError("Expecting ',' delimiter", s, idx);
      idx += 1;
      while (idx <= endIdx && isWhite(s[idx])) idx += 1;
    }
  }
  return [found, idx + 1];
}

/** Python's `json.loads(text)` on a text given as code points; throws PyJsonError with Python's message. */
export function loads(text) {
  if (text[0] === 0xFEFF) throw new PyJsonError('Unexpected UTF-8 BOM (decode using utf-8-sig)', text, 0);
  let idx = 0;
  while (idx < text.length && isWhite(text[idx])) idx += 1;
  let value; let end;
  try {
    [value, end] = scanOnce(text, idx, 0);
  } catch (e) {
    if (e instanceof StopIteration) throw new PyJsonError('Expecting value', text, e.value);
    throw e;
  }
  while (end < text.length && isWhite(text[end])) end += 1;
  if (end !== text.length) throw new PyJsonError('Extra data', text, end);
  return value;
}

/** Python's ordering of strings: by code point (JS's `<` compares UTF-16 units). */
export function comparePy(a, b) {
  const x = codePoints(a); const y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

function floatRepr(x) {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const decpt = Number(exp) + 1;
  const sign = x < 0 ? '-' : '';
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
    if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
    return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  const e = decpt - 1;
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

const JSON_ESCAPES = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function dumpString(s) {
  return `"${s.replace(/[\u0000-\u001f"\\]/g, (c) => JSON_ESCAPES[c] || `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** The chain's canonical JSON (`domain.game.chain.canonical`): sorted keys, no spaces, UTF-8 as is. */
export function canonical(value) {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof PyFloat) {
    const x = value.value;
    if (Number.isNaN(x)) return 'NaN';
    if (x === Infinity) return 'Infinity';
    if (x === -Infinity) return '-Infinity';
    return floatRepr(x);
  }
  if (typeof value === 'string') return dumpString(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Map) {
    const keys = [...value.keys()].sort(comparePy);
    return `{${keys.map((k) => `${dumpString(k)}:${canonical(value.get(k))}`).join(',')}}`;
  }
  throw new TypeError(`not a JSON value: ${value}`);
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function stringRepr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of codePoints(s)) {
    const c = String.fromCodePoint(ch);
    if (c === quote || c === '\\') out += `\\${c}`;
    else if (c === '\t') out += '\\t';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (ch < 0x20 || ch === 0x7F) out += `\\x${ch.toString(16).padStart(2, '0')}`;
    else if (ch < 0x7F) out += c;
    else if (ch !== 0x20 && NOT_PRINTABLE.test(c)) {
      out += ch <= 0xFF ? `\\x${ch.toString(16).padStart(2, '0')}`
        : ch <= 0xFFFF ? `\\u${ch.toString(16).padStart(4, '0')}` : `\\U${ch.toString(16).padStart(8, '0')}`;
    } else out += c;
  }
  return out + quote;
}

/** Python's `repr(value)`. */
export function pyRepr(value) {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : floatRepr(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value instanceof Map) return `{${[...value].map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(', ')}}`;
  return String(value);
}

/** Python's `str(value)` (what an f-string prints). */
export function pyStr(value) {
  return typeof value === 'string' ? value : pyRepr(value);
}

function numeric(value) {
  if (typeof value === 'boolean') return BigInt(value);
  if (typeof value === 'bigint' || typeof value === 'number') return value;
  if (value instanceof PyFloat) return value.value;
  return undefined;
}

/** Python's `a == b` for JSON values (True == 1 == 1.0; dicts by key and value; lists in order). */
export function pyEqual(a, b) {
  const x = numeric(a); const y = numeric(b);
  if (x !== undefined || y !== undefined) {
    if (x === undefined || y === undefined) return false;
    if (typeof x === 'bigint' && typeof y === 'bigint') return x === y;
    if (typeof x === 'bigint' || typeof y === 'bigint') {
      const f = typeof x === 'bigint' ? y : x; const i = typeof x === 'bigint' ? x : y;
      return Number.isInteger(f) && BigInt(f) === i;
    }
    return x === y;
  }
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => pyEqual(v, b[i]));
  if (a instanceof Map && b instanceof Map) {
    return a.size === b.size && [...a].every(([k, v]) => b.has(k) && pyEqual(v, b.get(k)));
  }
  return false;
}

/** Python's `value + 1` for a version read from a file (TypeError where Python raises it). */
export function pyPlusOne(value) {
  const x = numeric(value);
  if (x === undefined) throw new TypeError(`${pyRepr(value)} + 1`);
  if (typeof x === 'bigint') return x + 1n;
  return new PyFloat(x + 1);
}
