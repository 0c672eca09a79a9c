-- Correspondence clocks (server/clocks/): a game's time control, each player's bank as it stood
-- at its last settling, and the due-time index the scheduler thread works from; the players'
-- vacations and their time-off settings. Clocks are computed from these stored times, never from
-- timers in memory, so they survive restarts. Times here are Unix milliseconds.

ALTER TABLE games ADD COLUMN time_control TEXT;       -- JSON (clocks::TimeControl); NULL: untimed
ALTER TABLE games ADD COLUMN rules_version TEXT;      -- the program that set the game up
ALTER TABLE listings ADD COLUMN time_control TEXT;    -- the time control of the game it will start

CREATE TABLE clocks (
  game_id          INTEGER NOT NULL REFERENCES games(id),
  role             TEXT    NOT NULL,
  bank_ms          INTEGER NOT NULL,             -- left at since_ms (negative: out of time)
  since_ms         INTEGER NOT NULL,
  running          INTEGER NOT NULL,             -- the role's decision since since_ms
  warned           INTEGER NOT NULL DEFAULT 0,   -- this run's 24-hour warning is sent
  expiry_announced INTEGER NOT NULL DEFAULT 0,   -- the opponent was told it may claim the win
  due_ms           INTEGER,                      -- when the scheduler looks at it next; NULL: never
  PRIMARY KEY (game_id, role)
) WITHOUT ROWID;
CREATE INDEX clocks_due ON clocks(due_ms) WHERE due_ms IS NOT NULL;

-- The vacation allowance: balance_ms held at as_of_ms (NULL: 20 days at the account's creation),
-- earning a day per eight, at most 30 days.
ALTER TABLE accounts ADD COLUMN vacation_ms INTEGER NOT NULL DEFAULT 1728000000;
ALTER TABLE accounts ADD COLUMN vacation_as_of_ms INTEGER;
ALTER TABLE accounts ADD COLUMN auto_vacation INTEGER NOT NULL DEFAULT 1;  -- a day taken when a clock runs out
ALTER TABLE accounts ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN utc_offset_minutes INTEGER NOT NULL DEFAULT 0;

CREATE TABLE vacations (
  id         INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  from_ms    INTEGER NOT NULL,
  to_ms      INTEGER NOT NULL,
  automatic  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX vacations_by_account ON vacations(account_id, to_ms);
