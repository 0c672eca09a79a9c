-- PostgreSQL dialect of schema/014_games_ended.sql (read it for what the index serves): the same.
CREATE INDEX games_over_by_end ON games(updated_at, id) WHERE status = 'over';
