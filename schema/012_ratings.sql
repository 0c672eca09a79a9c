-- Ratings (docs/RATINGS.md; server/tournaments/ratings): Glicko-2 per title with a side term.
-- A rated game is rated once it is over, in the order games end, from both players' ratings
-- before it; `rated_games` keeps what each game did, and every rating can be rebuilt from it
-- (`warpath ratings --recompute`). A tournament game is rated with its result as the tournament
-- counts it (a Wilderness War draw is a French win, 13.14).

-- The tournament whose pairing a listing is (schema/013_tournaments.sql); NULL: a casual game.
ALTER TABLE listings ADD COLUMN tournament_id INTEGER;

CREATE TABLE rated_games (
  game_id       INTEGER PRIMARY KEY REFERENCES games(id),
  seq           INTEGER NOT NULL UNIQUE,                 -- the order rated: 1, 2, ...
  title         TEXT    NOT NULL,
  scenario      TEXT    NOT NULL,
  first_id      INTEGER NOT NULL REFERENCES accounts(id), -- the title's first role (Wilderness War: French)
  second_id     INTEGER NOT NULL REFERENCES accounts(id),
  bid_favours   TEXT    CHECK (bid_favours IN ('first', 'second')),  -- NULL: no bid
  bid_vp        INTEGER,
  outcome       TEXT    NOT NULL CHECK (outcome IN ('first', 'second', 'draw')),
  ended_at      TEXT    NOT NULL,
  advantage     REAL    NOT NULL,                        -- the side term it was rated with (A_s, V)
  vp_value      REAL    NOT NULL,
  first_before  TEXT    NOT NULL,                        -- JSON {rating, deviation, volatility, games}
  second_before TEXT    NOT NULL,
  first_after   TEXT    NOT NULL,
  second_after  TEXT    NOT NULL
);

-- Each player's current rating per title (absent: 1500, RD 350, never rated).
CREATE TABLE ratings (
  title      TEXT    NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  rating     REAL    NOT NULL,
  deviation  REAL    NOT NULL,
  volatility REAL    NOT NULL,
  games      INTEGER NOT NULL,
  updated_at TEXT    NOT NULL,
  PRIMARY KEY (title, account_id)
) WITHOUT ROWID;
CREATE INDEX ratings_by_account ON ratings(account_id);

-- Games of rated listings that are not rated, and why (a seat without an account, the same
-- account in both seats, a result the title cannot map): noted once so that the rating job, which
-- takes over every finished game of a rated listing found in neither table, leaves them alone.
CREATE TABLE unrated_games (
  game_id  INTEGER PRIMARY KEY REFERENCES games(id),
  reason   TEXT    NOT NULL,
  noted_at TEXT    NOT NULL
);

-- The rating job's look for finished rated games: rated listings by game.
CREATE INDEX listings_rated_game ON listings(game_id) WHERE rated = 1 AND game_id IS NOT NULL;
