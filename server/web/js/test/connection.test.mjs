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

// The seat part of the views below: the rest (`vp`, `played`) is public.
const SEAT_KEYS = ['actions', 'confirm', 'hand', 'prompt'];
const hashOf = (view) => viewHash(view, SEAT_KEYS);

const view0 = { prompt: 'Play.', actions: { card: [3, 12], pass: true }, hand: [3, 12], vp: 0, played: [] };
const ops01 = [
  { op: 'remove', path: '/actions/card/0' },
  { op: 'replace', path: '/hand/0', value: 12 },
  { op: 'remove', path: '/hand/1' },
  { op: 'add', path: '/played/-', value: 3 },
];
const view1 = applyPatch(view0, ops01);
const line = (n) => ({ role: 'red', verb: 'card', arg: n, text: `line ${n}` });
const lines = (from, to) => Array.from({ length: to - from }, (_, i) => line(from + i));

function snapshot(version = 0, view = view0, seat = 'red', logSize = 0) {
  return { type: 'snapshot', game: 5, seat, version, view, seat_keys: SEAT_KEYS, hash: hashOf(view), log_size: logSize };
}

function patch(from, to, ops, view, log = undefined) {
  const message = { type: 'patch', game: 5, seat: 'red', from, to, ops, hash: hashOf(view) };
  if (log) message.log = log;
  return message;
}

function logFrame(version, from, size, ref = '', seat = 'red') {
  return { type: 'log', game: 5, seat, version, from, lines: lines(from, size), log_size: size, ref };
}

// What the connection holds of the log: [first, size] and the numbers of the lines held.
function held(conn) {
  return { first: conn.log.first, size: conn.log.size, args: conn.log.lines.map((l) => l.arg) };
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

// A connection whose hello and join went out, and the warnings it gives.
async function joined() {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  const warnings = [];
  conn.on('warning', (w) => warnings.push(w.code));
  await until(() => sockets[0]?.sent.length === 2, 'join');
  return { conn, sockets, warnings };
}

test('opens wss://host/ws?game=N, says hello with the token, joins, and takes the snapshot', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket);
  const views = [];
  conn.on('view', (v) => views.push(v));
  conn.start();
  await until(() => sockets[0]?.sent.length === 2, 'hello and join');
  assert.equal(sockets[0].url, 'wss://example.test/ws?game=5');
  assert.deepEqual(sockets[0].sent[0], { type: 'hello', client: 'warpath-web/1', token: 'a'.repeat(32) });
  assert.deepEqual(sockets[0].sent[1], { type: 'join', game: 5, seat: 'red' });
  sockets[0].push({ type: 'welcome', server: 'warpath', protocol: 3 });
  sockets[0].push(snapshot());
  assert.equal(conn.status, Status.LIVE);
  assert.equal(conn.version, 0);
  assert.deepEqual(conn.actions, view0.actions);
  assert.equal(views.length, 1);
  assert.equal(views[0].source, 'snapshot');
  conn.close();
});

// A joined connection at version 0 that has sent `card 3`: the action message and its promise.
async function actedOnce() {
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
  return { conn, socket: sockets[0], sent, acted };
}

test('applies a patch from the version held, checks its hash, and resolves the action on ack', async () => {
  const { conn, socket, sent, acted } = await actedOnce();
  socket.push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: hashOf(view1) });
  socket.push({ type: 'ack', ref: sent.ref, game: 5, version: 1 });
  assert.deepEqual(await acted, { version: 1 });
  assert.equal(conn.version, 1);
  assert.deepEqual(conn.view, view1);
  conn.close();
});

test('the patch that carries the action ref answers it (the server sends no ack then)', async () => {
  const { conn, socket, sent, acted } = await actedOnce();
  socket.push({ ref: sent.ref, type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: hashOf(view1) });
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
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: ops12, hash: hashOf(later) });
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: ops12, hash: hashOf(later) });
  assert.deepEqual(sockets[0].types().slice(2), ['resync']);
  assert.deepEqual(sockets[0].sent[2], { type: 'resync', game: 5, version: 0 });
  assert.equal(conn.version, 0);
  // The server answers with the missed patches, the first of them repeated.
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: hashOf(view1) });
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: hashOf(view1) });
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 1, to: 2, ops: ops12, hash: hashOf(later) });
  assert.equal(conn.version, 2);
  assert.deepEqual(conn.view, later);
  conn.close();
});

