-- PostgreSQL dialect of schema/016_outbox_claims.sql (read it for what the claim is): BIGINT for
-- INTEGER. Here the pick also locks the rows it takes (FOR UPDATE SKIP LOCKED), so two nodes
-- claiming at the same moment never take the same message.

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;
