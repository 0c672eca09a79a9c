// Keeps one seat's view of one game in sync with the server (docs/PROTOCOL.md).
//
//   const conn = new GameConnection({ game: 12, seat: 'red', token });
//   conn.on('view', ({ view, version }) => render(view));
//   conn.start();
//   await conn.act('card', 12);  // resolves on ack, rejects with an ActionFailure
//
// Over the WebSocket it sends hello + join, applies patches whose `from` is the version it holds
// (checking the hash), asks for a resync when it sees a gap and for a fresh snapshot when a patch
// does not apply or its hash disagrees. When the socket is down it reconnects with exponential
// backoff and meanwhile polls GET /api/games/{id}/view every few seconds; actions then go through
// POST /api/games/{id}/actions.
//
// It decides no rule: the view, the legal actions and the result all come from the server.
//
// Events (conn.on(type, listener) returns a function that removes the listener):
//   status     {status, detail}          one of Status below
//   view       {view, version, hash, previousVersion, source: 'snapshot'|'patch'|'http'}
//   presence   {seats: {seat: connections}}
//   chat       {seat, text, time}
//   game_over  {version, result}
//   info       the game's record from GET /api/games/{id} (title, scenario, status, active, ...)
//   error      {code, message, ref?, version?}   refusals not tied to an action of act()
//   warning    {code, message}                   hash mismatches, patches that did not apply, ...
//
// Pure ES module: browser globals (WebSocket, fetch, location, timers) are read only when used,
// and can be injected through the constructor, so the module also loads and runs in Node.

import { applyPatch } from './json_patch.js';
import { viewHash } from './view_hash.js';
import { requestJson } from './http_json.js';

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

export class ActionFailure extends Error {
  constructor(code, message, extra = {}) {
    super(message || code);
    this.name = 'ActionFailure';
    this.code = code;
    Object.assign(this, extra);
  }
}

function safeHash(view) {
  try {
    return viewHash(view);
  } catch {
    return null;
  }
}

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

    this.status = Status.IDLE;
    this.statusDetail = '';
    this.view = null;
    this.version = null;
    this.hash = null;
    this.hashChecked = true; // false while the last snapshot's own hash could not be reproduced
    this.presence = {};
    this.result = null;
    this.info = null;
    this.chatLog = [];

    this._listeners = new Map();
    this._ws = null;
    this._joined = false;
    this._attempts = 0;
    this._timers = { reconnect: null, poll: null, connect: null, ping: null, pong: null };
    this._pollInFlight = false;
    this._pending = new Map(); // ref -> {resolve, reject, timer}
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
    if (this._stopped() || this._ws) return;
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

  _openSocket() {
    if (this._stopped()) return;
    const WS = this._WebSocket ?? globalThis.WebSocket;
    const url = this._originUrl().replace(/^http/, 'ws') + '/ws';
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
    const delay = Math.round(base / 2 + (Math.random() * base) / 2);
    this._attempts += 1;
    this._clearTimer('reconnect');
    this._timers.reconnect = setTimeout(() => {
      this._timers.reconnect = null;
      this._openSocket();
    }, delay);
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
        break;
      case 'snapshot':
        this._onSnapshot(message);
        break;
      case 'patch':
        this._onPatch(message);
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
      case 'pong':
        this._clearTimer('pong');
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
    this._stopPolling();
    this._setStatus(Status.LIVE);
    this._schedulePing();
    this._acceptView(message.view, message.version, message.hash, 'snapshot');
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
    if (this.hashChecked && safeHash(next) !== message.hash) {
      this._requestSnapshot('hash_mismatch', `the view after patch ${message.from}→${message.to} fails its hash`);
      return;
    }
    const previousVersion = this.version;
    this.view = next;
    this.version = message.to;
    this.hash = message.hash;
    this._resyncFrom = null;
    this._emit('view', { view: next, version: this.version, hash: this.hash, previousVersion, source: 'patch' });
  }

  _acceptView(view, version, hash, source) {
    this._awaitingSnapshot = false;
    this._resyncFrom = null;
    if (version === this.version && hash === this.hash) return;
    const computed = safeHash(view);
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

  _refuse(code, message) {
    this._setStatus(Status.REFUSED, message || code);
    this._emit('error', { code, message });
    this._shutdown();
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
    if (this._joined) return true; // the socket came back meanwhile; it is authoritative
    const before = this.version;
    this._acceptView(data.view, data.version, data.hash, 'http');
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

  // Sends a chat line (WebSocket only: there is no HTTP chat). Returns false when it cannot.
  chat(text) {
    if (!this._joined || typeof text !== 'string' || text.trim() === '') return false;
    return this._send({ type: 'chat', game: this.game, text });
  }
}
