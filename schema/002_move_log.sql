-- Each move keeps what it did to the game log, so that a game's state holds only the log's newest
-- lines (engine/core/log_stream.hpp): JSON, NULL when no seat's log changed; {keep, lines} when
-- every seat's changed alike; otherwise {"seats": {seat: {keep, lines} or null}}. Moves stored
-- before this column have NULL: their games page back only as far as their states hold.

ALTER TABLE moves ADD COLUMN log TEXT;
