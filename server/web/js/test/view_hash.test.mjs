// node --test server/web/js/test/
// Expected dumps and hashes of single values were produced by nlohmann::json::dump() (v3.11) and
// the server's fnv1a64 (engine/core/hash.cpp) on the same documents; the two-part view hashes by a
// separate Python script (for each part, the sum modulo 2^64 of FNV-1a 64 over the UTF-8 bytes of
// json.dumps(name) + ':' + json.dumps(value, separators=(',', ':'), sort_keys=True,
// ensure_ascii=False) for every member, which is the canonical form for these documents); the
// same vectors are checked against engine::part_hash in tests/unit/hash_test.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { canonicalJson, compareUtf8, fnv1a64Bytes, fnv1a64Utf8, jsonHash, partHash, splitView, viewHash, HashError } from '../view_hash.js';

const vectors = [
  { name: 'empty object', value: {}, dump: '{}', hash: '08f44b07b5901a25' },
  { name: 'empty array', value: [], dump: '[]', hash: '09612b07b5ecb5a5' },
  { name: 'empty string', value: '', dump: '""', hash: '07cc7607b4949e25' },
  { name: 'zero', value: 0, dump: '0', hash: 'af63ad4c86019caf' },
  { name: 'negative', value: -42, dump: '-42', hash: 'de5e4d17de016a82' },
  { name: 'largest safe integer', value: 9007199254740991, dump: '9007199254740991', hash: 'b28c3ee58db1a18b' },
  {
    name: 'sorted keys, literals and a \\n escape',
    value: { b: 1, a: [true, null, 'x\n'] },
    dump: '{"a":[true,null,"x\\n"],"b":1}',
    hash: '0785b61b1fe72ca8',
  },
  {
    name: 'non-ASCII key sorts by UTF-8 bytes ("z" 0x7a before "é" 0xc3 0xa9)',
    value: { 'é': 2, z: 1 },
    dump: '{"z":1,"é":2}',
    hash: '3eb6126c3ef622c6',
  },
  {
    name: 'UTF-16 order differs from UTF-8 order (U+FF5E before U+1F600)',
    value: { '\u{1F600}': 2, '\uFF5E': 1 },
    dump: '{"\uFF5E":1,"\u{1F600}":2}',
    hash: 'e2029e060b26dbb3',
  },
  {
    name: 'control characters, DEL, quote, backslash and slash',
    value: '\u0000\u0001\u001f\u007f\b\f\n\r\t"\\/',
    dump: '"\\u0000\\u0001\\u001f\u007f\\b\\f\\n\\r\\t\\"\\\\/"',
    hash: '6d885aa37e9b659c',
  },
  {
    name: 'a typical view',
    value: {
      prompt: 'Play a card.',
      actions: { card: [3, 12], pass: true, space: ['a', 'c'], undo: true },
      hand: [3, 12],
      log: [{ role: 'red', text: 'red passes.' }],
    },
    dump:
      '{"actions":{"card":[3,12],"pass":true,"space":["a","c"],"undo":true},"hand":[3,12],' +
      '"log":[{"role":"red","text":"red passes."}],"prompt":"Play a card."}',
    hash: '4cccb4913e6f3eed',
  },
  {
    name: 'byte order of ASCII keys, prefixes and the empty key',
    value: { A: 1, a: 2, B: 3, _: 4, aa: 5, 'a\u0000': 6, '': 7 },
    dump: '{"":7,"A":1,"B":3,"_":4,"a":2,"a\\u0000":6,"aa":5}',
    hash: '92643b97b9b07842',
  },
  {
    name: 'nested objects with multi-byte text',
    value: { nested: { 'ü': { '€': [1, { y: null, x: false }] } }, k: '日本語 ✓ 😀' },
    dump: '{"k":"日本語 ✓ 😀","nested":{"ü":{"€":[1,{"x":false,"y":null}]}}}',
    hash: '4f1c946f14a26322',
  },
  {
    name: 'keys at the UTF-8 length boundaries and around the surrogates',
    value: { '\uE000': 1, '\u{10000}': 2, '\uFFFF': 3, '\u07FF': 4, '\u0800': 5 },
    dump: '{"\u07FF":4,"\u0800":5,"\uE000":1,"\uFFFF":3,"\u{10000}":2}',
    hash: '38e177e7f00357f5',
  },
];

