-- PostgreSQL dialect of schema/006_records.sql (read it for what the columns hold): the same.

ALTER TABLE games ADD COLUMN seed_nonce TEXT;
ALTER TABLE games ADD COLUMN seed_commitment TEXT;
