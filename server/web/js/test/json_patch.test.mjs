// node --test server/web/js/test/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { applyPatch, getPointer, parsePointer, formatPointer, PatchError } from '../json_patch.js';

const patched = (doc, ops) => applyPatch(doc, ops);

// RFC 6902, Appendix A.
test('A.1 adding an object member', () => {
  assert.deepEqual(patched({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }]), { baz: 'qux', foo: 'bar' });
});
test('A.2 adding an array element', () => {
  assert.deepEqual(patched({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }]), {
    foo: ['bar', 'qux', 'baz'],
  });
});
test('A.3 removing an object member', () => {
  assert.deepEqual(patched({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }]), { foo: 'bar' });
});
test('A.4 removing an array element', () => {
  assert.deepEqual(patched({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }]), { foo: ['bar', 'baz'] });
});
test('A.5 replacing a value', () => {
  assert.deepEqual(patched({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }]), {
    baz: 'boo',
    foo: 'bar',
  });
});
test('A.6 moving a value', () => {
  const doc = { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } };
  assert.deepEqual(patched(doc, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }]), {
    foo: { bar: 'baz' },
    qux: { corge: 'grault', thud: 'fred' },
  });
});
test('A.7 moving an array element', () => {
  const doc = { foo: ['all', 'grass', 'cows', 'eat'] };
  assert.deepEqual(patched(doc, [{ op: 'move', from: '/foo/1', path: '/foo/3' }]), {
    foo: ['all', 'cows', 'eat', 'grass'],
  });
});
test('A.8 testing a value: success', () => {
  const doc = { baz: 'qux', foo: ['a', 2, 'c'] };
  const ops = [
    { op: 'test', path: '/baz', value: 'qux' },
    { op: 'test', path: '/foo/1', value: 2 },
  ];
  assert.deepEqual(patched(doc, ops), doc);
});
test('A.9 testing a value: error', () => {
  assert.throws(() => patched({ baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]), PatchError);
});
test('A.10 adding a nested member object', () => {
  assert.deepEqual(patched({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }]), {
    foo: 'bar',
    child: { grandchild: {} },
  });
});
test('A.11 ignoring unrecognized elements', () => {
  assert.deepEqual(patched({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }]), {
    foo: 'bar',
    baz: 'qux',
  });
});
test('A.12 adding to a nonexistent target', () => {
  assert.throws(() => patched({ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]), PatchError);
});
test('A.14 ~ escape ordering', () => {
  const doc = { '/': 9, '~1': 10 };
  assert.deepEqual(patched(doc, [{ op: 'test', path: '/~01', value: 10 }]), doc);
  assert.deepEqual(patched(doc, [{ op: 'replace', path: '/~1', value: 1 }]), { '/': 1, '~1': 10 });
});
test('A.15 comparing strings and numbers', () => {
  assert.throws(() => patched({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]), PatchError);
});
test('A.16 adding an array value', () => {
  assert.deepEqual(patched({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }]), {
    foo: ['bar', ['abc', 'def']],
  });
});

test('JSON Pointer parsing and formatting', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a~1b/m~0n/~01'), ['a/b', 'm~n', '~1']);
  assert.equal(formatPointer(['a/b', 'm~n', 0]), '/a~1b/m~0n/0');
  assert.throws(() => parsePointer('a'), PatchError);
  assert.throws(() => parsePointer('/a~2'), PatchError);
  assert.throws(() => parsePointer('/a~'), PatchError);
  assert.equal(getPointer({ ' ': { '': 1 } }, '/ /'), 1);
});

test('the root: replace, add, copy and test at ""', () => {
  assert.deepEqual(patched([1, 2, 3], [{ op: 'replace', path: '', value: { now: 'an object' } }]), { now: 'an object' });
  assert.equal(patched({ a: 1 }, [{ op: 'add', path: '', value: 5 }]), 5);
  assert.deepEqual(patched({ a: 1 }, [{ op: 'test', path: '', value: { a: 1 } }]), { a: 1 });
  assert.throws(() => patched({ a: 1 }, [{ op: 'remove', path: '' }]), PatchError);
});

