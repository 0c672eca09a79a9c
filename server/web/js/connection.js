// Keeps one seat's view of one game in sync with the server (docs/PROTOCOL.md).
//
//   const conn = new GameConnection({ game: 12, seat: 'red', token });
//   conn.on('view', ({ view, version }) => render(view));
//   conn.start();
//   await conn.act('card', 12);  // resolves on ack, rejects with an ActionFailure
//
// A seat of an account (no token) is held by the session cookie, which the browser sends with the
// WebSocket upgrade and every HTTP request by itself; `headers` then adds its X-CSRF-Token to the
// HTTP requests (the actions sent over HTTP while the socket is down).
//
// Over the WebSocket it sends hello + join, applies patches whose `from` is the version it holds
// (checking the two-part hash of the view against the snapshot's `seat_keys`), asks for a resync
// when it sees a gap and for a fresh snapshot when a patch does not apply or its hash disagrees.
// When the socket is down it reconnects with exponential backoff and meanwhile polls
// GET /api/games/{id}/view every few seconds; actions then go through POST /api/games/{id}/actions.
//
// Several nodes (docs/PROTOCOL.md, "More than one node"): the socket opens at /ws?game={id}, which
// nginx routes by the game. A node that does not serve the game answers the join with an error
// `moved` naming the node that does: the client closes and goes straight to /node/{node}/ws?game=
// {id}; if that socket fails or closes before its welcome (the node is dead), it goes back to
// /ws?game={id} with the backoff, but no sooner than the frame's `retry_after_ms` (when the dead
// node's lease on the game runs out). HTTP requests follow the 307 answers by themselves.
//
// The game log is kept apart from the view, in `conn.log` (a GameLog: the most recent lines, by
// their number). A snapshot says how many lines the log has and drops the lines held; the `log`
// frame that follows brings the recent ones, each patch the lines its move added or took back, and
// conn.loadOlderLog() asks for older ones a page at a time (over HTTP: GET /api/games/{id}/log).
//
// It decides no rule: the view, the legal actions and the result all come from the server.
//
// Events (conn.on(type, listener) returns a function that removes the listener):
//   status     {status, detail}          one of Status below
//   view       {view, version, hash, previousVersion, source: 'snapshot'|'patch'|'http'}
//   log        {log, added, source: 'snapshot'|'patch'|'recent'|'page'|'http'}   conn.log changed
//   presence   {seats: {seat: connections}}
//   chat       {seat, text, time}
//   game_over  {version, result}
//   info       the game's record from GET /api/games/{id} (title, scenario, status, active, ...)
//   clocks     {clocks, receivedAt, source: 'socket'|'http'}   a timed game's clocks (conn.clocks;
//              null in an untimed game), `receivedAt` performance.now() when they came
//   orders     {kinds, auto_pass, passing}   a role's own standing orders (conn.orders)
//   error      {code, message, ref?, version?}   refusals not tied to an action of act()
//   warning    {code, message}                   hash mismatches, patches that did not apply, ...
//
// conn.log: {known, first, size, lines, line(n), complete}: lines [first, size) of the seat's log
// are held, `lines[i]` being line first + i; `known` is false until a snapshot or an HTTP view.
//
// Pure ES module: browser globals (WebSocket, fetch, location, timers) are read only when used,
// and can be injected through the constructor, so the module also loads and runs in Node.

import { applyPatch } from './json_patch.js';
import { viewHash } from './view_hash.js';
import { requestJson } from './http_json.js';
import { GameLog } from './game_log.js';

// The protocol version this client speaks (docs/PROTOCOL.md).
export const PROTOCOL = 3;
// Log lines asked for at once, and the most the server gives (`log.limit`).
export const LOG_PAGE = 100;
const LOG_LIMIT = 500;
// How often a page of the log is asked for again when the answer is of another version.
const LOG_RETRIES = 3;

export const Status = Object.freeze({
  IDLE: 'idle', // not started
  CONNECTING: 'connecting', // opening the WebSocket
  LIVE: 'live', // joined over the WebSocket
  POLLING: 'polling', // socket down; following the game over HTTP
  OFFLINE: 'offline', // socket down and HTTP failing too
  REFUSED: 'refused', // the server refused the seat (bad token, no such game or seat); gives up
  CLOSED: 'closed', // close() was called
});