test('a hash mismatch or a patch that fails gets a fresh snapshot by joining again', async () => {
  const { conn, sockets, warnings } = await joined();
  sockets[0].push(snapshot());
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: '0000000000000000' });
  assert.equal(conn.version, 0);
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'join', game: 5, seat: 'red' });
  // Patches are ignored until the snapshot arrives.
  sockets[0].push({ type: 'patch', game: 5, seat: 'red', from: 0, to: 1, ops: ops01, hash: hashOf(view1) });
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
      json: async () => ({ game: 5, seat: 'red', version: 1, view: view1, seat_keys: SEAT_KEYS, hash: hashOf(view1), log_size: 0 }),
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
      return { ok: true, status: 200, json: async () => ({ game: 5, seat: 'red', version: 1, view: view1, seat_keys: SEAT_KEYS, hash: hashOf(view1), log_size: 0 }) };
    if (url.endsWith('/view'))
      return { ok: true, status: 200, json: async () => ({ game: 5, seat: 'red', version: 0, view: view0, seat_keys: SEAT_KEYS, hash: hashOf(view0), log_size: 0 }) };
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

test('the hash has a public and a seat part: a patch agreeing with both is applied, else a new snapshot is asked', async () => {
  const { conn, sockets, warnings } = await joined();
  sockets[0].push(snapshot());
  assert.deepEqual(conn.seatKeys, SEAT_KEYS);
  assert.equal(conn.hashChecked, true);
  assert.match(conn.hash, /^[0-9a-f]{32}$/);
  sockets[0].push(patch(0, 1, ops01, view1));
  assert.equal(conn.version, 1);
  // Only the hand changes: the public half of the hash stays, the seat half must follow.
  const ops12 = [{ op: 'replace', path: '/hand/0', value: 40 }];
  const view2 = applyPatch(view1, ops12);
  assert.equal(hashOf(view2).slice(0, 16), hashOf(view1).slice(0, 16));
  const staleSeatPart = hashOf(view2).slice(0, 16) + hashOf(view1).slice(16);
  sockets[0].push({ ...patch(1, 2, ops12, view2), hash: staleSeatPart });
  assert.equal(conn.version, 1);
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'join', game: 5, seat: 'red' });
  sockets[0].push(snapshot(2, view2));
  assert.equal(conn.version, 2);
  // The whole view hashed as one public part is not the hash either.
  const ops23 = [{ op: 'replace', path: '/vp', value: 3 }];
  const view3 = applyPatch(view2, ops23);
  sockets[0].push({ ...patch(2, 3, ops23, view3), hash: viewHash(view3) });
  assert.equal(conn.version, 2);
  sockets[0].push(snapshot(3, view3));
  sockets[0].push(patch(3, 4, [{ op: 'replace', path: '/vp', value: 4 }], { ...view3, vp: 4 }));
  assert.equal(conn.version, 4);
  assert.deepEqual(warnings, ['hash_mismatch', 'hash_mismatch']);
  conn.close();
});

test('a snapshot whose hash is not of its seat_keys leaves the patches unchecked, with a warning', async () => {
  const { conn, sockets, warnings } = await joined();
  sockets[0].push({ ...snapshot(), seat_keys: ['hand'] });
  assert.equal(conn.hashChecked, false);
  assert.deepEqual(warnings, ['hash_unverifiable']);
  sockets[0].push({ ...patch(0, 1, ops01, view1), hash: 'f'.repeat(32) });
  assert.equal(conn.version, 1);
  conn.close();
});

