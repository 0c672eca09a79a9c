#pragma once
// Supply (12.0): whether Drilled Troops of a side in a space can trace a supply line.

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// 12.1, 12.2, 12.21: a chain of spaces free of unbesieged enemy units and fortifications from
// `space` to a friendly-controlled, unbesieged supply source (an originally friendly fortress;
// for the British also a captured port or an Amphib space), every space but `space` itself being
// water-connected to the next and previous one, cultivated, a friendly fortification or Amphib.
// British units on an Amphib marker are in supply there, also while they besiege its fortification
// (Louisbourg, 8.231); an Amphib space where the French besiege the British supplies no other space.
bool is_in_supply(const State& s, SpaceIndex space, Side side);

}  // namespace warpath::wilderness_war
