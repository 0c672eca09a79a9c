-- Sides by bidding (docs/PROTOCOL.md, "Bidding"; server/bidding): a lobby listing of a two-seat
-- title may have its sides settled by sealed bids (Wilderness War 13.3) or an auction (14.7)
-- once both players are in, before the game exists. The game's seed is fixed when the bidding
-- begins (the bidding's dice derive from it) and kept for the game; its commitment is public
-- from then on. While a sealed bid is not matched by the other player's, only its bidder reads
-- it. Unix milliseconds where times are compared, ISO 8601 UTC where they are shown.

ALTER TABLE listings ADD COLUMN bidding TEXT;   -- JSON (bidding::Config); NULL: sides chosen or dealt

CREATE TABLE biddings (
  listing_id      INTEGER PRIMARY KEY REFERENCES listings(id),
  player0_id      INTEGER NOT NULL REFERENCES accounts(id),  -- the listing's owner
  player1_id      INTEGER NOT NULL REFERENCES accounts(id),
  seed            INTEGER NOT NULL,           -- the game's seed, as games.seed
  seed_nonce      TEXT    NOT NULL,
  seed_commitment TEXT    NOT NULL,
  started_at      TEXT    NOT NULL,
  deadline_ms     INTEGER,                    -- when the players still to act bid 0 or accept; NULL once over
  game_id         INTEGER REFERENCES games(id) -- once over
);
CREATE INDEX biddings_due ON biddings(deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE INDEX biddings_by_game ON biddings(game_id) WHERE game_id IS NOT NULL;

CREATE TABLE bids (
  listing_id INTEGER NOT NULL REFERENCES biddings(listing_id),
  seq        INTEGER NOT NULL,                 -- 1, 2, ... in the order made
  player     INTEGER NOT NULL CHECK (player IN (0, 1)),
  kind       TEXT    NOT NULL CHECK (kind IN ('sealed', 'bid', 'accept')),
  side       TEXT,
  vp         INTEGER NOT NULL,
  by_default INTEGER NOT NULL DEFAULT 0,       -- made by the deadline for a player who had not acted
  made_at    TEXT    NOT NULL,
  PRIMARY KEY (listing_id, seq)
) WITHOUT ROWID;
