// The view hash of docs/PROTOCOL.md (protocol 3), computed exactly as the server does it. A view
// is two parts: the seat part is its top-level members named in the snapshot's `seat_keys`, the
// public part all the others. A part's hash is the sum modulo 2^64 of its members' hashes, each the
// FNV-1a 64 over the UTF-8 bytes of the member as nlohmann::json::dump() writes it in the part,
// `"name":value`; a part with no member sums to 0. Each is written as 16 lowercase hex digits; the
// view's hash is the public part's 16 digits followed by the seat part's (32 in all).
//
// nlohmann::json keeps object members in a std::map<std::string, ...>, so dump() writes them in
// byte-wise order of their UTF-8 encoding (which is code point order, not UTF-16 order), with no
// whitespace. Its string escaping is: \" \\ \b \f \n \r \t, other characters below U+0020 as
// \u00xx (lowercase hex), everything else (DEL, "/", non-ASCII) as raw UTF-8. Views hold integers
// only; a non-integer number makes canonicalJson throw, because the server would write it
// differently from JavaScript.
//
// Pure ES module: works in the browser and in Node.

export class HashError extends Error {
  constructor(message) {
    super(message);
    this.name = 'HashError';
  }
}

// Maps a UTF-16 code unit so that comparing mapped units orders strings by code point (and hence
// by UTF-8 bytes): surrogates (D800-DFFF, i.e. code points >= U+10000) must sort after E000-FFFF.
function orderUnit(unit) {
  if (unit < 0xd800) return unit;
  if (unit < 0xe000) return unit + 0x2000;  // surrogates -> F800..FFFF
  return unit - 0x800;  // E000..FFFF -> D800..F7FF
}

// Compares two strings the way std::string::compare compares their UTF-8 encodings.
export function compareUtf8(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return orderUnit(x) - orderUnit(y);
  }
  return a.length - b.length;
}

const SHORT_ESCAPES = { 0x22: '\\"', 0x5c: '\\\\', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

function quote(text) {
  let out = '"';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += text.slice(start, i) + (SHORT_ESCAPES[c] ?? '\\u' + c.toString(16).padStart(4, '0'));
    start = i + 1;
  }
  return out + text.slice(start) + '"';
}

function integerText(value) {
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isInteger(value)) throw new HashError(`views hold integers only, not ${value}`);
  // Beyond 2^53 a JavaScript number no longer holds the server's integer exactly anyway; write the
  // double's exact value rather than an exponent form.
  return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
}

// The server's canonical serialisation of a JSON value (a string of UTF-16 code units that,
// encoded as UTF-8, are the bytes the server hashes).
export function canonicalJson(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
    case 'bigint':
      return integerText(value);
    case 'string':
      return quote(value);
    case 'object': {
      if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
      const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort(compareUtf8);
      return '{' + keys.map((k) => quote(k) + ':' + canonicalJson(value[k])).join(',') + '}';
    }
    default:
      throw new HashError(`a ${typeof value} is not JSON`);
  }
}

// FNV-1a 64 over the UTF-8 encoding of `text`, as 16 lowercase hex digits. The 64-bit state is
// kept in four 16-bit limbs so that no BigInt arithmetic happens per byte; the result is the same
// as the textbook BigInt loop (the tests check this): offset 0xcbf29ce484222325, prime 0x100000001b3.
export function fnv1a64Utf8(text) {
  // offset basis 0xcbf29ce484222325, least significant limb first
  let h0 = 0x2325, h1 = 0x8422, h2 = 0x9ce4, h3 = 0xcbf2;
  const step = (byte) => {
    h0 ^= byte;
    // h *= 0x100000001b3, i.e. h * 0x1b3 + (h << 40), modulo 2^64
    let t0 = h0 * 0x1b3;
    let t1 = h1 * 0x1b3;
    let t2 = h2 * 0x1b3 + (h0 << 8);
    let t3 = h3 * 0x1b3 + (h1 << 8);
    t1 += t0 >>> 16;
    t2 += t1 >>> 16;
    t3 += t2 >>> 16;
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  };
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      step(c);
      continue;
    }
    if (c >= 0xd800 && c < 0xe000) {
      const next = text.charCodeAt(i + 1);
      if (c >= 0xdc00 || !(next >= 0xdc00 && next < 0xe000))
        throw new HashError('a lone surrogate has no UTF-8 encoding');
      c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (c < 0x800) {
      step(0xc0 | (c >> 6));
    } else if (c < 0x10000) {
      step(0xe0 | (c >> 12));
      step(0x80 | ((c >> 6) & 0x3f));
    } else {
      step(0xf0 | (c >> 18));
      step(0x80 | ((c >> 12) & 0x3f));
      step(0x80 | ((c >> 6) & 0x3f));
    }
    step(0x80 | (c & 0x3f));
  }
  const hex = (limb) => limb.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

// The same hash over raw bytes (a Uint8Array or an array of numbers 0..255), with BigInt: the
// reference definition, handy for tests and for anyone who already holds the bytes.
export function fnv1a64Bytes(bytes) {
  const mask = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  for (const byte of bytes) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & mask;
  }
  return h.toString(16).padStart(16, '0');
}

// FNV-1a 64 of one JSON value's canonical serialisation, as 16 lowercase hex digits.
export function jsonHash(value) {
  return fnv1a64Utf8(canonicalJson(value));
}

// A part's hash: the sum modulo 2^64 of the FNV-1a 64 of each member's `"name":value`, as 16
// lowercase hex digits ("0000000000000000" for a part with no member).
export function partHash(part) {
  let sum = 0n;
  for (const key of Object.keys(part)) {
    if (part[key] === undefined) continue;
    sum += BigInt('0x' + fnv1a64Utf8(quote(key) + ':' + canonicalJson(part[key])));
  }
  return (sum & ((1n << 64n) - 1n)).toString(16).padStart(16, '0');
}

// The public and the seat part of `view`: {publicPart, seatPart}, each an object holding the view's
// own members (a member named in `seatKeys` but absent, or undefined, is in neither part).
export function splitView(view, seatKeys = []) {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) throw new HashError('a view is a JSON object');
  if (!Array.isArray(seatKeys)) throw new HashError('seat_keys is an array of member names');
  const seat = new Set(seatKeys);
  const publicPart = {};
  const seatPart = {};
  for (const key of Object.keys(view)) {
    // defineProperty: a member named "__proto__" stays data.
    Object.defineProperty(seat.has(key) ? seatPart : publicPart, key, { value: view[key], enumerable: true, writable: true, configurable: true });
  }
  return { publicPart, seatPart };
}

// The hash the server sends with a snapshot, a patch or an HTTP view: 32 lowercase hex digits, the
// public part's hash then the seat part's (zero when the view has none of `seatKeys`).
export function viewHash(view, seatKeys = []) {
  const { publicPart, seatPart } = splitView(view, seatKeys);
  return partHash(publicPart) + partHash(seatPart);
}