test('a snapshot drops the log lines held; the log frame after it brings the recent ones', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  const events = [];
  conn.on('log', (e) => events.push([e.source, e.added, e.log.first, e.log.size]));
  await until(() => sockets[0]?.sent.length === 2, 'join');
  assert.equal(conn.log.known, false);
  sockets[0].push(snapshot(0, view0, 'red', 3));
  assert.deepEqual(held(conn), { first: 3, size: 3, args: [] });
  assert.equal(conn.log.known, true);
  sockets[0].push(logFrame(0, 0, 3));
  assert.deepEqual(held(conn), { first: 0, size: 3, args: [0, 1, 2] });
  assert.equal(conn.log.complete, true);
  assert.deepEqual(conn.log.line(1), line(1));
  // Another seat's log, or another game's, is not this one.
  sockets[0].push(logFrame(0, 0, 3, '', 'blue'));
  sockets[0].push({ ...logFrame(0, 0, 3), game: 6 });
  // A fresh snapshot (here after a join) starts the log again.
  sockets[0].push(snapshot(9, view1, 'red', 250));
  assert.deepEqual(held(conn), { first: 250, size: 250, args: [] });
  sockets[0].push(logFrame(9, 150, 250));
  assert.equal(conn.log.first, 150);
  assert.equal(conn.log.size, 250);
  assert.deepEqual(conn.log.line(150), line(150));
  assert.equal(conn.log.line(149), undefined);
  assert.deepEqual(events, [
    ['snapshot', 0, 3, 3],
    ['recent', 3, 0, 3],
    ['snapshot', 0, 250, 250],
    ['recent', 100, 150, 250],
  ]);
  conn.close();
});

test('a patch keeps the first `keep` lines and adds its own: a move appends, an undo takes back', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  const events = [];
  conn.on('log', (e) => events.push([e.source, e.added]));
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot(0, view0, 'red', 250));
  sockets[0].push(logFrame(0, 150, 250));
  sockets[0].push(patch(0, 1, ops01, view1, { keep: 250, lines: [line(250), line(251)] }));
  assert.equal(conn.version, 1);
  assert.deepEqual(held(conn).args.slice(-3), [249, 250, 251]);
  assert.equal(conn.log.size, 252);
  // An undo: back to the view before, the move's two lines taken back.
  const undo = [{ op: 'replace', path: '/hand', value: [3, 12] }, { op: 'replace', path: '/actions/card', value: [3, 12] }, { op: 'remove', path: '/played/0' }];
  sockets[0].push(patch(1, 2, undo, view0, { keep: 250, lines: [] }));
  assert.equal(conn.version, 2);
  assert.equal(conn.log.size, 250);
  assert.deepEqual(conn.log.line(249), line(249));
  // Another move with another line 250; a patch without `log` leaves it alone.
  const other = { role: 'red', verb: 'pass', arg: null, text: 'red passes.' };
  sockets[0].push(patch(2, 3, [{ op: 'replace', path: '/vp', value: 1 }], { ...view0, vp: 1 }, { keep: 250, lines: [other] }));
  sockets[0].push(patch(3, 4, [{ op: 'replace', path: '/vp', value: 2 }], { ...view0, vp: 2 }));
  assert.equal(conn.version, 4);
  assert.deepEqual(conn.log.line(250), other);
  assert.deepEqual({ first: conn.log.first, size: conn.log.size }, { first: 150, size: 251 });
  // Taking back lines older than any held leaves only the new ones (older ones can be asked for).
  sockets[0].push(patch(4, 5, [{ op: 'replace', path: '/vp', value: 0 }], view0, { keep: 140, lines: [line(140)] }));
  assert.deepEqual(held(conn), { first: 140, size: 141, args: [140] });
  // A patch whose log change is not one asks for a snapshot.
  sockets[0].push(patch(5, 6, [{ op: 'replace', path: '/vp', value: 1 }], { ...view0, vp: 1 }, { keep: -1, lines: [] }));
  assert.equal(conn.version, 5);
  assert.equal(sockets[0].sent.at(-1).type, 'join');
  assert.deepEqual(events, [
    ['snapshot', 0],
    ['recent', 100],
    ['patch', 2],
    ['patch', 0],
    ['patch', 1],
    ['patch', 1],
  ]);
  conn.close();
});

// A connection joined as red at `version` with a log of `size` lines, holding those from `first`.
async function joinedWithLog(version, first, size) {
  const { conn, sockets, warnings } = await joined();
  sockets[0].push(snapshot(version, view0, 'red', size));
  sockets[0].push(logFrame(version, first, size));
  return { conn, sockets, warnings };
}

