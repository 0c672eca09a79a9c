-- PostgreSQL dialect of schema/015_game_leases.sql (read it for the leases and their epochs):
-- BIGINT for SQLite's INTEGER. The fence of a move is an UPDATE of the lease row in the move's
-- transaction, so a node taking the lease waits for that transaction and then sees its renewal.
CREATE TABLE game_leases (
  game_id    BIGINT PRIMARY KEY REFERENCES games(id),
  node       TEXT   NOT NULL,
  epoch      BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX game_leases_by_node ON game_leases(node, expires_at);

CREATE TABLE job_leases (
  job        TEXT   PRIMARY KEY,
  node       TEXT   NOT NULL,
  expires_at BIGINT NOT NULL
);
