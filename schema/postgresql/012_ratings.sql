-- PostgreSQL dialect of schema/012_ratings.sql (read it for what each table is): BIGINT for
-- INTEGER, DOUBLE PRECISION for REAL. rated_games.game_id and unrated_games.game_id are SQLite's
-- INTEGER PRIMARY KEY too, but always given (the game's id), so they are no identities here.

ALTER TABLE listings ADD COLUMN tournament_id BIGINT;

CREATE TABLE rated_games (
  game_id       BIGINT  PRIMARY KEY REFERENCES games(id),
  seq           BIGINT  NOT NULL UNIQUE,
  title         TEXT    NOT NULL,
  scenario      TEXT    NOT NULL,
  first_id      BIGINT  NOT NULL REFERENCES accounts(id),
  second_id     BIGINT  NOT NULL REFERENCES accounts(id),
  bid_favours   TEXT    CHECK (bid_favours IN ('first', 'second')),
  bid_vp        BIGINT,
  outcome       TEXT    NOT NULL CHECK (outcome IN ('first', 'second', 'draw')),
  ended_at      TEXT    NOT NULL,
  advantage     DOUBLE PRECISION NOT NULL,
  vp_value      DOUBLE PRECISION NOT NULL,
  first_before  TEXT    NOT NULL,
  second_before TEXT    NOT NULL,
  first_after   TEXT    NOT NULL,
  second_after  TEXT    NOT NULL
);

CREATE TABLE ratings (
  title      TEXT    NOT NULL,
  account_id BIGINT  NOT NULL REFERENCES accounts(id),
  rating     DOUBLE PRECISION NOT NULL,
  deviation  DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games      BIGINT  NOT NULL,
  updated_at TEXT    NOT NULL,
  PRIMARY KEY (title, account_id)
);
CREATE INDEX ratings_by_account ON ratings(account_id);

CREATE TABLE unrated_games (
  game_id  BIGINT  PRIMARY KEY REFERENCES games(id),
  reason   TEXT    NOT NULL,
  noted_at TEXT    NOT NULL
);

CREATE INDEX listings_rated_game ON listings(game_id) WHERE rated = 1 AND game_id IS NOT NULL;
