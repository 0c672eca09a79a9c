-- Verifiable dice: each game commits to its random seed when it is created. The commitment is
-- SHA-256 of "<seed>:<nonce>" (the nonce: 128 random bits, so that the seed cannot be found by
-- trying seeds against it); it is public from the start, the seed and nonce only once the game is
-- over (the game record, GET /api/games/{id}/record; `warpath verify` checks them). Games created
-- before this column have neither.

ALTER TABLE games ADD COLUMN seed_nonce TEXT;
ALTER TABLE games ADD COLUMN seed_commitment TEXT;
