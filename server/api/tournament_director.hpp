#pragma once
// The tournament director (docs/PROTOCOL.md, "Tournaments"): the clock-scheduler job that runs
// every tournament from the database alone. At the close of registration it starts a tournament
// (seeds fixed by rating) or cancels it with too few players; it reads each pairing's result from
// its game, adjudicates the games a round's deadline overtakes (through the game's room, so the
// move is committed and broadcast like a timeout) after closing a bidding still open with its
// defaults, finishes a round once every pairing is decided, and pairs the next one with the rules
// of server/tournaments/director.hpp — each pairing's listing and its bidding (or, balanced sides,
// its game) created by the lobby's code in the round's own transaction — or finishes the
// tournament. Every step checks in its transaction that the tournament is as it was read, so
// running it twice, or from two threads, changes nothing more.

#include <optional>
#include <string>

#include "server/net/server_context.hpp"
#include "server/storage/tournament_store.hpp"
#include "server/tournaments/director.hpp"

namespace warpath::server {

// Each look of the clock scheduler: the tournaments due to start, then every running one.
void work_tournaments(ServerContext& context, const std::string& origin);

// Runs one tournament's director now (after an organiser's start or a withdrawal).
void direct_tournament(ServerContext& context, storage::TournamentId id, const std::string& origin);

// Starts the tournament (seeds by rating, then registration order) when it has its minimum of
// players, else cancels it; false when neither could be stored (changed meanwhile).
bool start_or_cancel(ServerContext& context, storage::TournamentId id, const std::string& origin);

// The stored tournament as the director's rules take it.
tournaments::FormatConfig format_config(const storage::TournamentRecord& t);
tournaments::TournamentState tournament_state(const storage::TournamentRecord& t,
                                              const std::vector<storage::TournamentPlayerRecord>& players,
                                              const std::vector<storage::RoundRecord>& rounds,
                                              const std::vector<storage::PairingRecord>& pairings);

}  // namespace warpath::server
