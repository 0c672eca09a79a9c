#include "engine/wilderness_war/setup.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "engine/wilderness_war/deck.hpp"

namespace warpath::wilderness_war {
namespace {

using nlohmann::json;

void place_pieces(State& state, const Setup& setup) {
  // Every piece starts unused (not in play, 5.52) unless the set-up says otherwise.
  for (const auto& placement : setup.placements) state.change_piece(placement.piece).location = placement.location;
  for (PieceIndex leader : setup.british_leader_pool)  // 5.55
    state.change_piece(leader).location = Location::pool(LocationKind::british_leader_pool);
  for (PieceIndex piece : setup.set_aside) state.change_piece(piece).location = Location::pool(LocationKind::set_aside);
  for (PieceIndex piece : setup.removed_from_game)
    state.change_piece(piece).location = Location::pool(LocationKind::removed);
}

void place_markers(State& state, const Setup& setup) {
  // The marker kind picks which field of the space it sets (in SetupMarker order).
  constexpr std::array<std::optional<Side> SpaceState::*, 4> field_of_marker = {
      &SpaceState::fort, &SpaceState::fort_under_construction, &SpaceState::stockade, &SpaceState::allied};
  for (const auto& m : setup.markers)
    state.change_space(m.space).*field_of_marker[static_cast<std::size_t>(m.marker)] = m.side;
  for (SpaceIndex f : state.data().fortresses)  // 2.0: fortresses start with their original owners
    state.change_space(f).fortress_owner = state.data().spaces[static_cast<std::size_t>(f)].originally_friendly_to;
  for (const auto& [space, side] : setup.vp_space_holders) {  // 13.23
    const auto& vp_spaces = state.data().vp_spaces;
    const auto at = std::find(vp_spaces.begin(), vp_spaces.end(), space);
    if (at == vp_spaces.end()) throw DataError("set-up " + setup.id + " names a VP holder of a non-VP space");
    state.vp_space_holders[static_cast<std::size_t>(at - vp_spaces.begin())] = side;
  }
}

int signed_bid(const Options& options) {  // 13.3: the bid moves the VP marker toward the bid's side
  if (!options.bid) return 0;
  return options.bid->side == Side::french ? options.bid->vp : -options.bid->vp;
}

std::string vp_text(int vp) {
  if (vp == 0) return "VP 0";
  return std::string(side_titles(vp > 0 ? Side::french : Side::british)) + " " + std::to_string(vp > 0 ? vp : -vp) +
         " VP";
}

std::string season_text(Season season, int year) {
  return std::string(season == Season::early ? "Early" : "Late") + " Season " + std::to_string(year);
}

void note_start(State& state, const Scenario& scenario) {
  state.note("", "setup", scenario.id,
             scenario.name + ", " + std::to_string(scenario.start_year) + "-" + std::to_string(scenario.end_year) +
                 ". Start: " + vp_text(scenario.starting_vp) + ".");
  if (const auto& bid = state.options.bid)
    state.note("", "bid", bid->vp,
               "Bid (13.3): " + std::to_string(bid->vp) + " VP toward the " + std::string(side_titles(bid->side)) +
                   "; " + vp_text(state.vp) + ".");
}

void prepare_deck(State& state, const Scenario& scenario) {
  state.draw_pile = scenario.deck;
  state.rng.shuffle(std::span<CardNumber>(state.draw_pile));
  state.removed = scenario.removed_at_start;  // #63-70 in the 1757 scenarios
}

}  // namespace

Options parse_setup_options(const json& options) {
  try {
    return options_from_json(options);
  } catch (const std::invalid_argument& e) {
    throw engine::SetupError(e.what());
  }
}

std::unique_ptr<State> set_up_scenario(std::string_view scenario_id, const Options& options, std::uint64_t seed,
                                       const GameData& data) {
  const Scenario* scenario = data.find_scenario(scenario_id);
  if (!scenario) throw engine::SetupError("unknown scenario '" + std::string(scenario_id) + "'");
  const Setup& setup = data.setups.at(static_cast<std::size_t>(scenario->setup));

  auto state = std::make_unique<State>(data);
  State& s = *state;
  s.scenario_index = static_cast<std::uint8_t>(scenario - data.scenarios.data());
  s.options = options;
  s.rng = engine::Rng(seed);
  s.year = scenario->start_year;
  s.season = scenario->start_season;
  place_pieces(s, setup);
  place_markers(s, setup);
  s.provincial_assemblies = scenario->provincial_assemblies_start;
  for (LastingEvent event : scenario->events_in_effect_at_start) s.year_track.lasting(event) = true;
  s.vp = scenario->starting_vp + signed_bid(options);
  note_start(s, *scenario);

  prepare_deck(s, *scenario);
  s.phase = Phase::deal_cards;
  deal_cards(s);
  s.note("", "deal", nullptr,
         season_text(s.season, s.year) + ": the French are dealt " + std::to_string(s.hand_size(Side::french)) +
             " cards, the British " + std::to_string(s.hand_size(Side::british)) + ".");
  s.phase = Phase::action_phases;
  s.active = s.first_player();
  return state;
}

}  // namespace warpath::wilderness_war
