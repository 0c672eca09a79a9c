-- PostgreSQL dialect of schema/008_standing_orders.sql (read it for what the columns hold):
-- BIGINT for INTEGER.

CREATE TABLE standing_orders (
  game_id           BIGINT  NOT NULL REFERENCES games(id),
  role              TEXT    NOT NULL,
  auto_pass         TEXT    NOT NULL DEFAULT '[]',
  pass_move         TEXT,
  pass_action_phase TEXT,
  pass_season       TEXT,
  updated_at        TEXT    NOT NULL,
  PRIMARY KEY (game_id, role)
);