// Join refusals that retrying cannot fix.
const FATAL_JOIN_ERRORS = new Set(['bad_token', 'unknown_game', 'unknown_seat']);
// `moved` frames followed straight to the node they name before a join succeeds; beyond that (nodes
// disagreeing for a moment), back to /ws with the backoff.
const MAX_MOVED_HOPS = 3;

export class ActionFailure extends Error {
  constructor(code, message, extra = {}) {
    super(message || code);
    this.name = 'ActionFailure';
    this.code = code;
    Object.assign(this, extra);
  }
}

function safeHash(view, seatKeys) {
  try {
    return viewHash(view, seatKeys);
  } catch {
    return null;
  }
}

const seatKeysOf = (message) => (Array.isArray(message.seat_keys) ? message.seat_keys.filter((k) => typeof k === 'string') : []);

export class GameConnection {
  constructor({
    game,
    seat = 'spectator',
    token = '',
    origin = undefined, // e.g. "https://example.org"; defaults to location.origin
    WebSocket = undefined,
    fetch = undefined,
    pollInterval = 3000,
    minBackoff = 500,
    maxBackoff = 30000,
    connectTimeout = 10000,
    pingInterval = 25000,
    pongTimeout = 10000,
    actionTimeout = 20000,
    client = 'warpath-web/1',
    headers = undefined, // extra HTTP request headers: an object, or a function returning one
  } = {}) {
    if (!Number.isInteger(game) || game <= 0) throw new TypeError('game must be a positive integer');
    this.game = game;
    this.seat = seat;
    this.token = token || '';
    this.client = client;
    this.options = { pollInterval, minBackoff, maxBackoff, connectTimeout, pingInterval, pongTimeout, actionTimeout };
    this._origin = origin;
    this._WebSocket = WebSocket;
    this._fetch = fetch;
    this._headers = headers;

    this.status = Status.IDLE;
    this.statusDetail = '';
    this.view = null;
    this.version = null;
    this.hash = null;
    this.seatKeys = []; // the view's top-level members that form its seat part (hashed apart)
    this.hashChecked = true; // false while the last snapshot's own hash could not be reproduced
    this.log = new GameLog();
    this.presence = {};
    this.result = null;
    this.info = null;
    this.chatLog = [];
    this.clocks = null; // the latest `clocks` of the server ({as_of_ms, time_control, clocks}), if timed
    this.orders = null; // the seat's own standing orders, once the server sent them (roles only)

    this._listeners = new Map();
    this._ws = null;
    this._joined = false;
    this._attempts = 0;
    this._movedHops = 0; // moved frames followed since the last join
    this._notBefore = 0; // Date.now() before which /ws is not tried again (a moved frame's retry_after_ms)
    this._timers = { reconnect: null, poll: null, connect: null, ping: null, pong: null };
    this._pollInFlight = false;
    this._pending = new Map(); // ref -> {resolve, reject, timer, log?}
    this._logRequest = null; // the page of the log being asked for: {ref, limit, tries, promise}
    this._refCounter = 0;
    this._refPrefix = Math.random().toString(36).slice(2, 8);
    this._resyncSentAt = 0;
    this._resyncFrom = null;
    this._awaitingSnapshot = false;
    this._infoVersion = null;
  }

  // ---- events ----

  on(type, listener) {
    if (!this._listeners.has(type)) this._listeners.set(type, new Set());
    this._listeners.get(type).add(listener);
    return () => this._listeners.get(type)?.delete(listener);
  }

  _emit(type, detail) {
    for (const listener of [...(this._listeners.get(type) ?? [])]) {
      try {
        listener(detail);
      } catch (e) {
        console.error(`warpath: a "${type}" listener failed`, e);
      }
    }
  }

  _setStatus(status, detail = '') {
    if (this.status === status && this.statusDetail === detail) return;
    this.status = status;
    this.statusDetail = detail;
    this._emit('status', { status, detail });
  }

  // ---- lifecycle ----

  start() {
    if (this.status !== Status.IDLE) return this;
    this._openSocket();
    this.refreshInfo();
    return this;
  }

  close() {
    this._setStatus(Status.CLOSED);
    this._shutdown();
  }

