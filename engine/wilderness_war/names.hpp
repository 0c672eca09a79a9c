#pragma once
// Enumerations with the stable string ids they have in the data files, the state JSON and the
// views. Each table lists the names in enum order, so converting is an index, not an if-chain.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace warpath::wilderness_war {

template <typename Enum, std::size_t N>
struct EnumNames {
  std::array<std::string_view, N> names;

  std::string_view operator()(Enum value) const { return names.at(static_cast<std::size_t>(value)); }

  std::optional<Enum> find(std::string_view name) const {
    for (std::size_t i = 0; i < N; ++i)
      if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
  }

  // Throws std::invalid_argument naming `what` when `name` is not one of the names.
  Enum parse(std::string_view name, std::string_view what) const {
    if (auto value = find(name)) return *value;
    throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(name) + "'");
  }
};

enum class Side : std::uint8_t { french, british };
inline constexpr EnumNames<Side, 2> side_names{{"french", "british"}};
inline constexpr EnumNames<Side, 2> side_titles{{"French", "British"}};  // for log lines and prompts
inline constexpr std::array<Side, 2> both_sides = {Side::french, Side::british};
constexpr Side enemy_of(Side side) { return side == Side::french ? Side::british : Side::french; }
constexpr std::size_t index_of(Side side) { return static_cast<std::size_t>(side); }

enum class Terrain : std::uint8_t { cultivated, wilderness, mountain, box };
inline constexpr EnumNames<Terrain, 4> terrain_names{{"cultivated", "wilderness", "mountain", "box"}};

enum class Department : std::uint8_t { none, st_lawrence, northern, southern };
inline constexpr EnumNames<Department, 4> department_names{{"none", "st_lawrence", "northern", "southern"}};

// Water connections are rivers or lake shores; both may also be used for land movement (2.0).
enum class ConnectionKind : std::uint8_t { land, river, lake };
inline constexpr EnumNames<ConnectionKind, 3> connection_kind_names{{"land", "river", "lake"}};

enum class ArrowKind : std::uint8_t { pays_d_en_haut, amphibious_landing };
inline constexpr EnumNames<ArrowKind, 2> arrow_kind_names{{"pays_d_en_haut", "amphibious_landing"}};

enum class UnitType : std::uint8_t { regulars, provincials, light_infantry, rangers, coureurs, indians, militia };
inline constexpr EnumNames<UnitType, 7> unit_type_names{
    {"regulars", "provincials", "light_infantry", "rangers", "coureurs", "indians", "militia"}};

enum class UnitSubtype : std::uint8_t {
  none,
  regular,
  royal_american,
  highland,
  marine_detachment,
  northern,
  southern
};
inline constexpr EnumNames<UnitSubtype, 7> unit_subtype_names{
    {"none", "regular", "royal_american", "highland", "marine_detachment", "northern", "southern"}};

enum class UnitClass : std::uint8_t { drilled_troops, auxiliary, militia };  // 3.1
inline constexpr EnumNames<UnitClass, 3> unit_class_names{{"drilled_troops", "auxiliary", "militia"}};

enum class EventSide : std::uint8_t { french, british, both };  // 5.12
inline constexpr EnumNames<EventSide, 3> event_side_names{{"french", "british", "both"}};

enum class Season : std::uint8_t { early, late };  // 4.0
inline constexpr EnumNames<Season, 2> season_names{{"early", "late"}};

enum class ProvincialAssemblies : std::uint8_t { reluctant, supportive, enthusiastic };  // 5.54
inline constexpr EnumNames<ProvincialAssemblies, 3> provincial_assemblies_names{
    {"reluctant", "supportive", "enthusiastic"}};

// Events whose effect lasts for the rest of the game and that the set-ups may pre-play.
enum class LastingEvent : std::uint8_t { william_pitt, diplomatic_revolution, quiberon_bay };
inline constexpr EnumNames<LastingEvent, 3> lasting_event_names{
    {"william_pitt", "diplomatic_revolution", "quiberon_bay"}};

enum class SetupMarker : std::uint8_t { fort, fort_under_construction, stockade, allied };
inline constexpr EnumNames<SetupMarker, 4> setup_marker_names{
    {"fort", "fort_under_construction", "stockade", "allied"}};

// When set-aside leaders come into play (1755 set-up).
enum class SetAsideTrigger : std::uint8_t { first_french_regulars_event, william_pitt_or_1759 };
inline constexpr EnumNames<SetAsideTrigger, 2> set_aside_trigger_names{
    {"first_french_regulars_event", "william_pitt_or_1759"}};

// Where a piece is. The pools are the reference's off-map boxes: `unused` holds counters not in
// play that events may bring in (5.52); `eliminated` holds eliminated units that may re-enter
// (7.61); `removed` holds counters out of the game for good (eliminated Regulars and Coureurs,
// killed leaders, counters a scenario does not use).
enum class LocationKind : std::uint8_t {
  unused,
  space,
  militia_box,
  leader_box,
  british_leader_pool,
  set_aside,
  eliminated,
  removed
};

}  // namespace warpath::wilderness_war
