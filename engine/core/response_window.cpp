// Response windows and standing orders (response_window.hpp): scope names, and which windows a
// player's orders decline.
#include "engine/core/response_window.hpp"

namespace warpath::engine {

namespace {
constexpr std::array<std::string_view, 3> scope_names = {"move", "action_phase", "season"};
}

std::string_view to_string(PassScope scope) { return scope_names.at(static_cast<std::size_t>(scope)); }

std::optional<PassScope> pass_scope_named(std::string_view name) {
  for (PassScope scope : pass_scopes)
    if (to_string(scope) == name) return scope;
  return std::nullopt;
}

const std::string& Periods::of(PassScope scope) const {
  switch (scope) {
    case PassScope::move:
      return move;
    case PassScope::action_phase:
      return action_phase;
    case PassScope::season:
      return season;
  }
  return season;
}

bool StandingOrders::covers(const ResponseWindow& window, const Periods& now) const {
  if (auto_pass.count(window.kind)) return true;
  for (const auto& [scope, period] : passing)
    if (now.of(scope) == period) return true;
  return false;
}

bool StandingOrders::drop_expired(const Periods& now) {
  return std::erase_if(passing, [&](const auto& entry) { return now.of(entry.first) != entry.second; }) > 0;
}

}  // namespace warpath::engine