  // Try the WebSocket again now (after the page becomes visible or the network comes back).
  reconnectNow() {
    if (this._stopped() || this._ws || Date.now() < this._notBefore) return;
    this._clearTimer('reconnect');
    this._attempts = 0;
    this._openSocket();
  }

  get live() {
    return this.status === Status.LIVE;
  }

  // The legal actions of the view held now: {verb: true | [arg, ...]}.
  get actions() {
    const actions = this.view && typeof this.view === 'object' ? this.view.actions : null;
    return actions && typeof actions === 'object' && !Array.isArray(actions) ? actions : {};
  }

  _stopped() {
    return this.status === Status.CLOSED || this.status === Status.REFUSED;
  }

  _shutdown() {
    for (const name of Object.keys(this._timers)) this._clearTimer(name);
    const ws = this._ws;
    this._ws = null;
    this._joined = false;
    if (ws) this._detach(ws, true);
    this._failPending('closed', 'the connection was closed');
  }

  _clearTimer(name) {
    const timer = this._timers[name];
    if (timer === null) return;
    clearTimeout(timer);
    clearInterval(timer);
    this._timers[name] = null;
  }

  _originUrl() {
    return (this._origin ?? globalThis.location.origin).replace(/\/+$/, '');
  }

  // ---- WebSocket ----

