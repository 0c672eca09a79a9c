// node --test server/web/js/test/
// Ratings in words on the player page: a rated game's change and the side played.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ratingChangeText, sideText } from '../rating_text.js';

test('a rating change in whole points with its sign', () => {
  assert.equal(ratingChangeText(1500, 1612.4), '1500 → 1612 (+112)');
  assert.equal(ratingChangeText(1545.6, 1501.2), '1546 → 1501 (−45)');
  assert.equal(ratingChangeText(1500.2, 1499.8), '1500 → 1500 (±0)');
  assert.equal(ratingChangeText(null, 1500), '');
});

test('a side by name', () => {
  assert.equal(sideText('french'), 'French');
  assert.equal(sideText(null), '—');
});
