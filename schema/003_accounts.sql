-- Accounts and their log-in sessions. Nothing secret is stored as it is: a password
-- as its argon2id string, a session id as the SHA-256 of the 256-bit value in the cookie. Times
-- that are compared (expiry) are Unix seconds; times that are shown are ISO 8601 UTC.

CREATE TABLE accounts (
  id                INTEGER PRIMARY KEY,
  name              TEXT    NOT NULL UNIQUE COLLATE NOCASE,  -- shown as written, unique in any case
  email             TEXT    UNIQUE,                          -- lower case; NULL once deleted
  password_hash     TEXT,                                    -- argon2id; NULL once deleted
  email_verified_at TEXT,
  created_at        TEXT    NOT NULL,
  deleted_at        TEXT                                     -- the games keep the account as "deleted player"
);

CREATE TABLE sessions (
  id_hash    TEXT    PRIMARY KEY,                 -- SHA-256 of the session id; the id is never stored
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  csrf_token TEXT    NOT NULL,                    -- sent back with every state-changing request
  created_at INTEGER NOT NULL,                    -- Unix seconds
  expires_at INTEGER NOT NULL                     -- Unix seconds; renewed while the session is used
) WITHOUT ROWID;
CREATE INDEX sessions_by_account ON sessions(account_id);
