-- PostgreSQL dialect of schema/010_notes.sql (read it for what the table holds): BIGINT for
-- INTEGER.

CREATE TABLE notes (
  game_id    BIGINT  NOT NULL REFERENCES games(id),
  role       TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  updated_at TEXT    NOT NULL,
  PRIMARY KEY (game_id, role)
);
