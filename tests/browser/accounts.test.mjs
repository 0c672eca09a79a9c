// Accounts and the lobby in a real browser, two users in two browser contexts (two cookie jars):
// Alice signs up on the account page, opens the verification link of the mail the server wrote
// to its --mail-dir folder, and the page says her address is verified. She proposes two Annus
// Mirabilis games in the lobby, playing the French in both; Bob signs up, finds them under "Open
// games" (with the scenario filter) and joins both as the British. Both open the first game from
// "My games"; Alice plays one move by clicks (a card to activate, then "done"), which hands the
// turn to Bob: the header counters (2 → 1 for her, 0 → 1 for him) and the order of "My games"
// (the games waiting for one's move first) change for both. Bob resigns; Alice asks for a rematch
// with the sides swapped from the game page; Bob accepts the invitation in the lobby, and the new
// game has Bob as the French and Alice as the British.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, BINARY, WEB_ROOT, launchBrowser, startServer, clickAction } from './server.mjs';

const TIMEOUT = 15000;
// The account bar asks for the account's games every 15 s, and at once after a turn changes.
const REFRESH_TIMEOUT = 25000;
const PASSWORD = 'a long enough password';

let server;
let browser;
let mailDir;
const pageErrors = [];
const dialogs = [];

before(async () => {
  assert.ok(fs.existsSync(BINARY), `no warpath binary at ${BINARY}`);
  server = await startServer({
    binary: BINARY,
    webRoot: WEB_ROOT,
    args: (dir) => {
      mailDir = path.join(dir, 'mail');
      fs.mkdirSync(mailDir);
      return ['--mail-dir', mailDir];
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function newUser(name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.origin });
  const page = await newPage(context, name);
  return { name, context, page };
}

async function newPage(context, name) {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`[${name}] ${e.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push({ name, message: dialog.message() });
    dialog.accept();
  });
  return page;
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `accounts-${name}.png`), fullPage: true });
}

// A request with the user's cookies (the browser context's), for checking what the pages show.
async function asUser(user, target) {
  const res = await user.context.request.get(target);
  assert.ok(res.ok(), `GET ${target} as ${user.name} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

// ---- mails ----

// The text of a mail: its headers, and its body decoded by its Content-Transfer-Encoding
// (quoted-printable, base64, or as it is).
function mailText(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).trim();
  const encoding = (/^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1] ?? '').toLowerCase();
  if (encoding === 'quoted-printable')
    return `${head}\n\n${body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))}`;
  if (encoding === 'base64') return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  return raw;
}

// Waits for a mail to `address` in the mail folder whose text matches `pattern`; the match.
async function waitForMail(address, pattern, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  let seen = [];
  for (;;) {
    seen = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of seen) {
      const text = mailText(fs.readFileSync(path.join(mailDir, file), 'utf8'));
      const to = /^To:.*$/im.exec(text);
      if (!to || !to[0].toLowerCase().includes(address.toLowerCase())) continue;
      const m = pattern.exec(text);
      if (m) return m;
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${address} matching ${pattern} in ${mailDir} within ${timeout} ms (files: ${seen.join(', ') || 'none'})\n${server.logTail()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---- pages ----

async function signUp(user, email) {
  const { page } = user;
  await page.goto('/account.html#signup');
  await page.locator('#signup-form').waitFor({ timeout: TIMEOUT });
  await page.fill('#signup-name', user.name);
  await page.fill('#signup-email', email);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-submit');
  await page
    .locator('#account-notice', { hasText: `Welcome, ${user.name}!` })
    .waitFor({ timeout: TIMEOUT })
    .catch(async (e) => {
      throw new Error(`${user.name}'s sign-up did not succeed: "${await page.locator('#signup-error').textContent()}" (${e.message})`);
    });
  await page.locator('#account-name', { hasText: user.name }).waitFor({ timeout: TIMEOUT });
  assert.equal(await page.locator('#me-verified').textContent(), 'not verified');
  assert.equal(await page.locator('#resend-verification').isVisible(), true, 'an unverified account may ask for the link again');
}

async function turnCount(page) {
  return Number(await page.locator('#turn-count').getAttribute('data-count'));
}

async function waitForTurnCount(user, page, count) {
  await page
    .locator(`#turn-count[data-count="${count}"]`)
    .waitFor({ timeout: REFRESH_TIMEOUT })
    .catch(async (e) => {
      throw new Error(`${user.name}'s header never counted ${count} games waiting (it shows ${await turnCount(page)}): ${e.message}`);
    });
}

// The games of "My games" in the lobby: [{id, myTurn, role}] in the order shown.
async function shownGames(page) {
  return page.locator('#account-games li.account-game').evaluateAll((items) =>
    items.map((li) => ({ id: Number(li.dataset.game), myTurn: li.dataset.myTurn === 'yes', role: li.dataset.role })),
  );
}

// Waits until the lobby's "My games" lists these games ({id, myTurn}) in this order, and checks
// that it is the server's order.
async function waitForMyGames(user, page, expected) {
  const want = JSON.stringify(expected);
  try {
    await page.waitForFunction(
      (json) => {
        const items = [...document.querySelectorAll('#account-games li.account-game')];
        return JSON.stringify(items.map((li) => ({ id: Number(li.dataset.game), myTurn: li.dataset.myTurn === 'yes' }))) === json;
      },
      want,
      { timeout: REFRESH_TIMEOUT },
    );
  } catch (e) {
    throw new Error(`${user.name}'s "My games" never showed ${want}; it shows ${JSON.stringify(await shownGames(page))} (${e.message})`);
  }
  const server = await asUser(user, '/api/my/games');
  assert.deepEqual(
    (await shownGames(page)).map((g) => g.id),
    server.games.map((g) => g.id),
    `${user.name}'s "My games" is in the server's order`,
  );
}

async function proposeGame(page, seat) {
  const before = await page.locator('#created').getAttribute('data-listing');
  await page.locator('#create-mode').waitFor({ timeout: TIMEOUT });
  await page.locator('#title option[value="wilderness-war"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  await page.selectOption('#title', 'wilderness-war');
  await page.selectOption('#scenario', 'annus_mirabilis');
  await page.check('#mode-lobby');
  assert.equal(await page.locator('#seed-row').isVisible(), false, 'no seed for a lobby game');
  await page.selectOption('#listing-seat', seat);
  await page.click('#create');
  const created = page.locator(`#created:not([hidden])`);
  await page
    .waitForFunction((old) => {
      const panel = document.getElementById('created');
      return !panel.hidden && panel.dataset.listing && panel.dataset.listing !== old;
    }, before, { timeout: TIMEOUT })
    .catch(async (e) => {
      throw new Error(`the game was not proposed: "${await page.locator('#create-error').textContent()}" (${e.message})`);
    });
  assert.match(await created.textContent(), /Wilderness War — Annus Mirabilis/);
  return Number(await created.getAttribute('data-listing'));
}

async function openFromMyGames(user, page, gameId, role) {
  await page.goto('/');
  const link = page.locator(`#account-games li.account-game[data-game="${gameId}"] a.open-game`);
  await link.waitFor({ timeout: TIMEOUT });
  assert.equal(await link.getAttribute('href'), `/game.html?game=${gameId}#seat=${role}`);
  await link.click();
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await page.locator('#status', { hasText: 'live' }).waitFor({ timeout: TIMEOUT }).catch(async (e) => {
    throw new Error(`${user.name}'s ${role} seat of game #${gameId} is not live: ${await page.locator('#notice').textContent()} (${e.message})`);
  });
  assert.equal(await page.locator('#seat-badge').textContent(), role);
}

test('sign up, verify, propose and join lobby games, play, resign and a swapped rematch', async () => {
  const alice = await newUser('Alice');
  const bob = await newUser('Bob');

  // Alice signs up and verifies her address with the link of the mail.
  await signUp(alice, 'alice@example.org');
  const [link] = await waitForMail('alice@example.org', /\/account\.html#verify=[A-Za-z0-9_%-]+/);
  await alice.page.goto(link);
  await alice.page
    .locator('#account-notice[data-verified="yes"]', { hasText: 'E-mail verified' })
    .waitFor({ timeout: TIMEOUT })
    .catch(async (e) => {
      throw new Error(`the verification link ${link} was not accepted: "${await alice.page.locator('#account-notice').textContent()}" (${e.message})`);
    });
  await alice.page.locator('#me-verified', { hasText: /^verified$/ }).waitFor({ timeout: TIMEOUT });
  assert.equal(new URL(alice.page.url()).hash, '', 'the one-time token leaves the address bar');
  assert.equal((await asUser(alice, '/api/session')).account.email_verified, true);
  await screenshot(alice.page, 'verified');

  // Alice proposes two games in the lobby, the French for her in both.
  await alice.page.goto('/');
  const listings = [await proposeGame(alice.page, 'french'), await proposeGame(alice.page, 'french')];
  await alice.page.locator(`#my-listings li.listing[data-listing="${listings[1]}"]`).waitFor({ timeout: TIMEOUT });
  assert.equal(await alice.page.locator(`#open-games tr[data-listing="${listings[0]}"] .join`).count(), 0, 'no Join on one\'s own game');

  // Bob signs up, finds them among the open games (filtered by scenario) and joins both.
  await signUp(bob, 'bob@example.org');
  await bob.page.goto('/');
  await bob.page.locator('#open-games-panel:not([hidden])').waitFor({ timeout: TIMEOUT });
  await bob.page.selectOption('#filter-title', 'wilderness-war');
  await bob.page.selectOption('#filter-scenario', 'annus_mirabilis');
  const games = [];
  for (const id of listings) {
    const join = bob.page.locator(`#open-games tr[data-listing="${id}"] button.join`);
    await join.waitFor({ timeout: TIMEOUT });
    assert.equal(await join.textContent(), 'Join as british');
    await join.click();
    // The notice of a game started before this one may still show: wait for a game not seen yet.
    const started = await bob.page
      .waitForFunction(
        (known) => {
          const h2 = document.querySelector('#created:not([hidden]) h2');
          const m = h2 && /^Game #(\d+) started$/.exec(h2.textContent);
          return m && !known.includes(Number(m[1])) ? Number(m[1]) : null;
        },
        games,
        { timeout: TIMEOUT },
      )
      .catch(async (e) => {
        throw new Error(`joining listing #${id} did not start a game: "${await bob.page.locator(`#open-games tr[data-listing="${id}"] .row-error`).textContent().catch(() => '')}" (${e.message})`);
      });
    const gameId = await started.jsonValue();
    assert.ok(!games.includes(gameId), 'a new game');
    games.push(gameId);
    await bob.page.locator(`#open-games tr[data-listing="${id}"]`).waitFor({ state: 'detached', timeout: TIMEOUT });
  }
  await screenshot(bob.page, 'joined');

  // Both wait for the French in both games: Alice's two, the one waiting longest first.
  await alice.page.goto('/');
  await waitForTurnCount(alice, alice.page, 2);
  await waitForMyGames(alice, alice.page, [{ id: games[0], myTurn: true }, { id: games[1], myTurn: true }]);
  await waitForTurnCount(bob, bob.page, 0);
  const bobBefore = (await asUser(bob, '/api/my/games')).games.map((g) => ({ id: g.id, myTurn: g.my_turn }));
  await waitForMyGames(bob, bob.page, bobBefore);
  assert.deepEqual(bobBefore.map((g) => g.myTurn), [false, false]);
  assert.equal(await alice.page.locator('#next-game').isEnabled(), true);
  assert.equal(await bob.page.locator('#next-game').isEnabled(), false, 'no game waits for Bob');
  await screenshot(alice.page, 'my-games');

  // Both open the first game from "My games".
  await openFromMyGames(alice, alice.page, games[0], 'french');
  await openFromMyGames(bob, bob.page, games[0], 'british');
  await bob.page.locator('#prompt', { hasText: /^Waiting for the French/ }).waitFor({ timeout: TIMEOUT });
  await alice.page
    .locator('#account-players', { hasText: /^(?=.*french: Alice)(?=.*british: Bob)/ })
    .waitFor({ timeout: TIMEOUT })
    .catch(async (e) => {
      throw new Error(`Alice's game page does not show the players: "${await alice.page.locator('#account-players').textContent()}" (${e.message})`);
    });
  assert.equal(await alice.page.locator('#resign').isVisible(), true, 'Resign while the game is on');

  // Alice plays a card to activate nothing, and is done: the British are to move.
  const card = await alice.page.locator('#board .ww-hand [data-verb="activate"], #board .ww-hand [data-verbs~="activate"]').first().getAttribute('data-arg');
  assert.ok(card, 'a card of the French hand can activate');
  await clickAction(alice.page, 'activate', card, TIMEOUT);
  await alice.page.locator('#version', { hasText: /^v1$/ }).waitFor({ timeout: TIMEOUT });
  await alice.page.locator('#actions button[data-verb="done"]').click();
  await bob.page.locator('#prompt', { hasText: /^British Action Phase/ }).waitFor({ timeout: TIMEOUT });
  await alice.page.locator('#prompt', { hasText: /^Waiting for the British/ }).waitFor({ timeout: TIMEOUT });
  await waitForTurnCount(alice, alice.page, 1);
  await waitForTurnCount(bob, bob.page, 1);
  await screenshot(bob.page, 'bob-to-move');

  // "Next game" for Alice is the second game now; for Bob there is no other game to go to.
  assert.equal(await alice.page.locator('#next-game').isEnabled(), true);
  assert.equal(await bob.page.locator('#next-game').isEnabled(), false, 'the only game waiting for Bob is the one shown');

  // The order of "My games": the game waiting for one's move first.
  const aliceLobby = await newPage(alice.context, 'Alice lobby');
  await aliceLobby.goto('/');
  await waitForMyGames(alice, aliceLobby, [{ id: games[1], myTurn: true }, { id: games[0], myTurn: false }]);
  const bobLobby = await newPage(bob.context, 'Bob lobby');
  await bobLobby.goto('/');
  await waitForMyGames(bob, bobLobby, [{ id: games[0], myTurn: true }, { id: games[1], myTurn: false }]);
  assert.match(await bobLobby.title(), /^\(1\) Warpath/);

  // Bob resigns (with a confirmation): the French win, for both pages.
  await bob.page.click('#resign');
  assert.ok(dialogs.some((d) => d.name === 'Bob' && /Resign this game\?/.test(d.message)), 'resigning asks first');
  for (const user of [alice, bob]) {
    await user.page.locator('#result:not([hidden])', { hasText: /french wins/ }).waitFor({ timeout: TIMEOUT }).catch((e) => {
      throw new Error(`${user.name}'s page never showed the result: ${e.message}`);
    });
    await user.page.locator('#rematch-form:not([hidden])').waitFor({ timeout: TIMEOUT });
    assert.equal(await user.page.locator('#resign').isVisible(), false, 'no Resign once the game is over');
    assert.equal(await user.page.locator('#prompt').textContent(), 'Game over.');
    assert.equal(await user.page.locator('#board [data-verb], #actions [data-verb]').count(), 0, `${user.name} is offered no move in a finished game`);
  }
  await waitForTurnCount(bob, bob.page, 0);

  // Alice asks for a rematch with the sides swapped; the page says where to follow it.
  await alice.page.selectOption('#rematch-sides', 'swapped');
  await alice.page.click('#rematch');
  const proposed = alice.page.locator('#account-panel-result [data-listing]');
  await proposed.waitFor({ timeout: TIMEOUT }).catch(async (e) => {
    throw new Error(`the rematch was not proposed: "${await alice.page.locator('#account-panel-error').textContent()}" (${e.message})`);
  });
  const rematch = Number(await proposed.getAttribute('data-listing'));
  assert.match(await proposed.textContent(), /you play british; Bob is invited\..*My games/);
  await screenshot(alice.page, 'rematch-proposed');

  // Bob accepts the invitation in the lobby: a new game, Bob the French and Alice the British.
  await bobLobby.goto('/');
  const invitation = bobLobby.locator(`#invitations li.invitation[data-listing="${rematch}"]`);
  await invitation.waitFor({ timeout: TIMEOUT });
  assert.match(await invitation.textContent(), /Alice invites you/);
  await screenshot(bobLobby, 'invitation');
  await invitation.locator('button.accept').click();
  const open = bobLobby.locator('#open-started');
  await open.waitFor({ timeout: TIMEOUT });
  assert.equal(await open.textContent(), 'Play french');
  const third = Number(/game=(\d+)/.exec(await open.getAttribute('href'))[1]);
  assert.ok(!games.includes(third), 'the rematch is a new game');
  await open.click();
  await bobLobby.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  assert.equal(await bobLobby.locator('#seat-badge').textContent(), 'french');
  await bobLobby.locator('#account-players', { hasText: 'british: Alice' }).waitFor({ timeout: TIMEOUT });
  const aliceGames = await asUser(alice, '/api/my/games');
  const newGame = aliceGames.games.find((g) => g.id === third);
  assert.ok(newGame, `game #${third} is among Alice's games`);
  assert.deepEqual(newGame.roles, ['british'], 'Alice plays the British in the rematch');
  const bobGame = (await asUser(bob, '/api/my/games')).games.find((g) => g.id === third);
  assert.deepEqual(bobGame.roles, ['french'], 'Bob plays the French in the rematch');
  // The French are to move there: Bob's header counts it.
  await waitForTurnCount(bob, bobLobby, 1);
  await screenshot(bobLobby, 'rematch-started');

  assert.deepEqual(pageErrors, []);
});
