// RFC 6902 JSON Patch over plain JSON values (null, booleans, numbers, strings, arrays, objects).
//
// applyPatch(document, ops) returns a new document and never modifies its arguments; it throws a
// PatchError when an operation is malformed or cannot be applied (a failed `test` included), in
// which case nothing is changed. Pure ES module: works in the browser and in Node.

export class PatchError extends Error {
  constructor(message, index = -1, op = undefined) {
    super(index >= 0 ? `operation ${index}: ${message}` : message);
    this.name = 'PatchError';
    this.index = index;
    this.op = op;
  }
}

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

// A deep copy of a JSON value. Keys are defined as own properties, so that a member named
// "__proto__" stays data and never becomes a prototype.
export function cloneJson(value) {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (isObject(value)) {
    const out = {};
    for (const key of Object.keys(value)) setMember(out, key, cloneJson(value[key]));
    return out;
  }
  return value;
}

function setMember(object, key, value) {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

// JSON equality as RFC 6902 (4.6) defines it for `test`: member order does not matter.
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

// RFC 6901: "" is the whole document; otherwise "/"-separated tokens with ~1 for "/" and ~0 for "~".
export function parsePointer(pointer) {
  if (typeof pointer !== 'string') throw new PatchError('a JSON Pointer must be a string');
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PatchError(`JSON Pointer "${pointer}" does not start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~(?![01])/.test(token)) throw new PatchError(`JSON Pointer "${pointer}" has a bad ~ escape`);
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

export function formatPointer(tokens) {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

// An array index token: "0" or digits without a leading zero. `allowEnd` accepts index == length
// (and "-") for `add`.
function arrayIndex(array, token, allowEnd, pointer) {
  if (token === '-') {
    if (allowEnd) return array.length;
    throw new PatchError(`"-" names no element in "${pointer}"`);
  }
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`"${token}" is not an array index in "${pointer}"`);
  const index = Number(token);
  if (index > array.length || (index === array.length && !allowEnd))
    throw new PatchError(`index ${token} is out of range in "${pointer}"`);
  return index;
}

// The value at `tokens` inside `document`; throws if any step is missing.
function resolve(document, tokens, pointer) {
  let node = document;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false, pointer)];
    else if (isObject(node) && hasOwn(node, token)) node = node[token];
    else throw new PatchError(`"${pointer}" does not exist`);
  }
  return node;
}

export function getPointer(document, pointer) {
  return resolve(document, parsePointer(pointer), pointer);
}

// Each of the following works on a private copy and returns the (possibly new) root.

function addValue(root, tokens, value, pointer) {
  if (tokens.length === 0) return value;
  const parent = resolve(root, tokens.slice(0, -1), pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true, pointer), 0, value);
  else if (isObject(parent)) setMember(parent, last, value);
  else throw new PatchError(`the parent of "${pointer}" is not a container`);
  return root;
}

function removeValue(root, tokens, pointer) {
  if (tokens.length === 0) throw new PatchError('cannot remove the whole document');
  const parent = resolve(root, tokens.slice(0, -1), pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, last, false, pointer), 1)[0];
  if (isObject(parent) && hasOwn(parent, last)) {
    const value = parent[last];
    delete parent[last];
    return value;
  }
  throw new PatchError(`"${pointer}" does not exist`);
}

function replaceValue(root, tokens, value, pointer) {
  if (tokens.length === 0) return value;
  const parent = resolve(root, tokens.slice(0, -1), pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent[arrayIndex(parent, last, false, pointer)] = value;
  else if (isObject(parent) && hasOwn(parent, last)) setMember(parent, last, value);
  else throw new PatchError(`"${pointer}" does not exist`);
  return root;
}

function requireString(op, field) {
  if (typeof op[field] !== 'string') throw new PatchError(`"${field}" must be a string`);
  return op[field];
}

function requireValue(op) {
  if (!hasOwn(op, 'value') || op.value === undefined) throw new PatchError('"value" is missing');
  return op.value;
}

function applyOne(root, op) {
  if (!isObject(op)) throw new PatchError('an operation must be an object');
  const path = requireString(op, 'path');
  const tokens = parsePointer(path);
  switch (op.op) {
    case 'add':
      return addValue(root, tokens, cloneJson(requireValue(op)), path);
    case 'remove':
      removeValue(root, tokens, path);
      return root;
    case 'replace':
      return replaceValue(root, tokens, cloneJson(requireValue(op)), path);
    case 'move': {
      const from = requireString(op, 'from');
      const fromTokens = parsePointer(from);
      if (from === path) {
        resolve(root, fromTokens, from);  // must exist; otherwise a no-op
        return root;
      }
      if (path.startsWith(from + '/')) throw new PatchError(`cannot move "${from}" into its own child "${path}"`);
      const value = removeValue(root, fromTokens, from);
      return addValue(root, tokens, value, path);
    }
    case 'copy': {
      const from = requireString(op, 'from');
      const value = cloneJson(resolve(root, parsePointer(from), from));
      return addValue(root, tokens, value, path);
    }
    case 'test': {
      const expected = requireValue(op);
      if (!jsonEqual(resolve(root, tokens, path), expected)) throw new PatchError(`test failed at "${path}"`);
      return root;
    }
    default:
      throw new PatchError(`unknown op ${JSON.stringify(op.op)}`);
  }
}

// Applies `ops` (an array of RFC 6902 operations) to a copy of `document` and returns the copy.
export function applyPatch(document, ops) {
  if (!Array.isArray(ops)) throw new PatchError('a patch must be an array of operations');
  let root = cloneJson(document);
  ops.forEach((op, index) => {
    try {
      root = applyOne(root, op);
    } catch (e) {
      if (e instanceof PatchError && e.index < 0) throw new PatchError(e.message, index, op);
      throw e;
    }
  });
  return root;
}
