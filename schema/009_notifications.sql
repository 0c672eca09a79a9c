-- Notifications: how each account wants each kind of notice (server/storage/notification_store),
-- the daily digest's gathered items, which chat notices wait for their reader, and the dice of
-- each move (the turn mail reports them). Times are Unix seconds.

-- A row per account, event and channel that differs from the default (every event by mail and
-- by webhook, at once); a missing row is the default.
CREATE TABLE notification_settings (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  event      TEXT    NOT NULL CHECK (event IN ('your_move', 'invitation', 'player_joined', 'game_started',
                                               'game_ended', 'clock_warning', 'chat')),
  channel    TEXT    NOT NULL CHECK (channel IN ('mail', 'webhook')),
  delivery   TEXT    NOT NULL CHECK (delivery IN ('off', 'now', 'digest')),
  CHECK (channel = 'mail' OR delivery != 'digest'),  -- a digest is a mail
  PRIMARY KEY (account_id, event, channel)
) WITHOUT ROWID;

-- The hour (UTC) of an account's daily digest and when its last one went; a missing row is the
-- default hour and no digest yet.
CREATE TABLE notification_accounts (
  account_id     INTEGER PRIMARY KEY REFERENCES accounts(id),
  digest_hour    INTEGER NOT NULL CHECK (digest_hour BETWEEN 0 AND 23),
  last_digest_at INTEGER
);

-- Notices gathered for an account's next digest. The outbox's sender turns every item of an
-- account that is due into one mail and deletes them in the same transaction: each item is
-- mailed once, and an account gets at most one digest per day.
CREATE TABLE digest_items (
  id         INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  event      TEXT    NOT NULL,
  subject    TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  due_at     INTEGER NOT NULL  -- the next digest hour after created_at
);
CREATE INDEX digest_items_due ON digest_items(due_at);
CREATE INDEX digest_items_by_account ON digest_items(account_id, id);

-- A chat notice sent to a seat that has not opened the game since: no other is sent for that
-- game to that seat until it does (joining the game deletes the row).
CREATE TABLE chat_notices (
  game_id INTEGER NOT NULL REFERENCES games(id),
  role    TEXT    NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, role)
) WITHOUT ROWID;

-- The dice a move rolled that every seat sees (engine::ApplyReport::dice), as a JSON array;
-- NULL when it rolled none.
ALTER TABLE moves ADD COLUMN dice TEXT;
