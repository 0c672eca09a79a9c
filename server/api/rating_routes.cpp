#include "server/api/rating_routes.hpp"

#include <charconv>
#include <cmath>

#include "server/api/bidding_work.hpp"
#include "server/ratings/rating_service.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;
using tournaments::Seat;

namespace {

constexpr int leaderboard_default = 100;
constexpr int leaderboard_most = 1000;
constexpr int recent_shown = 10;

// x rounded to 1/scale (10: tenths), the nearest double to that decimal.
double rounded(double x, double scale) { return std::round(x * scale) / scale; }

json rating_brief(const tournaments::Rating& r) {
  return {{"rating", rounded(r.rating, 10)}, {"deviation", rounded(r.deviation, 10)}, {"games", r.games}};
}

// The side term in the model's own terms: one entry per assignment of the two players to seats.
json fair_bid_for(const tournaments::Rating& first, const tournaments::Rating& second,
                  const tournaments::SideModel& side, const std::vector<std::string>& roles, int max_vp) {
  auto hint = tournaments::fair_bid(first, second, side);
  if (hint.bid && hint.bid->vp > max_vp) {  // no more than the title allows
    hint.bid->vp = max_vp;
    hint.first_score = tournaments::predicted_first_score(first, second, tournaments::side_points(side, hint.bid));
  }
  const bool bid = hint.bid && hint.bid->vp > 0;
  return {{"side", bid ? json(roles[hint.bid->favours == Seat::first ? 0 : 1]) : json()},
          {"vp", bid ? hint.bid->vp : 0},
          {"first_score", rounded(hint.first_score, 10000)}};
}

}  // namespace

bool rating_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                   const Respond& respond) {
  constexpr std::string_view prefix = "/api/ratings/";
  if (!target.starts_with(prefix)) return false;
  const auto title = std::string(target.substr(prefix.size()));
  if (!takes(request, {http::verb::get}, respond)) return true;
  if (title.empty() || title.find('/') != std::string::npos || !context.games.find(title)) {
    respond(error_response(request, ErrorCode::unknown_title, "no such title"));
    return true;
  }
  int limit = leaderboard_default;
  if (const auto text = query_parameter(request, "limit")) {
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), limit);
    if (ec != std::errc() || end != text->data() + text->size() || limit < 1 || limit > leaderboard_most) {
      respond(error_response(request, ErrorCode::bad_message,
                             "'limit' must be a whole number from 1 to " + std::to_string(leaderboard_most)));
      return true;
    }
  }
  json players = json::array();
  if (context.ratings) {
    int rank = 0;
    for (const auto& row : context.ratings->store().leaderboard(title, limit)) {
      json entry = rating_brief(row.rating);
      entry["rank"] = ++rank;
      entry["name"] = row.name;
      players.push_back(std::move(entry));
    }
  }
  respond(json_response(request, http::status::ok,
                        {{"title", title}, {"title_name", title_name(context, title)}, {"players", players}}));
  return true;
}

json player_ratings_json(ServerContext& context, std::int64_t account) {
  json out = json::array();
  if (!context.ratings) return out;
  for (const auto& row : context.ratings->store().account_ratings(account)) {
    const auto* module = context.games.find(row.title);
    json entry = rating_brief(row.rating);
    entry["title"] = row.title;
    entry["title_name"] = title_name(context, row.title);
    json recent = json::array();
    for (const auto& e : context.ratings->store().recent(account, row.title, recent_shown)) {
      const auto seat = e.seat == Seat::first ? 0 : 1;
      const bool named = module && module->info().roles.size() == 2;
      recent.push_back({{"game", e.game},
                        {"opponent", e.opponent},
                        {"side", named ? json(module->info().roles[static_cast<std::size_t>(seat)]) : json()},
                        {"outcome", e.score == 1   ? "win"
                                    : e.score == 0 ? "loss"
                                                   : "draw"},
                        {"before", rounded(e.before.rating, 10)},
                        {"after", rounded(e.after.rating, 10)},
                        {"ended_at", e.ended_at}});
    }
    entry["recent"] = std::move(recent);
    out.push_back(std::move(entry));
  }
  return out;
}

json listed_rating(ServerContext& context, const std::string& title, std::int64_t account) {
  if (!context.ratings) return nullptr;
  return std::lround(context.ratings->rating(title, account).rating);
}

json fair_bid_json(ServerContext& context, const storage::ListingRecord& listing,
                   const std::array<std::int64_t, 2>& players) {
  const auto* module = context.games.find(listing.title);
  if (!context.ratings || !module || !module->info().bid_option || module->info().roles.size() != 2) return nullptr;
  const auto& info = module->info();
  const auto side = context.ratings->side(listing.title, listing.scenario);
  const auto owner = context.ratings->rating(listing.title, players[0]);
  const auto other = context.ratings->rating(listing.title, players[1]);
  std::array<std::string, 2> names;
  for (std::size_t p = 0; p < 2; ++p)
    for (const auto& player : listing.players)
      if (player.account == players[p]) names[p] = player.name;
  json hint = fair_bid_for(owner, other, side, info.roles, info.bid_option->max_vp);
  json swapped = fair_bid_for(other, owner, side, info.roles, info.bid_option->max_vp);
  if (hint["side"].is_null() && swapped["side"].is_null()) return nullptr;
  const auto seats = [&](const std::string& first, const std::string& second) {
    return json::array({{{"role", info.roles[0]}, {"name", first}}, {{"role", info.roles[1]}, {"name", second}}});
  };
  hint["seats"] = seats(names[0], names[1]);
  swapped["seats"] = seats(names[1], names[0]);
  hint["swapped"] = std::move(swapped);
  return hint;
}

}  // namespace warpath::server