test('array indices: "-", bounds and leading zeros', () => {
  assert.deepEqual(patched([1], [{ op: 'add', path: '/1', value: 2 }]), [1, 2]);
  assert.deepEqual(patched([1], [{ op: 'add', path: '/-', value: 2 }]), [1, 2]);
  assert.throws(() => patched([1], [{ op: 'add', path: '/2', value: 2 }]), PatchError);
  assert.throws(() => patched([1], [{ op: 'replace', path: '/1', value: 2 }]), PatchError);
  assert.throws(() => patched([1], [{ op: 'remove', path: '/-' }]), PatchError);
  assert.throws(() => patched([1, 2], [{ op: 'remove', path: '/01' }]), PatchError);
  assert.throws(() => patched([1, 2], [{ op: 'remove', path: '/-1' }]), PatchError);
  assert.throws(() => patched([1, 2], [{ op: 'remove', path: '/1e0' }]), PatchError);
  assert.throws(() => patched({ a: [1] }, [{ op: 'add', path: '/a/-/x', value: 1 }]), PatchError);
});

test('objects: members are looked up as own data, "__proto__" included', () => {
  assert.throws(() => patched({}, [{ op: 'remove', path: '/toString' }]), PatchError);
  assert.throws(() => patched({}, [{ op: 'replace', path: '/constructor', value: 1 }]), PatchError);
  const out = patched({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ['__proto__']);
  assert.equal({}.polluted, undefined);
  assert.equal(JSON.stringify(out), '{"__proto__":{"polluted":true}}');
});

test('replace and remove need an existing target; add to a scalar fails', () => {
  assert.throws(() => patched({ a: 1 }, [{ op: 'replace', path: '/b', value: 2 }]), PatchError);
  assert.throws(() => patched({ a: 1 }, [{ op: 'remove', path: '/b' }]), PatchError);
  assert.throws(() => patched({ a: 1 }, [{ op: 'add', path: '/a/b', value: 2 }]), PatchError);
});

test('move and copy', () => {
  assert.deepEqual(patched({ a: { b: 1 } }, [{ op: 'copy', from: '/a', path: '/c' }]), { a: { b: 1 }, c: { b: 1 } });
  assert.deepEqual(patched({ a: 1 }, [{ op: 'move', from: '/a', path: '/a' }]), { a: 1 });
  assert.throws(() => patched({ a: { b: 1 } }, [{ op: 'move', from: '/a', path: '/a/b/c' }]), PatchError);
  assert.throws(() => patched({ a: 1 }, [{ op: 'move', from: '/x', path: '/y' }]), PatchError);
  assert.deepEqual(patched([1, 2, 3], [{ op: 'move', from: '/0', path: '/-' }]), [2, 3, 1]);
  // A copy is independent of its source.
  const out = patched({ a: { b: [1] } }, [
    { op: 'copy', from: '/a', path: '/c' },
    { op: 'add', path: '/c/b/-', value: 2 },
  ]);
  assert.deepEqual(out, { a: { b: [1] }, c: { b: [1, 2] } });
});

test('test compares JSON values, not JavaScript identities', () => {
  const doc = { a: { x: [1, { y: null }], z: true } };
  assert.deepEqual(patched(doc, [{ op: 'test', path: '/a', value: { z: true, x: [1, { y: null }] } }]), doc);
  assert.throws(() => patched(doc, [{ op: 'test', path: '/a/x', value: [1, { y: null }, 2] }]), PatchError);
  assert.throws(() => patched(doc, [{ op: 'test', path: '/a/z', value: 1 }]), PatchError);
  assert.throws(() => patched({ a: null }, [{ op: 'test', path: '/a', value: {} }]), PatchError);
  assert.throws(() => patched({ a: {} }, [{ op: 'test', path: '/a', value: [] }]), PatchError);
});

test('malformed operations', () => {
  assert.throws(() => patched({}, { op: 'add', path: '/a', value: 1 }), PatchError);
  assert.throws(() => patched({}, [{ op: 'add', path: '/a' }]), PatchError);
  assert.throws(() => patched({}, [{ op: 'frobnicate', path: '/a' }]), PatchError);
  assert.throws(() => patched({}, [{ path: '/a', value: 1 }]), PatchError);
  assert.throws(() => patched({}, [{ op: 'add', path: 7, value: 1 }]), PatchError);
  assert.throws(() => patched({ a: 1 }, [{ op: 'move', path: '/b' }]), PatchError);
  assert.throws(() => patched({}, [null]), PatchError);
  assert.deepEqual(patched({}, [{ op: 'add', path: '/a', value: null }]), { a: null });
});

test('a failed patch changes nothing and names the operation', () => {
  const doc = { list: [1, 2], n: 1 };
  const before = JSON.stringify(doc);
  try {
    applyPatch(doc, [
      { op: 'add', path: '/list/-', value: 3 },
      { op: 'replace', path: '/n', value: 2 },
      { op: 'remove', path: '/missing' },
    ]);
    assert.fail('the patch should fail');
  } catch (e) {
    assert.ok(e instanceof PatchError);
    assert.equal(e.index, 2);
  }
  assert.equal(JSON.stringify(doc), before);
});

test('the input document and the operations are not modified or aliased', () => {
  const doc = { a: [1], b: { c: 1 } };
  const value = { deep: [1] };
  const ops = [{ op: 'add', path: '/v', value }, { op: 'remove', path: '/a/0' }];
  const out = applyPatch(doc, ops);
  assert.deepEqual(doc, { a: [1], b: { c: 1 } });
  assert.notEqual(out.b, doc.b);
  out.v.deep.push(2);
  assert.deepEqual(value, { deep: [1] });
});

// Patches produced by nlohmann::json::diff (what the server sends), with their source and target.
const serverDiffs = [
  {
    from: { log: [{ t: 'a' }], hand: [1, 2, 3], actions: { card: [1, 2, 3], pass: true }, n: 1 },
    to: { log: [{ t: 'a' }, { t: 'b' }, { t: 'c' }], hand: [2, 3], actions: { pass: true, undo: true }, n: 2 },
    ops: [
      { op: 'remove', path: '/actions/card' },
      { op: 'add', path: '/actions/undo', value: true },
      { op: 'replace', path: '/hand/0', value: 2 },
      { op: 'replace', path: '/hand/1', value: 3 },
      { op: 'remove', path: '/hand/2' },
      { op: 'add', path: '/log/-', value: { t: 'b' } },
      { op: 'add', path: '/log/-', value: { t: 'c' } },
      { op: 'replace', path: '/n', value: 2 },
    ],
  },
  {
    from: { 'a/b': { 'm~n': [1, 2, 3, 4, 5] }, x: null },
    to: { 'a/b': { 'm~n': [1, 9] }, x: { deep: [true] } },
    ops: [
      { op: 'replace', path: '/a~1b/m~0n/1', value: 9 },
      { op: 'remove', path: '/a~1b/m~0n/4' },
      { op: 'remove', path: '/a~1b/m~0n/3' },
      { op: 'remove', path: '/a~1b/m~0n/2' },
      { op: 'replace', path: '/x', value: { deep: [true] } },
    ],
  },
  {
    from: [1, 2, 3],
    to: { now: 'an object' },
    ops: [{ op: 'replace', path: '', value: { now: 'an object' } }],
  },
  {
    from: { k: [[1, 2], [3]], s: 'x' },
    to: { k: [[1], [3, 4], [5]], s: 'y', t: '' },
    ops: [
      { op: 'remove', path: '/k/0/1' },
      { op: 'add', path: '/k/1/-', value: 4 },
      { op: 'add', path: '/k/-', value: [5] },
      { op: 'replace', path: '/s', value: 'y' },
      { op: 'add', path: '/t', value: '' },
    ],
  },
];

serverDiffs.forEach(({ from, to, ops }, i) => {
  test(`a diff from nlohmann::json::diff applies (${i + 1})`, () => {
    assert.deepEqual(applyPatch(from, ops), to);
  });
});