  // `node`: open it at that node (/node/{node}/ws, after a `moved` frame), else where nginx routes.
  _openSocket(node = null) {
    if (this._stopped()) return;
    const WS = this._WebSocket ?? globalThis.WebSocket;
    const prefix = node === null ? '' : `/node/${encodeURIComponent(node)}`;
    const url = `${this._originUrl().replace(/^http/, 'ws')}${prefix}/ws?game=${this.game}`;
    let ws;
    try {
      if (!WS) throw new Error('this browser has no WebSocket');
      ws = new WS(url);
    } catch (e) {
      this._socketDown(`cannot open ${url}: ${e.message}`);
      return;
    }
    this._ws = ws;
    this._joined = false;
    if (this.status !== Status.POLLING && this.status !== Status.OFFLINE) this._setStatus(Status.CONNECTING);
    this._timers.connect = setTimeout(() => this._dropSocket(ws, 'the server did not answer in time'), this.options.connectTimeout);
    ws.onopen = () => {
      if (this._ws !== ws) return;
      const hello = { type: 'hello', client: this.client };
      if (this.token) hello.token = this.token;
      this._send(hello);
      this._send({ type: 'join', game: this.game, seat: this.seat });
    };
    ws.onmessage = (event) => {
      if (this._ws !== ws) return;
      let message;
      try {
        const data = typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data);
        message = JSON.parse(data);
      } catch {
        this._emit('warning', { code: 'bad_frame', message: 'the server sent a frame that is not JSON' });
        return;
      }
      this._onMessage(message);
    };
    ws.onerror = () => {}; // a close event follows
    ws.onclose = (event) => {
      if (this._ws !== ws) return;
      this._ws = null;
      this._socketDown(event && event.code ? `closed (${event.code}${event.reason ? ': ' + event.reason : ''})` : 'closed');
    };
  }

  _detach(ws, close) {
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    if (close) {
      try {
        ws.close();
      } catch {
        // already closed
      }
    }
  }

  // Gives up on a socket that is not answering (no close event may come for a long time).
  _dropSocket(ws, why) {
    if (this._ws !== ws) return;
    this._ws = null;
    this._detach(ws, true);
    this._socketDown(why);
  }

  _socketDown(why) {
    this._joined = false;
    this._clearTimer('connect');
    this._clearTimer('ping');
    this._clearTimer('pong');
    this._failPending('disconnected', 'the connection dropped before the server answered; check the game state');
    if (this._stopped()) return;
    if (this.status !== Status.OFFLINE) this._setStatus(Status.POLLING, why);
    this._startPolling();
    const { minBackoff, maxBackoff } = this.options;
    const base = Math.min(maxBackoff, minBackoff * 2 ** Math.min(this._attempts, 16));
    const delay = Math.max(Math.round(base / 2 + (Math.random() * base) / 2), this._notBefore - Date.now());
    this._attempts += 1;
    this._clearTimer('reconnect');
    // A timer may fire a little before its delay has passed by the wall clock (timers count from
    // the event loop's cached time): until `_notBefore` it waits out the rest.
    const reconnect = () => {
      const early = this._notBefore - Date.now();
      if (early > 0) {
        this._timers.reconnect = setTimeout(reconnect, early);
        return;
      }
      this._timers.reconnect = null;
      this._openSocket();
    };
    this._timers.reconnect = setTimeout(reconnect, delay);
  }

  _send(message) {
    const ws = this._ws;
    if (!ws || ws.readyState !== 1) return false;
    try {
      ws.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  _schedulePing() {
    this._clearTimer('ping');
    this._timers.ping = setTimeout(() => {
      this._timers.ping = null;
      const ws = this._ws;
      if (!ws || !this._send({ type: 'ping', ref: 'ping' })) return;
      this._timers.pong = setTimeout(() => this._dropSocket(ws, 'the server stopped answering'), this.options.pongTimeout);
    }, this.options.pingInterval);
  }

  _onMessage(message) {
    if (!message || typeof message !== 'object') return;
    // Anything from the server shows the socket is alive.
    if (this._joined) {
      this._clearTimer('pong');
      this._schedulePing();
    }
    switch (message.type) {
      case 'welcome':
        this._clearTimer('connect');
        this._notBefore = 0; // a node answered: no dead node's lease to wait for
        if (message.protocol !== PROTOCOL)
          this._emit('warning', { code: 'protocol', message: `the server speaks protocol ${message.protocol}, this page ${PROTOCOL}` });
        break;
      case 'snapshot':
        this._onSnapshot(message);
        break;
      case 'patch':
        this._onPatch(message);
        // The patch of our own action carries its ref and answers it (no `ack` follows), even
        // when it could not be applied here and a resync is on its way.
        if (typeof message.ref === 'string' && message.game === this.game)
          this._settle(message.ref, (p) => p.resolve({ version: message.to }));
        break;
      case 'log':
        this._onLogFrame(message);
        break;
      case 'ack':
        this._settle(message.ref, (p) => p.resolve({ version: message.version }));
        break;
      case 'error':
        this._onError(message);
        break;
      case 'presence':
        if (message.game === this.game && message.seats && typeof message.seats === 'object') {
          this.presence = message.seats;
          this._emit('presence', { seats: this.presence });
        }
        break;
      case 'chat':
        if (message.game === this.game) {
          const line = { seat: message.seat, text: message.text, time: message.time };
          this.chatLog.push(line);
          if (this.chatLog.length > 500) this.chatLog.shift();
          this._emit('chat', line);
        }
        break;
      case 'game_over':
        if (message.game === this.game) this._setResult(message.version, message.result);
        break;
      case 'clocks':
        if (message.game === this.game) this._setClocks(message.clocks, 'socket');
        break;
      case 'pong':
        this._clearTimer('pong');
        break;
      case 'orders':
        if (message.game === this.game && message.seat === this.seat) this._takeOrders(message);
        break;
      default:
        break; // a newer server; ignore what we do not know
    }
  }

  _onSnapshot(message) {
    if (message.game !== this.game || message.seat !== this.seat) return;
    this._clearTimer('connect');
    const wasLive = this._joined;
    this._joined = true;
    this._attempts = 0;
    this._movedHops = 0;
    this._stopPolling();
    this._setStatus(Status.LIVE);
    this._schedulePing();
    this._acceptView(message.view, message.version, message.hash, seatKeysOf(message), 'snapshot');
    // The lines held are dropped; the recent ones come in the `log` frame that follows.
    this._dropLogRequest();
    this._resetLog(message.log_size, 'snapshot');
    if (!wasLive) this.refreshInfo();
  }

  _onPatch(message) {
    if (message.game !== this.game || message.seat !== this.seat) return;
    if (this.version === null || this._awaitingSnapshot) return;
    if (message.to <= this.version) return; // already held (a resync repeats patches)
    if (message.from !== this.version) {
      this._requestResync();
      return;
    }
    let next;
    try {
      next = applyPatch(this.view, message.ops);
    } catch (e) {
      this._requestSnapshot('patch_failed', `patch ${message.from}→${message.to} did not apply: ${e.message}`);
      return;
    }
    if (this.hashChecked && safeHash(next, this.seatKeys) !== message.hash) {
      this._requestSnapshot('hash_mismatch', `the view after patch ${message.from}→${message.to} fails its hash`);
      return;
    }
    const change = message.log;
    if (change !== undefined && (!change || !Number.isInteger(change.keep) || change.keep < 0 || !Array.isArray(change.lines))) {
      this._requestSnapshot('patch_failed', `patch ${message.from}→${message.to} has a malformed log change`);
      return;
    }
    const previousVersion = this.version;
    this.view = next;
    this.version = message.to;
    this.hash = message.hash;
    this._resyncFrom = null;
    this._emit('view', { view: next, version: this.version, hash: this.hash, previousVersion, source: 'patch' });
    if (change !== undefined) {
      if (!this.log.apply(change))
        this._emit('warning', { code: 'log_gap', message: `patch ${message.from}→${message.to} keeps log lines this page never had` });
      this._emit('log', { log: this.log, added: change.lines.length, source: 'patch' });
    }
  }

  _acceptView(view, version, hash, seatKeys, source) {
    this._awaitingSnapshot = false;
    this._resyncFrom = null;
    const sameKeys = seatKeys.length === this.seatKeys.length && seatKeys.every((k, i) => k === this.seatKeys[i]);
    this.seatKeys = seatKeys;
    if (version === this.version && hash === this.hash && sameKeys) return;
    const computed = safeHash(view, seatKeys);
    this.hashChecked = computed === hash;
    if (!this.hashChecked)
      this._emit('warning', {
        code: 'hash_unverifiable',
        message: `the hash of the view at version ${version} cannot be reproduced here; patches will not be checked`,
      });
    const previousVersion = this.version;
    this.view = view;
    this.version = version;
    this.hash = hash;
    this._emit('view', { view, version, hash, previousVersion, source });
  }

  // A gap in the patches: ask for the ones missed, at most once per held version every 5 s.
  _requestResync() {
    const now = Date.now();
    if (this._resyncFrom === this.version && now - this._resyncSentAt < 5000) return;
    if (this._send({ type: 'resync', game: this.game, version: this.version })) {
      this._resyncFrom = this.version;
      this._resyncSentAt = now;
    }
  }

  // The view held is wrong: get a whole new one. A resync from the version held would only send
  // the same patch again, so re-join (which always answers with a snapshot) or poll.
  _requestSnapshot(code, message) {
    this._emit('warning', { code, message });
    if (this._joined && this._send({ type: 'join', game: this.game, seat: this.seat })) {
      this._awaitingSnapshot = true;
    } else {
      this._poll();
    }
  }

  _onError(message) {
    if (message.code === 'moved' && message.game === this.game) {
      this._onMoved(message);
      return;
    }
    if (message.ref && this._pending.has(message.ref)) {
      this._settle(message.ref, (p) =>
        p.reject(new ActionFailure(message.code, message.message, { version: message.version })),
      );
      return;
    }
    if (message.game !== undefined && message.game !== this.game) return;
    if (!this._joined && FATAL_JOIN_ERRORS.has(message.code)) {
      this._refuse(message.code, message.message);
      return;
    }
    this._emit('error', { code: message.code, message: message.message, ref: message.ref, version: message.version });
  }

  // Another node serves the game: drop this socket and open one at that node, unless too many
  // moves were followed without a join (then the backoff, as for a dropped socket).
  _onMoved(message) {
    const node = typeof message.node === 'string' && message.node !== '' ? message.node : null;
    const wait = Number.isInteger(message.retry_after_ms) && message.retry_after_ms > 0 ? message.retry_after_ms : 0;
    this._notBefore = Date.now() + wait;
    if (message.ref && this._pending.has(message.ref))
      this._settle(message.ref, (p) => p.reject(new ActionFailure('moved', message.message, { node })));
    const ws = this._ws;
    this._ws = null;
    if (ws) this._detach(ws, true);
    this._movedHops += 1;
    const why = `the game moved to node ${node ?? '?'}`;
    if (node === null || this._movedHops > MAX_MOVED_HOPS) {
      this._socketDown(why);
      return;
    }
    this._joined = false;
    for (const name of ['connect', 'ping', 'pong', 'reconnect']) this._clearTimer(name);
    this._failPending('disconnected', `${why} before the server answered; check the game state`);
    this._openSocket(node);
  }

  // ---- the log ----

  // The log has `size` lines at the version now held, none of them held.
  _resetLog(size, source) {
    if (Number.isInteger(size) && size >= 0) this.log.reset(size);
    else this.log = new GameLog(); // a server that does not say: no log
    this._emit('log', { log: this.log, added: 0, source });
  }

  // Asks for up to `limit` (1 to 500) of the log lines before the oldest one held: over the
  // WebSocket a `log` message, else GET /api/games/{id}/log. Resolves with the number of lines
  // added to conn.log (0 when there is nothing older, or the answer could not be used), rejects
  // with an ActionFailure. One page at a time: asking again meanwhile gets the same promise.
  loadOlderLog(limit = LOG_PAGE) {
    if (this._stopped()) return Promise.reject(new ActionFailure('closed', 'the connection is closed'));
    if (this._logRequest) return this._logRequest.promise;
    if (!this.log.known || this.log.first === 0) return Promise.resolve(0);
    const request = { ref: null, limit: Math.max(1, Math.min(LOG_LIMIT, Math.floor(limit) || LOG_PAGE)), tries: 0, promise: null };
    this._logRequest = request;
    const asked = this._joined ? this._logOverSocket(request) : this._logOverHttp(request);
    request.promise = asked.finally(() => {
      if (this._logRequest === request) this._logRequest = null;
    });
    return request.promise;
  }

  // Forgets the page being asked for (its answer would be of a log since dropped).
  _dropLogRequest() {
    const request = this._logRequest;
    this._logRequest = null;
    if (request && request.ref) this._settle(request.ref, (p) => p.resolve(0));
  }

  _sendLogRequest(request) {
    return this._send({ type: 'log', game: this.game, before: this.log.first, limit: request.limit, ref: request.ref });
  }

  _logOverSocket(request) {
    request.ref = this._nextRef();
    const ref = request.ref;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this._settle(ref, (p) => p.reject(new ActionFailure('timeout', 'the server did not answer in time'))),
        this.options.actionTimeout,
      );
      this._pending.set(ref, { resolve, reject, timer, log: request });
      if (!this._sendLogRequest(request))
        this._settle(ref, (p) => p.reject(new ActionFailure('disconnected', 'the connection is down; try again')));
    });
  }

  // A `log` frame: the recent lines after a snapshot (ref ""), or a page asked for.
  _onLogFrame(message) {
    if (message.game !== this.game || message.seat !== this.seat) return;
    const ref = typeof message.ref === 'string' ? message.ref : '';
    const pending = ref ? this._pending.get(ref) : undefined;
    if (ref && !(pending && pending.log)) return; // the answer to a request given up
    if (message.version !== this.version) {
      // Lines of another version than the view held: ask again, unless a snapshot (which brings
      // the recent lines anew) is on its way.
      if (pending) {
        const request = pending.log;
        if (!this._awaitingSnapshot && request.tries < LOG_RETRIES && this._sendLogRequest(request)) request.tries += 1;
        else this._settle(ref, (p) => p.resolve(0));
      } else if (!ref && !this._awaitingSnapshot && this.log.known && this.log.first > 0 && this.log.lines.length < LOG_PAGE) {
        this.loadOlderLog().catch(() => {});
      }
      return;
    }
    const added = this._takeLogPage(message, ref ? 'page' : 'recent');
    if (pending) this._settle(ref, (p) => p.resolve(added));
  }

  // Lines [from, from + lines.length) of the log at the version held.
  _takeLogPage(page, source) {
    const { from, lines, log_size: size } = page;
    if (!Number.isInteger(from) || from < 0 || !Array.isArray(lines) || !Number.isInteger(size) || size < 0) {
      this._emit('warning', { code: 'bad_log', message: 'the server sent a malformed page of the log' });
      return 0;
    }
    let reset = false;
    if (!this.log.known || size !== this.log.size) {
      if (this.log.known)
        this._emit('warning', { code: 'log_mismatch', message: `the log at version ${this.version} has ${size} lines, not ${this.log.size}` });
      this.log.reset(size); // the server's word is the newer one
      reset = true;
    }
    const added = this.log.merge(from, lines);
    if (added > 0 || reset) this._emit('log', { log: this.log, added, source });
    return added;
  }

  async _logOverHttp(request) {
    const data = await this._http('GET', `/api/games/${this.game}/log?before=${this.log.first}&limit=${request.limit}`);
    return this._takeHttpLog(data, 'page');
  }

  // The recent lines of the log of the view just polled.
  async _recentLogOverHttp() {
    try {
      const data = await this._http('GET', `/api/games/${this.game}/log?before=${this.log.size}&limit=${LOG_PAGE}`);
      this._takeHttpLog(data, 'recent');
    } catch {
      // the next poll tries again
    }
  }

  _takeHttpLog(data, source) {
    if (this._stopped() || this._joined || !data || typeof data !== 'object' || (data.seat ?? this.seat) !== this.seat) return 0;
    if (data.version !== this.version) {
      // The game moved on since the view held: poll it (which asks for its log again).
      if (Number.isInteger(data.version) && data.version > this.version) this._poll();
      return 0;
    }
    return this._takeLogPage(data, source);
  }

  _refuse(code, message) {
    this._setStatus(Status.REFUSED, message || code);
    this._emit('error', { code, message });
    this._shutdown();
  }

  // The clocks of a frame or an HTTP answer (null: an untimed game).
  _setClocks(clocks, source) {
    this.clocks = clocks && typeof clocks === 'object' ? clocks : null;
    const now = globalThis.performance && typeof globalThis.performance.now === 'function' ? globalThis.performance.now() : Date.now();
    this._emit('clocks', { clocks: this.clocks, receivedAt: now, source });
  }

  _setResult(version, result) {
    if (!result || (this.result && JSON.stringify(this.result) === JSON.stringify(result))) return;
    this.result = result;
    this._emit('game_over', { version, result });
  }

  // ---- HTTP ----

  async _http(method, path, body) {
    const reply = await requestJson(this._fetch ?? globalThis.fetch, this._originUrl() + path, {
      method,
      body,
      token: this.token,
      timeoutMs: 15000,
      headers: (typeof this._headers === 'function' ? this._headers() : this._headers) ?? {},
    });
    if (reply.error)
      throw new ActionFailure(reply.error.code, reply.error.message, { status: reply.status, version: reply.error.version });
    return reply.data;
  }

  _startPolling() {
    if (this._timers.poll !== null) return;
    this._poll();
    this._timers.poll = setInterval(() => this._poll(), this.options.pollInterval);
  }

  _stopPolling() {
    this._clearTimer('poll');
  }

  async _poll() {
    if (this._pollInFlight || this._stopped()) return;
    this._pollInFlight = true;
    try {
      const data = await this._http('GET', `/api/games/${this.game}/view`);
      if (this._stopped()) return;
      if (!this._acceptHttpView(data)) return;
      if (!this._joined) this._setStatus(Status.POLLING, this.statusDetail);
    } catch (e) {
      if (this._stopped()) return;
      if (e instanceof ActionFailure && FATAL_JOIN_ERRORS.has(e.code)) return this._refuse(e.code, e.message);
      if (!this._joined) this._setStatus(Status.OFFLINE, e.message);
    } finally {
      this._pollInFlight = false;
    }
  }

  _acceptHttpView(data) {
    if (!data || typeof data !== 'object') return false;
    const seat = data.seat ?? this.seat;
    if (seat !== this.seat) {
      this._refuse('bad_token', `this token holds seat "${seat}", not "${this.seat}"`);
      return false;
    }
    if (data.orders) this._takeOrders(data.orders);
    if (this._joined) return true; // the socket came back meanwhile; it is authoritative
    const before = this.version;
    this._acceptView(data.view, data.version, data.hash, seatKeysOf(data), 'http');
    if ('clocks' in data || this.clocks !== null) this._setClocks(data.clocks ?? null, 'http');
    if (this.version !== before || (!this.log.known && Number.isInteger(data.log_size))) {
      // Which lines a move added or took back is not said over HTTP: start the log again.
      this._dropLogRequest();
      this._resetLog(data.log_size, 'http');
      if (this.log.known && this.log.size > 0) this._recentLogOverHttp();
    }
    if (this.version !== before) this.refreshInfo();
    return true;
  }

  // Loads the game's record (title, scenario, status, whose turn, result) and emits `info`.
  async refreshInfo() {
    try {
      const info = await this._http('GET', `/api/games/${this.game}`);
      if (this._stopped() && this.status !== Status.REFUSED) return null;
      this.info = info;
      this._emit('info', info);
      if (info && info.status === 'over' && info.result) this._setResult(info.version, info.result);
      return info;
    } catch (e) {
      if (e instanceof ActionFailure && e.code === 'unknown_game') this._refuse(e.code, e.message);
      return null;
    }
  }

  // ---- actions and chat ----

  _nextRef() {
    this._refCounter += 1;
    return `${this._refPrefix}-${this._refCounter}`;
  }

  _settle(ref, how) {
    const pending = this._pending.get(ref);
    if (!pending) return;
    this._pending.delete(ref);
    clearTimeout(pending.timer);
    how(pending);
  }

  _failPending(code, message) {
    for (const ref of [...this._pending.keys()]) this._settle(ref, (p) => p.reject(new ActionFailure(code, message)));
  }

  // Sends one action ({verb, arg} with arg null for `verb: true`) on the version held. Resolves
  // with {version} once the server has committed it (its patch is then already applied), rejects
  // with an ActionFailure carrying the server's error code.
  act(verb, arg = null) {
    if (this._stopped()) return Promise.reject(new ActionFailure('closed', 'the connection is closed'));
    if (this.version === null) return Promise.reject(new ActionFailure('not_ready', 'the game has not loaded yet'));
    if (this._joined) return this._actOverSocket(verb, arg);
    return this._actOverHttp(verb, arg);
  }

  undo() {
    return this.act('undo', null);
  }

  _actOverSocket(verb, arg) {
    const ref = this._nextRef();
    const message =
      verb === 'undo'
        ? { type: 'undo', game: this.game, version: this.version, ref }
        : { type: 'action', game: this.game, version: this.version, verb, arg, ref };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this._settle(ref, (p) => p.reject(new ActionFailure('timeout', 'the server did not answer in time'))),
        this.options.actionTimeout,
      );
      this._pending.set(ref, { resolve, reject, timer });
      if (!this._send(message))
        this._settle(ref, (p) => p.reject(new ActionFailure('disconnected', 'the connection is down; try again')));
    });
  }

  async _actOverHttp(verb, arg) {
    try {
      const data = await this._http('POST', `/api/games/${this.game}/actions`, { version: this.version, verb, arg });
      this._acceptHttpView(data);
      return { version: data.version };
    } catch (e) {
      if (e instanceof ActionFailure && e.version !== undefined && e.version !== this.version) this._poll();
      if (e instanceof ActionFailure) throw e;
      throw new ActionFailure('offline', e.message);
    }
  }

  // ---- standing orders (docs/PROTOCOL.md), over HTTP whether or not the socket is up ----

  _takeOrders(orders) {
    if (!orders || !Array.isArray(orders.kinds) || !Array.isArray(orders.auto_pass) || !Array.isArray(orders.passing)) return;
    this.orders = { kinds: orders.kinds, auto_pass: orders.auto_pass, passing: orders.passing };
    this._emit('orders', this.orders);
  }

  // "Pass for this move / action_phase / season" in the response window the view shows: the
  // server stores it, then passes this window and the seat's next ones of that period.
  async passFor(scope) {
    const data = await this._http('POST', `/api/games/${this.game}/pass`, { version: this.version, scope });
    this._takeOrders(data.orders);
    return data;
  }

  // Replaces the kinds of window passed until changed; with `cancelPassing`, also ends a "pass
  // for this move / action phase / season" before its period does.
  async setAutoPass(kinds, cancelPassing = false) {
    const body = cancelPassing ? { auto_pass: kinds, cancel_passing: true } : { auto_pass: kinds };
    const data = await this._http('PUT', `/api/games/${this.game}/orders`, body);
    this._takeOrders(data.orders);
    return data;
  }

  // Sends a chat line (WebSocket only: there is no HTTP chat). Returns false when it cannot.
  chat(text) {
    if (!this._joined || typeof text !== 'string' || text.trim() === '') return false;
    return this._send({ type: 'chat', game: this.game, text });
  }
}
