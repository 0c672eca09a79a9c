-- The outbox: every mail and webhook call the server makes, written in the same transaction as
-- the event that causes it and delivered afterwards by the sender thread (server/mail/), with
-- retries, until it is sent or its retries are spent. A message's idempotency key is stable
-- across retries and restarts: it is the mail's Message-ID and the webhook's Idempotency-Key, so
-- a receiver recognises the one repeat a crash between sending and marking can cause.
-- Times are Unix seconds.

CREATE TABLE outbox (
  id              INTEGER PRIMARY KEY,
  kind            TEXT    NOT NULL CHECK (kind IN ('mail', 'webhook')),
  idempotency_key TEXT    NOT NULL UNIQUE,
  account_id      INTEGER REFERENCES accounts(id),  -- whom it is for, if anyone in particular
  recipient       TEXT    NOT NULL,                 -- an e-mail address or a webhook URL
  subject         TEXT    NOT NULL DEFAULT '',      -- mail only
  body            TEXT    NOT NULL,                 -- mail: plain text; webhook: JSON
  created_at      INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error      TEXT,
  sent_at         INTEGER,
  failed_at       INTEGER                           -- retries spent (about 15 hours)
);
CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- An account's webhook: its notifications are also posted here. A hook that keeps failing for
-- the whole retry period is paused and its owner told by mail.
CREATE TABLE webhooks (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
  url        TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  paused_at  INTEGER
);