test('older lines are asked for a page at a time and put before the lines held', async () => {
  const { conn, sockets, warnings } = await joinedWithLog(4, 150, 250);
  const page = conn.loadOlderLog();
  assert.equal(conn.loadOlderLog(), page, 'one page at a time');
  assert.equal(sockets[0].types().filter((t) => t === 'log').length, 1);
  const asked = sockets[0].sent.at(-1);
  assert.deepEqual(Object.keys(asked).sort(), ['before', 'game', 'limit', 'ref', 'type']);
  assert.deepEqual({ type: asked.type, game: asked.game, before: asked.before, limit: asked.limit }, { type: 'log', game: 5, before: 150, limit: 100 });
  assert.ok(asked.ref.length > 0 && asked.ref.length <= 64);
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 4, from: 50, lines: lines(50, 150), log_size: 250, ref: asked.ref });
  assert.equal(await page, 100);
  assert.deepEqual({ first: conn.log.first, size: conn.log.size }, { first: 50, size: 250 });
  assert.deepEqual(conn.log.line(50), line(50));
  const last = conn.loadOlderLog(500);
  const asked2 = sockets[0].sent.at(-1);
  assert.deepEqual({ before: asked2.before, limit: asked2.limit }, { before: 50, limit: 500 });
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 4, from: 0, lines: lines(0, 50), log_size: 250, ref: asked2.ref });
  assert.equal(await last, 50);
  assert.equal(conn.log.complete, true);
  assert.deepEqual(held(conn).args, lines(0, 250).map((l) => l.arg));
  // A page whose log_size is not the log held: the server's word is the newer.
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 4, from: 100, lines: lines(100, 200), log_size: 200, ref: '' });
  assert.deepEqual({ first: conn.log.first, size: conn.log.size }, { first: 100, size: 200 });
  assert.deepEqual(warnings, ['log_mismatch']);
  sockets[0].push(snapshot(4, view0, 'red', 250));
  sockets[0].push(logFrame(4, 0, 250));
  const sent = sockets[0].sent.length;
  assert.equal(await conn.loadOlderLog(), 0, 'nothing older');
  assert.equal(sockets[0].sent.length, sent);
  // An error answering a request rejects it.
  sockets[0].push(snapshot(5, view0, 'red', 250));
  sockets[0].push(logFrame(5, 150, 250));
  const refused = conn.loadOlderLog();
  sockets[0].push({ type: 'error', code: 'bad_message', message: 'no', ref: sockets[0].sent.at(-1).ref, game: 5 });
  await assert.rejects(refused, (e) => e.code === 'bad_message');
  conn.close();
});

test('a log frame of another version than the view held is not taken: the page is asked again', async () => {
  const { conn, sockets, warnings } = await joinedWithLog(0, 150, 250);
  const page = conn.loadOlderLog();
  const asked = sockets[0].sent.at(-1);
  sockets[0].push(patch(0, 1, ops01, view1, { keep: 250, lines: [line(250)] }));
  // The answer is of version 0, the page holds version 1 now.
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 0, from: 50, lines: lines(50, 150), log_size: 250, ref: asked.ref });
  assert.equal(conn.log.first, 150);
  assert.equal(sockets[0].types().filter((t) => t === 'log').length, 2);
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'log', game: 5, before: 150, limit: 100, ref: asked.ref });
  // An answer to no request of this page, or the recent lines of an old snapshot, are ignored.
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 1, from: 0, lines: lines(0, 150), log_size: 251, ref: 'someone-else' });
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 0, from: 0, lines: lines(0, 150), log_size: 250, ref: '' });
  assert.equal(conn.log.first, 150);
  sockets[0].push({ type: 'log', game: 5, seat: 'red', version: 1, from: 50, lines: lines(50, 150), log_size: 251, ref: asked.ref });
  assert.equal(await page, 100);
  assert.deepEqual({ first: conn.log.first, size: conn.log.size }, { first: 50, size: 251 });
  assert.deepEqual(warnings, []);
  conn.close();
});

