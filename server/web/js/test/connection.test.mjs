// node --test server/web/js/test/
// GameConnection against a scripted fake WebSocket and fetch (no server needed).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';

import { GameConnection, Status } from '../connection.js';
import { applyPatch } from '../json_patch.js';
import { viewHash } from '../view_hash.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check, what, ms = 1000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

// A fake server side: records what the client sends, lets the test push frames.
function fakeSockets() {
  const sockets = [];
  class FakeSocket {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.sent = [];
      sockets.push(this);
      setTimeout(() => {
        if (this.readyState !== 0) return;
        this.readyState = 1;
        this.onopen?.({});
      }, 1);
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      this.serverClose(1000);
    }
    serverClose(code = 1006) {
      if (this.readyState === 3) return;
      this.readyState = 3;
      this.onclose?.({ code, reason: '' });
    }
    push(message) {
      this.onmessage?.({ data: JSON.stringify(message) });
    }
    types() {
      return this.sent.map((m) => m.type);
    }
  }
  return { FakeSocket, sockets };
}

function refusingFetch() {
  return async () => {
    throw new Error('no network in this test');
  };
}

const view0 = { prompt: 'Play.', actions: { card: [3, 12], pass: true }, hand: [3, 12], log: [] };
const ops01 = [
  { op: 'remove', path: '/actions/card/0' },
  { op: 'replace', path: '/hand/0', value: 12 },
  { op: 'remove', path: '/hand/1' },
  { op: 'add', path: '/log/-', value: { text: 'red plays 3.' } },
];
const view1 = applyPatch(view0, ops01);

function snapshot(version = 0, view = view0, seat = 'red') {
  return { type: 'snapshot', game: 5, seat, version, view, hash: viewHash(view) };
}

// Every connection is closed at the end, so that a failed assertion cannot leave timers running.
const opened = [];
after(() => opened.forEach((conn) => conn.close()));

function connect(FakeSocket, extra = {}) {
  const conn = new GameConnection({
    game: 5,
    seat: 'red',
    token: 'a'.repeat(32),
    origin: 'https://example.test',
    WebSocket: FakeSocket,
    fetch: refusingFetch(),
    minBackoff: 5,
    maxBackoff: 20,
    pollInterval: 10000,
    ...extra,
  });
  opened.push(conn);
  return conn;
}

test('opens wss://host/ws, says hello with the token, joins, and takes the snapshot', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket);
  const views = [];
  conn.on('view', (v) => views.push(v));
  conn.start();
  await until(() => sockets[0]?.sent.length === 2, 'hello and join');
  assert.equal(sockets[0].url, 'wss://example.test/ws');
  assert.deepEqual(sockets[0].sent[0], { type: 'hello', client: 'warpath-web/1', token: 'a'.repeat(32) });
  assert.deepEqual(sockets[0].sent[1], { type: 'join', game: 5, seat: 'red' });
  sockets[0].push({ type: 'welcome', server: 'warpath', protocol: 1 });
  sockets[0].push(snapshot());
  assert.equal(conn.status, Status.LIVE);
  assert.equal(conn.version, 0);
  assert.deepEqual(conn.actions, view0.actions);
  assert.equal(views.length, 1);
  assert.equal(views[0].source, 'snapshot');
  conn.close();
});

test('applies a patch from the version held, checks its hash, and resolves the action on ack', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot());
  const acted = conn.act('card', 3);
  const sent = sockets[0].sent[2];
  assert.equal(sent.type, 'action');
  assert.equal(sent.game, 5);
  assert.equal(sent.version, 0);
  assert.equal(sent.verb, 'card');
  assert.equal(sent.arg, 3);
  assert.ok(typeof sent.ref === 'string' && sent.ref.length > 0 && sent.ref.length <= 64);
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: viewHash(view1) });
  sockets[0].push({ type: 'ack', ref: sent.ref, game: 5, version: 1 });
  assert.deepEqual(await acted, { version: 1 });
  assert.equal(conn.version, 1);
  assert.deepEqual(conn.view, view1);
  conn.close();
});

test('undo goes out as an undo message; an error with the ref rejects with its code', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot());
  const undone = conn.undo();
  const sent = sockets[0].sent[2];
  assert.deepEqual(Object.keys(sent).sort(), ['game', 'ref', 'type', 'version']);
  assert.equal(sent.type, 'undo');
  sockets[0].push({ type: 'error', code: 'undo_not_allowed', message: 'no', ref: sent.ref, game: 5, version: 0 });
  await assert.rejects(undone, (e) => e.code === 'undo_not_allowed' && e.version === 0);
  conn.close();
});

test('a gap asks for a resync once; repeated patches are skipped', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot());
  const later = { ...view1, prompt: 'Again.' };
  const ops12 = [{ op: 'replace', path: '/prompt', value: 'Again.' }];
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: ops12, hash: viewHash(later) });
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: ops12, hash: viewHash(later) });
  assert.deepEqual(sockets[0].types().slice(2), ['resync']);
  assert.deepEqual(sockets[0].sent[2], { type: 'resync', game: 5, version: 0 });
  assert.equal(conn.version, 0);
  // The server answers with the missed patches, the first of them repeated.
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: viewHash(view1) });
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: viewHash(view1) });
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: ops12, hash: viewHash(later) });
  assert.equal(conn.version, 2);
  assert.deepEqual(conn.view, later);
  conn.close();
});

