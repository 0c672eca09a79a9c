-- Standing orders (docs/PROTOCOL.md, "Standing orders"): what a player told the server to answer
-- for them in the response windows of a game (engine/core/response_window.hpp), one row per game
-- and role. `auto_pass`: the kinds of window declined until the player changes it (a JSON array
-- of the title's kind ids). `pass_move`, `pass_action_phase`, `pass_season`: "pass for this move /
-- this action phase / this season", holding the period it was given in (the module's identifier),
-- null when not given or over. Only the player's own seat reads them. The server applies them as
-- ordinary moves, so the moves table does not say which moves they made.

CREATE TABLE standing_orders (
  game_id           INTEGER NOT NULL REFERENCES games(id),
  role              TEXT    NOT NULL,
  auto_pass         TEXT    NOT NULL DEFAULT '[]',
  pass_move         TEXT,
  pass_action_phase TEXT,
  pass_season       TEXT,
  updated_at        TEXT    NOT NULL,
  PRIMARY KEY (game_id, role)
);
