// node --test server/web/js/test/
// Expected dumps and hashes were produced by nlohmann::json::dump() (v3.11) and the server's
// fnv1a64 (engine/core/hash.cpp) on the same documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { canonicalJson, compareUtf8, fnv1a64Bytes, fnv1a64Utf8, viewHash, HashError } from '../view_hash.js';

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
    assert.equal(viewHash(v.value), v.hash);
    assert.equal(fnv1a64Bytes(new TextEncoder().encode(v.dump)), v.hash);
  });
}

test('a view parsed from the wire hashes the same whatever the member order', () => {
  const a = JSON.parse('{"b":{"y":1,"x":[2,3]},"a":"t"}');
  const b = JSON.parse('{"a":"t","b":{"x":[2,3],"y":1}}');
  assert.equal(viewHash(a), viewHash(b));
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
  assert.throws(() => viewHash('\uD800'), HashError);
  assert.throws(() => viewHash('\uDC00x'), HashError);
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
