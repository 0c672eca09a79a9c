-- The moves table keeps its rows in the order they arrive (a rowid table), no longer clustered by
-- (game_id, seq) (WITHOUT ROWID). With many games going on, each move went into its own game's
-- leaf page, in the middle of the table: a group commit of 40 moves wrote about 100 pages to the
-- WAL (2.6 a move: the leaf, and its siblings and parent whenever it split), and fsynced and
-- checkpointed them all. Appended in arrival order, the moves of one commit share a few pages and
-- only the (game_id, seq) key's index, a few bytes a move, is written per game (1.9 pages a move;
-- docs/PERFORMANCE.md). Reading one game's moves goes through that index, row by row: more pages
-- read when a room loads, fewer written on every move.
-- The table is rebuilt: same columns in the same order, same key, same append-only triggers.

DROP TRIGGER moves_no_update;
DROP TRIGGER moves_no_delete;

CREATE TABLE moves_in_arrival_order (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  seq        INTEGER NOT NULL,                  -- 1-based; the game's version after the move
  role       TEXT    NOT NULL,
  verb       TEXT    NOT NULL,
  arg        TEXT    NOT NULL,                  -- JSON: null, string or integer
  created_at TEXT    NOT NULL,
  log        TEXT,                              -- schema/002_move_log.sql
  dice       TEXT,                              -- schema/009_notifications.sql
  PRIMARY KEY (game_id, seq)
);
INSERT INTO moves_in_arrival_order(game_id, seq, role, verb, arg, created_at, log, dice)
  SELECT game_id, seq, role, verb, arg, created_at, log, dice FROM moves ORDER BY created_at, game_id, seq;
DROP TABLE moves;
ALTER TABLE moves_in_arrival_order RENAME TO moves;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;
