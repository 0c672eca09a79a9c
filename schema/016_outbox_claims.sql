-- Claims on outbox messages, for several server nodes on one database: a sender takes
-- a batch of due messages by writing its node id and an expiry into them, and another node's
-- sender passes over a message while its claim holds. A claim ends when the message is marked
-- (sent, a failed attempt, given up) or when it expires: a node that died holding claims leaves
-- its messages to the others once that time is past (its own restart takes them back at once).
-- claimed_until is Unix seconds, as the table's other times; both are NULL when unclaimed.
-- The partial index outbox_due still serves the pick: claimed rows are few (a batch per node) and
-- are filtered out of its range scan.

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
