-- One-time links, the lobby, and who plays which seat.
--
-- A one-time link (e-mail verification, password reset) is stored as the SHA-256 of its token,
-- is used once and expires. Listings are games proposed in the lobby: open until every seat has
-- a player, then started as a game of `games` whose seats `game_players` assigns to accounts.
-- Unix seconds where times are compared, ISO 8601 UTC where they are shown.

CREATE TABLE account_links (
  token_hash TEXT    PRIMARY KEY,                 -- SHA-256 of the token in the link
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  purpose    TEXT    NOT NULL CHECK (purpose IN ('verify', 'reset')),
  email      TEXT,                                -- the address a verification link confirms
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
) WITHOUT ROWID;
CREATE INDEX account_links_by_account ON account_links(account_id);

CREATE TABLE listings (
  id         INTEGER PRIMARY KEY,
  owner_id   INTEGER NOT NULL REFERENCES accounts(id),
  title      TEXT    NOT NULL,
  scenario   TEXT    NOT NULL,
  options    TEXT    NOT NULL DEFAULT '{}',       -- JSON
  rated      INTEGER NOT NULL DEFAULT 0,
  private    INTEGER NOT NULL DEFAULT 0,          -- not in the open-games list: by invitation only
  status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'started', 'cancelled', 'declined')),
  invitee_id INTEGER REFERENCES accounts(id),     -- the one player invited, if any
  rematch_of INTEGER REFERENCES games(id),
  game_id    INTEGER REFERENCES games(id),        -- once started
  created_at TEXT    NOT NULL,
  updated_at TEXT    NOT NULL
);
CREATE INDEX listings_open ON listings(status, created_at);

-- The players of a listing so far; a NULL role is "any side", settled when the game starts.
CREATE TABLE listing_players (
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  role       TEXT,
  joined_at  TEXT    NOT NULL,
  PRIMARY KEY (listing_id, account_id)
) WITHOUT ROWID;

CREATE TABLE game_players (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  role       TEXT    NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  PRIMARY KEY (game_id, role)
) WITHOUT ROWID;
CREATE INDEX game_players_by_account ON game_players(account_id, game_id);
