-- Private notes (docs/PROTOCOL.md, "Notes"): a player's notepad in a game, one row per game and
-- role. Only the holder of that role's seat (its seat token, or the session of the account that
-- plays it) reads or writes it: no view, log, record, replay or mail carries it. `text` holds at
-- most 20,000 characters (the server refuses more); `updated_at` is when it was last saved (UTC).

CREATE TABLE notes (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  role       TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  updated_at TEXT    NOT NULL,
  PRIMARY KEY (game_id, role)
) WITHOUT ROWID;
