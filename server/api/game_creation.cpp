#include "server/api/game_creation.hpp"

#include "server/records/game_record.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

using nlohmann::json;

std::variant<RoomError, PreparedGame> prepare_game(ServerContext& context, GameRequest request) {
  const auto* module = context.games.find(request.title);
  if (!module)
    return RoomError{protocol::ErrorCode::unknown_title, "no game module has the title '" + request.title + "'"};
  if (request.scenario.empty()) request.scenario = module->info().scenarios.front().id;
  const std::uint64_t seed = request.seed.value_or(new_game_seed());
  const std::string nonce = request.seed_nonce.value_or(new_token(16));
  PreparedGame prepared{{module->info().title_id,
                         request.scenario,
                         request.options,
                         seed,
                         json::array(),
                         nonce,
                         records::seed_commitment(seed, nonce),
                         {},
                         request.time_control,
                         std::string("warpath ") + WARPATH_VERSION},
                        json::object()};
  try {
    auto state = module->setup(request.scenario, request.options, seed);
    prepared.game.active_roles = module->active_roles(*state);
  } catch (const std::exception& e) {
    return RoomError{protocol::ErrorCode::bad_setup, e.what()};
  }
  for (const auto& role : module->info().roles) {
    const std::string token = new_seat_token();
    prepared.tokens[role] = token;
    prepared.game.token_hashes[role] = sha256_hex(token);
  }
  return prepared;
}

void create_game(ServerContext& context, GameRequest request, std::function<void(CreationResult)> done) {
  auto prepared = prepare_game(context, std::move(request));
  if (auto* error = std::get_if<RoomError>(&prepared)) return done(*error);
  auto& game = std::get<PreparedGame>(prepared);
  CreatedGame created{0, std::move(game.tokens)};
  auto id = std::make_shared<protocol::GameId>(0);
  context.commits.submit(storage::GameStore::create_game(std::move(game.game), id),
                         [done, id, created](std::optional<std::string> error) mutable {
                           if (error) return done(RoomError{protocol::ErrorCode::storage_error, *error});
                           created.id = *id;
                           done(created);
                         });
}

json seat_links(const std::string& origin, const CreatedGame& game) {
  json links = json::object();
  const std::string page = origin + "/game.html?game=" + std::to_string(game.id);
  for (const auto& [role, token] : game.tokens.items())
    links[role] = page + "#seat=" + role + "&token=" + token.get<std::string>();
  links["spectator"] = page + "#seat=spectator";
  return links;
}

}  // namespace warpath::server