for (const v of vectors) {
  test(`vector: ${v.name}`, () => {
    assert.equal(canonicalJson(v.value), v.dump);
    assert.equal(jsonHash(v.value), v.hash);
    assert.equal(fnv1a64Bytes(new TextEncoder().encode(v.dump)), v.hash);
  });
}

const SEAT_KEYS = ['actions', 'confirm', 'hand', 'prompt'];

// Views with their seat_keys: the canonical dump of each part and the 32-digit hash.
const viewVectors = [
  {
    name: 'a typical seat view',
    view: { prompt: 'Play a card.', actions: { card: [3, 12], pass: true, undo: true }, hand: [3, 12], vp: 2, active: 'red' },
    seatKeys: SEAT_KEYS,
    publicDump: '{"active":"red","vp":2}',
    seatDump: '{"actions":{"card":[3,12],"pass":true,"undo":true},"hand":[3,12],"prompt":"Play a card."}',
    hash: '1108de97d69a137f0b2f2610ae5ba1d7',
  },
  {
    name: 'no member of seat_keys present: the seat part is {}',
    view: { prompt: '', actions: {}, vp: -1, year: 1757 },
    seatKeys: ['hand', 'confirm'],
    publicDump: '{"actions":{},"prompt":"","vp":-1,"year":1757}',
    seatDump: '{}',
    hash: 'ed6f39bd6da37ca40000000000000000',
  },
  {
    name: 'no seat keys: the whole view is public',
    view: { b: 1, a: [true, null, 'x\n'] },
    seatKeys: [],
    publicDump: '{"a":[true,null,"x\\n"],"b":1}',
    seatDump: '{}',
    hash: '267f3b476136fd6f0000000000000000',
  },
  {
    name: 'every member in the seat part: the public part is {}',
    view: { hand: [5], prompt: 'Déjà vu — “quoted”' },
    seatKeys: SEAT_KEYS,
    publicDump: '{}',
    seatDump: '{"hand":[5],"prompt":"Déjà vu — “quoted”"}',
    hash: '0000000000000000aaa484cb26b32c5d',
  },
  {
    name: 'compact pieces, markers and a confirm',
    view: { pieces: [8, 13, 6, 0], markers: { albany: { fort: 'british', siege: 2 } }, actions: { roll: true }, confirm: { roll: true }, prompt: 'Roll.' },
    seatKeys: SEAT_KEYS,
    publicDump: '{"markers":{"albany":{"fort":"british","siege":2}},"pieces":[8,13,6,0]}',
    seatDump: '{"actions":{"roll":true},"confirm":{"roll":true},"prompt":"Roll."}',
    hash: '00081b0fa86a6b827d1a250663a324c1',
  },
];

for (const v of viewVectors) {
  test(`view vector: ${v.name}`, () => {
    const { publicPart, seatPart } = splitView(v.view, v.seatKeys);
    assert.equal(canonicalJson(publicPart), v.publicDump);
    assert.equal(canonicalJson(seatPart), v.seatDump);
    assert.equal(viewHash(v.view, v.seatKeys), v.hash);
    assert.equal(partHash(publicPart) + partHash(seatPart), v.hash);
  });
}

test('splitView leaves the view alone and takes a member named "__proto__" as data', () => {
  const view = JSON.parse('{"__proto__":{"x":1},"hand":[1],"a":2}');
  const before = JSON.stringify(view);
  const { publicPart, seatPart } = splitView(view, ['hand', '__proto__']);
  assert.equal(canonicalJson(publicPart), '{"a":2}');
  assert.equal(canonicalJson(seatPart), '{"__proto__":{"x":1},"hand":[1]}');
  assert.equal(JSON.stringify(view), before);
  assert.equal(viewHash(view), partHash(view) + '0000000000000000', 'no seat keys: the whole view, then nothing');
});

