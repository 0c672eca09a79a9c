-- PostgreSQL dialect of schema/011_bidding.sql (read it for what each table is): BIGINT for
-- INTEGER. biddings.listing_id is SQLite's INTEGER PRIMARY KEY too, but always given (the
-- listing's id), so it is no identity here.

ALTER TABLE listings ADD COLUMN bidding TEXT;

CREATE TABLE biddings (
  listing_id      BIGINT  PRIMARY KEY REFERENCES listings(id),
  player0_id      BIGINT  NOT NULL REFERENCES accounts(id),
  player1_id      BIGINT  NOT NULL REFERENCES accounts(id),
  seed            BIGINT  NOT NULL,
  seed_nonce      TEXT    NOT NULL,
  seed_commitment TEXT    NOT NULL,
  started_at      TEXT    NOT NULL,
  deadline_ms     BIGINT,
  game_id         BIGINT  REFERENCES games(id)
);
CREATE INDEX biddings_due ON biddings(deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE INDEX biddings_by_game ON biddings(game_id) WHERE game_id IS NOT NULL;

CREATE TABLE bids (
  listing_id BIGINT  NOT NULL REFERENCES biddings(listing_id),
  seq        BIGINT  NOT NULL,
  player     BIGINT  NOT NULL CHECK (player IN (0, 1)),
  kind       TEXT    NOT NULL CHECK (kind IN ('sealed', 'bid', 'accept')),
  side       TEXT,
  vp         BIGINT  NOT NULL,
  by_default BIGINT  NOT NULL DEFAULT 0,
  made_at    TEXT    NOT NULL,
  PRIMARY KEY (listing_id, seq)
);
