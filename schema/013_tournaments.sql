-- Tournaments (docs/PROTOCOL.md, "Tournaments"; server/tournaments/director): an organiser's
-- event of a two-seat title, its registrations, rounds and pairings. The director works only from
-- these tables (it keeps nothing in memory), so a restart carries on where it stopped. Each
-- pairing of two players is a private, rated lobby listing (listings.tournament_id, 012) whose
-- game the pairing's result is read from. Unix milliseconds where times are compared, ISO 8601
-- UTC where they are shown.

-- Granted by the site's operator (`warpath organiser --grant NAME`): may create tournaments.
ALTER TABLE accounts ADD COLUMN organiser INTEGER NOT NULL DEFAULT 0;

CREATE TABLE tournaments (
  id                     INTEGER PRIMARY KEY,
  name                   TEXT    NOT NULL,
  organiser_id           INTEGER NOT NULL REFERENCES accounts(id),
  title                  TEXT    NOT NULL,
  scenario               TEXT    NOT NULL,
  options                TEXT    NOT NULL,            -- JSON object, as a listing's
  time_control           TEXT,                        -- JSON (clocks::TimeControl); NULL: untimed
  sides                  TEXT    NOT NULL,            -- JSON {"mode": "sealed"|"auction"|"balanced", "favoured"?}
  format                 TEXT    NOT NULL,            -- JSON {"kind", "rounds"?, "pool_size"?, "playoff"?, "mulligan"?}
  status                 TEXT    NOT NULL DEFAULT 'registration'
                         CHECK (status IN ('registration', 'running', 'finished', 'cancelled')),
  registration_closes    TEXT    NOT NULL,
  registration_closes_ms INTEGER NOT NULL,
  min_players            INTEGER NOT NULL,
  max_players            INTEGER NOT NULL,
  round_hours            INTEGER NOT NULL,
  rounds_planned         INTEGER,                     -- known total; NULL until known
  created_at             TEXT    NOT NULL,
  started_at             TEXT,
  finished_at            TEXT
);
-- The director's look at tournaments to start and to run, and the list by status.
CREATE INDEX tournaments_by_status ON tournaments(status, registration_closes_ms);

CREATE TABLE tournament_players (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  account_id    INTEGER NOT NULL REFERENCES accounts(id),
  seed          INTEGER,                              -- 1 = best, fixed at the start (rating, then registration)
  rating        REAL,                                 -- the rating it was seeded with
  withdrawn     INTEGER NOT NULL DEFAULT 0,
  registered_at TEXT    NOT NULL,
  PRIMARY KEY (tournament_id, account_id)
) WITHOUT ROWID;
CREATE INDEX tournament_players_by_account ON tournament_players(account_id);

CREATE TABLE tournament_rounds (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  number        INTEGER NOT NULL,                     -- 1, 2, ...
  stage         TEXT    NOT NULL CHECK (stage IN ('pool', 'swiss', 'playoff', 'elimination', 'mulligan')),
  name          TEXT    NOT NULL,                     -- "Round 2", "Semi-final", ...
  paired_at     TEXT    NOT NULL,
  deadline_ms   INTEGER NOT NULL,                     -- when its unfinished games are adjudicated
  finished_at   TEXT,
  PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;
-- Rounds still going, by deadline.
CREATE INDEX tournament_rounds_due ON tournament_rounds(deadline_ms) WHERE finished_at IS NULL;

CREATE TABLE tournament_pairings (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round         INTEGER NOT NULL,
  table_no      INTEGER NOT NULL,                     -- 1, 2, ...
  player1_id    INTEGER NOT NULL REFERENCES accounts(id),
  player2_id    INTEGER REFERENCES accounts(id),      -- NULL: player1 has a bye
  pool          INTEGER,                              -- round-robin pools: 1, 2, ...
  listing_id    INTEGER REFERENCES listings(id),      -- the pairing's game (NULL: a bye or a forfeit)
  first_id      INTEGER REFERENCES accounts(id),      -- the seats, once known
  second_id     INTEGER REFERENCES accounts(id),
  outcome       TEXT CHECK (outcome IN ('first', 'second', 'draw', 'bye')),  -- NULL until decided
  how           TEXT CHECK (how IN ('played', 'resigned', 'timeout', 'adjudicated', 'withdrawn', 'bye')),
  score         TEXT,                                 -- JSON: the game's result score
  forfeit       INTEGER NOT NULL DEFAULT 0,           -- decided without a game (a withdrawal before it began)
  withdrawn_by  INTEGER REFERENCES accounts(id),      -- the player whose withdrawal resigned it
  decided_at    TEXT,
  PRIMARY KEY (tournament_id, round, table_no)
) WITHOUT ROWID;
CREATE INDEX tournament_pairings_by_listing ON tournament_pairings(listing_id) WHERE listing_id IS NOT NULL;
CREATE INDEX tournament_pairings_undecided ON tournament_pairings(tournament_id, round) WHERE outcome IS NULL;
