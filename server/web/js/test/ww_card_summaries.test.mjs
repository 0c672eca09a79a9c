// node --test server/web/js/test/
// The project's own card summaries (server/web/data/wilderness-war-cards.json, shown by the game
// page's card tip): every card of the title's data (engine/wilderness_war/data/cards.json, what
// GET /api/titles/wilderness-war/data serves) has one, short, and no two different cards share a
// summary (cards of the same name, like the four Campaigns, are the same event and may).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const cards = JSON.parse(fs.readFileSync(path.join(root, 'engine/wilderness_war/data/cards.json'), 'utf8')).cards;
const file = JSON.parse(fs.readFileSync(path.join(root, 'server/web/data/wilderness-war-cards.json'), 'utf8'));
const summaries = file.summaries;

test('the title data has the 70 cards', () => {
  assert.deepEqual(
    cards.map((c) => c.number),
    Array.from({ length: 70 }, (_, i) => i + 1),
  );
});

test('every card has a short, non-empty summary and the file has no other', () => {
  for (const card of cards) {
    const text = summaries[String(card.number)];
    assert.equal(typeof text, 'string', `#${card.number} ${card.name} has a summary`);
    assert.ok(text.trim().length >= 40, `#${card.number}: a summary says something`);
    assert.ok(text.length <= 420, `#${card.number}: a summary is short (${text.length} characters)`);
  }
  assert.deepEqual(Object.keys(summaries).map(Number).sort((a, b) => a - b), cards.map((c) => c.number));
});

test('no summary of a card is a copy of another card\'s', () => {
  const byText = new Map();
  for (const card of cards) {
    const text = summaries[String(card.number)].trim().toLowerCase();
    const other = byText.get(text);
    if (other) assert.equal(card.name, other.name, `#${card.number} ${card.name} repeats the summary of #${other.number} ${other.name}`);
    else byText.set(text, card);
  }
  // 70 cards, many of them copies of one another: about fifty distinct events.
  assert.ok(byText.size >= 45, `${byText.size} distinct summaries`);
});
