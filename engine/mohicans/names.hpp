#pragma once
// Mohicans' enumerations with the stable string ids they have in the data files, the state JSON
// and the views. Each table lists the names in enum order, so converting is an index.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace warpath::mohicans {

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

// Who holds a location (THE MAPBOARD's colour code; ambiguity 36): `iroquois` is neutral land,
// friendly to nobody; `native` is a green village, French-friendly until the British take it.
enum class Owner : std::uint8_t { french, british, iroquois, native };
inline constexpr EnumNames<Owner, 4> owner_names{{"french", "british", "iroquois", "native"}};
constexpr Owner owner_of(Side side) { return side == Side::french ? Owner::french : Owner::british; }

enum class LocationType : std::uint8_t { city, town, fort, portage, village };  // LAND STACKING
inline constexpr EnumNames<LocationType, 5> location_type_names{{"city", "town", "fort", "portage", "village"}};

enum class Terrain : std::uint8_t { woods, clear };  // Combat: TERRAIN
inline constexpr EnumNames<Terrain, 2> terrain_names{{"woods", "clear"}};

// TRANSPORTATION LINES: the type decides the cost; `via` says how a waterway runs (a lake move is
// not a drawn line: ambiguity 24).
enum class LineType : std::uint8_t { road, trail, waterway };
inline constexpr EnumNames<LineType, 3> line_type_names{{"road", "trail", "waterway"}};
enum class LineVia : std::uint8_t { overland, river, coast, lake };
inline constexpr EnumNames<LineVia, 4> line_via_names{{"overland", "river", "coast", "lake"}};

// The side a counter is printed for: Iroquois and green tribes are neither's own.
enum class UnitSide : std::uint8_t { french, british, iroquois, native };
inline constexpr EnumNames<UnitSide, 4> unit_side_names{{"french", "british", "iroquois", "native"}};

enum class UnitKind : std::uint8_t {
  european_regular,
  colonial_regular,
  ranger,
  militia,
  troupes_de_marine,
  garrison,
  coureur_de_bois,
  iroquois,
  tribe
};
inline constexpr EnumNames<UnitKind, 9> unit_kind_names{{"european_regular", "colonial_regular", "ranger", "militia",
                                                         "troupes_de_marine", "garrison", "coureur_de_bois", "iroquois",
                                                         "tribe"}};

enum class Category : std::uint8_t { regular, militia, irregular };  // TYPES OF TROOPS
inline constexpr EnumNames<Category, 3> category_names{{"regular", "militia", "irregular"}};

enum class NavalKind : std::uint8_t { naval_squadron, troop_convoy, supply_convoy, privateer, sea_lift };
inline constexpr EnumNames<NavalKind, 5> naval_kind_names{
    {"naval_squadron", "troop_convoy", "supply_convoy", "privateer", "sea_lift"}};

// Ambiguity 1: 1754 and 1760 have one turn (`single`), the other years a spring and a summer turn.
enum class Season : std::uint8_t { single, spring, summer };
inline constexpr EnumNames<Season, 3> season_names{{"single", "spring", "summer"}};

}  // namespace warpath::mohicans
