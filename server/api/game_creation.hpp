#pragma once
// Creating a game: check title, scenario and options by setting the game up once, deal a token
// to every role, and store the game with the tokens' hashes only.

#include <functional>
#include <optional>
#include <string>
#include <variant>

#include "server/clocks/clock_rules.hpp"
#include "server/net/server_context.hpp"
#include "server/rooms/room.hpp"

namespace warpath::server {

struct GameRequest {
  std::string title;
  std::string scenario;  // empty: the module's first
  nlohmann::json options = nlohmann::json::object();
  std::optional<std::uint64_t> seed;                // empty: a random one
  std::optional<clocks::TimeControl> time_control;  // none: untimed
  std::optional<std::string> seed_nonce;            // with `seed`: the nonce it was committed with; empty: a new one
};

struct CreatedGame {
  protocol::GameId id = 0;
  nlohmann::json tokens;  // role -> token, shown once and never again
};

using CreationResult = std::variant<RoomError, CreatedGame>;

// A game checked (set up once) and its tokens dealt, ready to be stored.
struct PreparedGame {
  storage::NewGame game;
  nlohmann::json tokens;  // role -> token
};
std::variant<RoomError, PreparedGame> prepare_game(ServerContext& context, GameRequest request);

// `done` runs on the commit thread once the game is durably stored (or refused).
void create_game(ServerContext& context, GameRequest request, std::function<void(CreationResult)> done);

// Page links for every seat; tokens ride in the fragment, which browsers never send to a server.
nlohmann::json seat_links(const std::string& origin, const CreatedGame& game);

}  // namespace warpath::server