test('recent lines of another version after a snapshot are asked for again', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(snapshot(3, view0, 'red', 20));
  sockets[0].push(logFrame(2, 0, 19));
  const asked = sockets[0].sent.at(-1);
  assert.equal(asked.type, 'log');
  assert.equal(asked.before, 20);
  assert.equal(conn.log.lines.length, 0);
  sockets[0].push({ ...logFrame(3, 0, 20), ref: asked.ref });
  assert.deepEqual({ first: conn.log.first, size: conn.log.size }, { first: 0, size: 20 });
  conn.close();
});

test('over HTTP the log of each view polled comes from GET /log, and older pages too', async () => {
  const requests = [];
  let version = 0;
  const reply = (data) => ({ ok: true, status: 200, json: async () => data });
  const fetch = async (url, init) => {
    requests.push(url);
    const u = new URL(url);
    if (u.pathname.endsWith('/view'))
      return reply({ game: 5, seat: 'red', version, view: version ? view1 : view0, seat_keys: SEAT_KEYS, hash: hashOf(version ? view1 : view0), log_size: 250 + version });
    if (u.pathname.endsWith('/log')) {
      const size = 250 + version;
      const before = Number(u.searchParams.get('before'));
      const from = Math.max(0, before - Number(u.searchParams.get('limit')));
      return reply({ game: 5, seat: 'red', version, from, lines: lines(from, before), log_size: size });
    }
    return { ok: false, status: 404, json: async () => ({ error: { code: 'not_found', message: 'no' } }) };
  };
  class NoSocket {
    constructor() {
      throw new Error('blocked');
    }
  }
  const conn = connect(NoSocket, { fetch, minBackoff: 10000, pollInterval: 20 }).start();
  await until(() => conn.log.first === 150, 'the recent lines');
  assert.ok(requests.includes('https://example.test/api/games/5/log?before=250&limit=100'), requests.join('\n'));
  assert.equal(await conn.loadOlderLog(), 100);
  assert.ok(requests.includes('https://example.test/api/games/5/log?before=150&limit=100'));
  assert.deepEqual({ first: conn.log.first, size: conn.log.size }, { first: 50, size: 250 });
  // A move elsewhere: the next poll starts the log again from the new view's size.
  version = 1;
  await until(() => conn.version === 1 && conn.log.size === 251 && conn.log.lines.length === 100, 'the new view and its log');
  assert.equal(conn.log.first, 151);
  conn.close();
});

test('a clocks frame of the game is kept and emitted; another game\'s is not', async () => {
  const { conn, sockets } = await joined();
  const seen = [];
  conn.on('clocks', (c) => seen.push(c));
  sockets[0].push(snapshot());
  const clocks = {
    as_of_ms: 1_900_000_000_000,
    time_control: { preset: '3_per_day', initial_ms: 1, increment_ms: 0, cap_ms: 1, grace_ms: 0, automatic_timeout: false },
    clocks: { red: { remaining_ms: 5000, running: true, paused: null, resumes_ms: null, out_of_time: false, claimable: false } },
  };
  sockets[0].push({ type: 'clocks', game: 6, clocks });
  assert.equal(seen.length, 0);
  assert.equal(conn.clocks, null);
  sockets[0].push({ type: 'clocks', game: 5, clocks });
  assert.equal(seen.length, 1);
  assert.deepEqual(conn.clocks, clocks);
  assert.deepEqual(seen[0].clocks, clocks);
  assert.equal(seen[0].source, 'socket');
  assert.ok(Number.isFinite(seen[0].receivedAt));
  conn.close();
});

// Several nodes: a `moved` error frame sends the client to the node it names, and back to /ws
// (where nginx routes the game) when that node cannot be reached.
const moved = (node, retryAfterMs, game = 12, ref = '') => ({
  type: 'error',
  code: 'moved',
  message: `game ${game} is served by node ${node}`,
  ref,
  game,
  node,
  retry_after_ms: retryAfterMs,
});

