-- PostgreSQL dialect of schema/002_move_log.sql (read it for what the column holds): the same.

ALTER TABLE moves ADD COLUMN log TEXT;
