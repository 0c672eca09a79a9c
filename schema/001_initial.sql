-- Games, their seats, the append-only move history, state snapshots and chat.

CREATE TABLE games (
  id           INTEGER PRIMARY KEY,
  title        TEXT    NOT NULL,
  scenario     TEXT    NOT NULL,
  options      TEXT    NOT NULL DEFAULT '{}',   -- JSON
  seed         INTEGER NOT NULL,
  status       TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'over')),
  result       TEXT,                            -- JSON, once over
  active_roles TEXT    NOT NULL DEFAULT '[]',   -- JSON array: whose turn it is
  version      INTEGER NOT NULL DEFAULT 0,      -- number of moves
  created_at   TEXT    NOT NULL,
  updated_at   TEXT    NOT NULL
);

CREATE TABLE seats (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  role       TEXT    NOT NULL,
  token_hash TEXT    NOT NULL,                  -- SHA-256 of the seat token; the token is never stored
  PRIMARY KEY (game_id, role)
) WITHOUT ROWID;
CREATE INDEX seats_by_token ON seats(token_hash);

CREATE TABLE moves (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  seq        INTEGER NOT NULL,                  -- 1-based; the game's version after the move
  role       TEXT    NOT NULL,
  verb       TEXT    NOT NULL,
  arg        TEXT    NOT NULL,                  -- JSON: null, string or integer
  created_at TEXT    NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The history is append-only: an undo is a move of its own.
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;

CREATE TABLE snapshots (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  seq        INTEGER NOT NULL,                  -- the version the state is at
  state      TEXT    NOT NULL,                  -- the module's state JSON
  state_hash TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE chat (
  id         INTEGER PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games(id),
  seat       TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  created_at TEXT    NOT NULL
);
CREATE INDEX chat_by_game ON chat(game_id, id);
