-- Which node serves each game when several nodes share one database
-- (docs/ARCHITECTURE.md "Several nodes"). A node serves a game only while it holds the game's
-- lease: it takes it when it loads the game (free, expired or already its own), renews it while
-- the game stays loaded and gives it up (node '' and expires_at 0) when it unloads it. Every taking raises
-- the epoch, and every move a node stores first checks, in the move's own transaction, that the
-- lease is still its own at the epoch it took: a node that lost the lease cannot store a move.
-- The row is kept when a lease is given up so that epochs only ever grow. One node on SQLite
-- takes no leases.
CREATE TABLE game_leases (
  game_id    INTEGER PRIMARY KEY REFERENCES games(id),
  node       TEXT    NOT NULL,   -- the node's name (warpath serve --node-id)
  epoch      INTEGER NOT NULL,   -- 1 at the first taking, then one more at each
  expires_at INTEGER NOT NULL    -- Unix ms; 0 (and node ''): given up
);
CREATE INDEX game_leases_by_node ON game_leases(node, expires_at);

-- The jobs that must run on one node at a time (the clock scheduler with the lobby's deadlines,
-- the ratings and the tournaments): the node holding a job's lease runs it, renewing it at each
-- round; another takes it over once it has expired.
CREATE TABLE job_leases (
  job        TEXT    PRIMARY KEY,
  node       TEXT    NOT NULL,
  expires_at INTEGER NOT NULL   -- Unix ms
) WITHOUT ROWID;
