-- PostgreSQL dialect of schema/017_moves_in_arrival_order.sql: nothing to do. A PostgreSQL table
-- is a heap that keeps rows where they arrive, and its primary key is an index apart, which is
-- the layout SQLite's moves table takes there.

SELECT 1;