test('only a JSON object is a view', () => {
  assert.throws(() => viewHash(null, []), HashError);
  assert.throws(() => viewHash([1], []), HashError);
  assert.throws(() => viewHash({ a: 1 }, 'hand'), HashError);
});

test("a part's hash is the sum of its members' hashes, so one changed member changes it", () => {
  const bytes = (text) => new TextEncoder().encode(text);
  const member = (name, dump) => BigInt('0x' + fnv1a64Bytes(bytes(name + ':' + dump)));
  const sum = (member('"a"', '[1,"é"]') + member('"b"', '{"c":null}') + member('"t\\n"', '7')) & ((1n << 64n) - 1n);
  assert.equal(partHash({ b: { c: null }, 't\n': 7, a: [1, 'é'] }), sum.toString(16).padStart(16, '0'));
  assert.equal(partHash({}), '0000000000000000');
  assert.notEqual(partHash({ a: 1, b: 2 }), partHash({ a: 2, b: 1 }), 'values swapped between members');
  assert.notEqual(partHash({ a: 1, b: 2 }), partHash({ a: 1, b: 3 }));
});

test('a view parsed from the wire hashes the same whatever the member order', () => {
  const a = JSON.parse('{"b":{"y":1,"x":[2,3]},"a":"t"}');
  const b = JSON.parse('{"a":"t","b":{"x":[2,3],"y":1}}');
  assert.equal(viewHash(a, ['b']), viewHash(b, ['b']));
});

test('the limb implementation agrees with the BigInt reference on random text', () => {
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pools = [
    [0x20, 0x7f],
    [0x80, 0x800],
    [0x800, 0xd800],
    [0xe000, 0x10000],
    [0x10000, 0x110000],
  ];
  for (let n = 0; n < 300; n++) {
    let text = '';
    const length = Math.floor(random() * 40);
    for (let i = 0; i < length; i++) {
      const [lo, hi] = pools[Math.floor(random() * pools.length)];
      text += String.fromCodePoint(lo + Math.floor(random() * (hi - lo)));
    }
    assert.equal(fnv1a64Utf8(text), fnv1a64Bytes(new TextEncoder().encode(text)), JSON.stringify(text));
  }
});

test('compareUtf8 orders by code point, which is UTF-8 byte order', () => {
  const keys = ['\u{1F600}', '\uFF5E', 'é', 'z', 'Z', '', 'a', 'ab', '\uE000', '\uD7FF', '\u{10FFFF}'];
  const byBytes = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8')));
  assert.deepEqual([...keys].sort(compareUtf8), byBytes);
  assert.ok(compareUtf8('\uFF5E', '\u{1F600}') < 0);
  assert.ok(compareUtf8('z', 'é') < 0);
  assert.equal(compareUtf8('same', 'same'), 0);
});

test('non-integers and non-JSON values are refused', () => {
  assert.throws(() => canonicalJson(1.5), HashError);
  assert.throws(() => canonicalJson({ a: NaN }), HashError);
  assert.throws(() => canonicalJson([Infinity]), HashError);
  assert.throws(() => canonicalJson(() => 1), HashError);
  assert.throws(() => jsonHash('\uD800'), HashError);
  assert.throws(() => jsonHash('\uDC00x'), HashError);
  assert.throws(() => viewHash({ prompt: '\uD800' }, ['prompt']), HashError);
});

test('negative zero and bigints are written as integers', () => {
  assert.equal(canonicalJson(-0), '0');
  assert.equal(canonicalJson(18446744073709551615n), '18446744073709551615');
  assert.equal(canonicalJson(1e21), '1000000000000000000000');
});

test('a "__proto__" member is data like any other', () => {
  const view = JSON.parse('{"__proto__":{"x":1},"a":2}');
  assert.equal(canonicalJson(view), '{"__proto__":{"x":1},"a":2}');
});
