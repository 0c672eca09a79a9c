// A choice that arrives after the game moved on: the French page's WebSocket is held back (the
// server's frames kept from the page) while a French move is made over HTTP, so the page still
// shows the old position when its player clicks; the refusal says in words that the game moved on,
// stays while the page catches up, and is gone once the game moves past it.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { apiJson, browserTestHooks, clickAction, waitForPages } from './server.mjs';

const TIMEOUT = 15000;
let server;
let browser;
let game;
browserTestHooks(11, (fixture) => ({ server, browser, game } = fixture));

// One legal action of the seat now, with an argument (a target the page shows), not one that
// rolls or draws (no confirmation needed).
async function someAction(seat) {
  const { view } = await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[seat] });
  const risky = new Set(Object.keys(view.confirm ?? {}));
  for (const [verb, args] of Object.entries(view.actions))
    if (Array.isArray(args) && args.length > 0 && verb !== 'undo' && !risky.has(verb)) return { verb, arg: args[0] };
  throw new Error(`${seat} has no action with an argument`);
}

async function moveOverHttp() {
  const status = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
  const seat = status.active[0];
  const { verb, arg } = await someAction(seat);
  await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, {
    token: game.seats[seat],
    body: { version: status.version, verb, arg },
  });
  return status.version + 1;
}

test('a stale choice is refused in words and its notice goes once the game moves past it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  let holding = false;
  const held = [];
  let toPage = null;
  await context.routeWebSocket(/\/ws/, (ws) => {
    const upstream = ws.connectToServer();
    toPage = ws;
    upstream.onMessage((message) => (holding ? held.push(message) : ws.send(message)));
    ws.onMessage((message) => upstream.send(message));
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(game.links.french);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await waitForPages({ french: page }, 0, TIMEOUT);
  const { verb, arg } = await someAction('french');

  holding = true;
  const v1 = await moveOverHttp();
  await clickAction(page, verb, arg, TIMEOUT);
  await page.waitForTimeout(300); // the refusal and the catch-up reach the proxy, held
  holding = false;
  for (const message of held.splice(0)) toPage.send(message);

  const notice = page.locator('#notice');
  await notice.filter({ hasText: 'the game moved on before your choice arrived' }).waitFor({ timeout: TIMEOUT });
  await waitForPages({ french: page }, v1, TIMEOUT);
  assert.equal(await notice.isVisible(), true, 'the refusal stays while the page shows the position it was refused in');
  assert.doesNotMatch(await notice.textContent(), /stale_version|version \d/, 'no raw codes or versions');

  const v2 = await moveOverHttp();
  await waitForPages({ french: page }, v2, TIMEOUT);
  await notice.waitFor({ state: 'hidden', timeout: TIMEOUT });
  await context.close();
});