test('a hash mismatch or a patch that fails gets a fresh snapshot by joining again', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  const warnings = [];
  conn.on('warning', (w) => warnings.push(w.code));
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot());
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: '0000000000000000' });
  assert.equal(conn.version, 0);
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'join', game: 5, seat: 'red' });
  // Patches are ignored until the snapshot arrives.
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: viewHash(view1) });
  assert.equal(conn.version, 0);
  sockets[0].push(snapshot(1, view1));
  assert.equal(conn.version, 1);
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: [{ op: 'remove', path: '/nope' }], hash: 'x' });
  assert.equal(conn.version, 1);
  assert.equal(sockets[0].sent.at(-1).type, 'join');
  assert.deepEqual(warnings, ['hash_mismatch', 'patch_failed']);
  conn.close();
});

test('a refused join gives up without reconnecting', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push({ type: 'error', code: 'bad_token', message: 'that token does not hold seat', ref: '', game: 5 });
  assert.equal(conn.status, Status.REFUSED);
  await sleep(60);
  assert.equal(sockets.length, 1);
  await assert.rejects(conn.act('pass'), (e) => e.code === 'closed');
});

test('a dropped socket fails pending actions, polls, reconnects with backoff and joins again', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const polls = [];
  const fetch = async (url, init) => {
    polls.push({ url, init });
    return {
      ok: true,
      status: 200,
      json: async () => ({ game: 5, seat: 'red', version: 1, view: view1, hash: viewHash(view1) }),
    };
  };
  const conn = connect(FakeSocket, { fetch }).start();
  const statuses = [];
  conn.on('status', (s) => statuses.push(s.status));
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot());
  const acted = conn.act('pass');
  sockets[0].serverClose(1006);
  await assert.rejects(acted, (e) => e.code === 'disconnected');
  await until(() => polls.some((p) => p.url.endsWith('/api/games/5/view')), 'a poll');
  const poll = polls.find((p) => p.url.endsWith('/view'));
  assert.equal(poll.url, 'https://example.test/api/games/5/view');
  assert.equal(poll.init.headers.Authorization, 'Bearer ' + 'a'.repeat(32));
  await until(() => conn.version === 1, 'the polled view');
  assert.equal(conn.status, Status.POLLING);
  await until(() => sockets.length === 2 && sockets[1].sent.length === 2, 'the second socket');
  assert.deepEqual(sockets[1].types(), ['hello', 'join']);
  sockets[1].push(snapshot(1, view1));
  assert.equal(conn.status, Status.LIVE);
  assert.deepEqual(statuses, [Status.LIVE, Status.POLLING, Status.LIVE]);
  conn.close();
});

test('without a socket, actions go over HTTP and the answer becomes the view', async () => {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, init });
    if (init.method === 'POST')
      return { ok: true, status: 200, json: async () => ({ game: 5, seat: 'red', version: 1, view: view1, hash: viewHash(view1) }) };
    if (url.endsWith('/view'))
      return { ok: true, status: 200, json: async () => ({ game: 5, seat: 'red', version: 0, view: view0, hash: viewHash(view0) }) };
    return { ok: false, status: 404, json: async () => ({ error: { code: 'not_found', message: 'no' } }) };
  };
  class NoSocket {
    constructor() {
      throw new Error('blocked');
    }
  }
  const conn = connect(NoSocket, { fetch, minBackoff: 10000 }).start();
  await until(() => conn.version === 0, 'the polled view');
  const answer = await conn.act('card', 3);
  assert.deepEqual(answer, { version: 1 });
  assert.equal(conn.version, 1);
  const post = requests.find((r) => r.init.method === 'POST');
  assert.equal(post.url, 'https://example.test/api/games/5/actions');
  assert.deepEqual(JSON.parse(post.init.body), { version: 0, verb: 'card', arg: 3 });
  assert.equal(conn.chat('hello'), false);
  conn.close();
});

test('presence, chat and game_over are passed on', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  const got = [];
  for (const type of ['presence', 'chat', 'game_over']) conn.on(type, (d) => got.push([type, d]));
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot());
  sockets[0].push({ type: 'presence', game: 5, seats: { red: 1, blue: 0, spectator: 2 } });
  sockets[0].push({ type: 'chat', game: 5, seat: 'blue', text: 'hi', time: '2024-01-01T00:00:00Z' });
  sockets[0].push({ type: 'chat', game: 6, seat: 'blue', text: 'other game', time: '2024-01-01T00:00:00Z' });
  const result = { winner: 'red', draw: false, score: { red: 3 }, summary: 'red wins' };
  sockets[0].push({ type: 'game_over', game: 5, version: 9, result });
  assert.deepEqual(got, [
    ['presence', { seats: { red: 1, blue: 0, spectator: 2 } }],
    ['chat', { seat: 'blue', text: 'hi', time: '2024-01-01T00:00:00Z' }],
    ['game_over', { version: 9, result }],
  ]);
  assert.equal(conn.chat('hello'), true);
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'chat', game: 5, text: 'hello' });
  conn.close();
});