test('moved: to /node/b/ws?game=12 at once, then back to /ws?game=12 when that fails, not before retry_after_ms', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket, { game: 12 });
  const statuses = [];
  conn.on('status', (s) => statuses.push(s.status));
  conn.start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  assert.equal(sockets[0].url, 'wss://example.test/ws?game=12');
  sockets[0].push({ type: 'welcome', server: 'warpath', protocol: 3 });
  const movedAt = Date.now();
  sockets[0].push(moved('b', 150));
  assert.equal(sockets[0].readyState, 3, 'the first socket is closed');
  await until(() => sockets.length === 2, 'the socket to node b');
  assert.equal(sockets[1].url, 'wss://example.test/node/b/ws?game=12');
  assert.ok(Date.now() - movedAt < 100, 'node b is tried at once');
  await until(() => sockets[1].sent.length === 2, 'the join at node b');
  assert.deepEqual(sockets[1].types(), ['hello', 'join']);
  sockets[1].serverClose(1006); // node b is dead: no welcome
  await until(() => sockets.length === 3, 'the socket back to /ws', 2000);
  assert.equal(sockets[2].url, 'wss://example.test/ws?game=12');
  assert.ok(Date.now() - movedAt >= 150, 'not sooner than retry_after_ms');
  await until(() => sockets[2].sent.length === 2, 'the join through /ws');
  sockets[2].push({ type: 'welcome', server: 'warpath', protocol: 3 });
  sockets[2].push({ ...snapshot(), game: 12 });
  assert.equal(conn.status, Status.LIVE);
  // Meanwhile it polled over HTTP, which this test's fetch refuses: offline.
  assert.deepEqual(statuses, [Status.CONNECTING, Status.POLLING, Status.OFFLINE, Status.LIVE]);
  conn.close();
});

test('moved: a node that answers is joined there; the next drop goes back to /ws', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket, { game: 12 }).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push(moved('node-2', 5000));
  await until(() => sockets[1]?.sent.length === 2, 'the join at node-2');
  assert.equal(sockets[1].url, 'wss://example.test/node/node-2/ws?game=12');
  sockets[1].push({ type: 'welcome', server: 'warpath', protocol: 3 });
  sockets[1].push({ ...snapshot(), game: 12 });
  assert.equal(conn.status, Status.LIVE);
  // A welcome means a node answered: no lease to wait for on the next drop.
  const droppedAt = Date.now();
  sockets[1].serverClose(1006);
  await until(() => sockets.length === 3, 'the socket back to /ws');
  assert.ok(Date.now() - droppedAt < 1000, 'the backoff only, not retry_after_ms');
  assert.equal(sockets[2].url, 'wss://example.test/ws?game=12');
  conn.close();
});

test('moved: an action it answers is rejected with moved; nodes bouncing the game fall back to the backoff', async () => {
  const { FakeSocket, sockets } = fakeSockets();
  const conn = connect(FakeSocket, { game: 12 }).start();
  await until(() => sockets[0]?.sent.length === 2, 'join');
  sockets[0].push({ ...snapshot(), game: 12 });
  const acted = conn.act('pass');
  const ref = sockets[0].sent[2].ref;
  sockets[0].push(moved('a', 0, 12, ref));
  await assert.rejects(acted, (e) => e.code === 'moved' && e.node === 'a');
  // Another game's moved frame is not ours.
  await until(() => sockets[1]?.sent.length === 2, 'the join at node a');
  sockets[1].push(moved('z', 0, 99));
  assert.equal(sockets[1].readyState, 1);
  // a → b → a → b: three hops are followed, the fourth waits for the backoff through /ws.
  sockets[1].push(moved('b', 0));
  await until(() => sockets[2]?.sent.length === 2, 'node b');
  sockets[2].push(moved('a', 0));
  await until(() => sockets[3]?.sent.length === 2, 'node a again');
  assert.deepEqual(
    sockets.map((s) => s.url.replace('wss://example.test', '')),
    ['/ws?game=12', '/node/a/ws?game=12', '/node/b/ws?game=12', '/node/a/ws?game=12'],
  );
  sockets[3].push(moved('b', 0));
  await until(() => sockets.length === 5, 'the socket back to /ws');
  assert.equal(sockets[4].url, 'wss://example.test/ws?game=12');
  assert.ok([Status.POLLING, Status.OFFLINE].includes(conn.status), conn.status);
  conn.close();
});
