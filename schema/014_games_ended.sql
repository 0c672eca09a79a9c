-- The finished games in the order they ended: the rating job (server/ratings/rating_service.cpp)
-- reads only those ended since shortly before the last game it rated, not every rated game.
CREATE INDEX games_over_by_end ON games(updated_at, id) WHERE status = 'over';
