// PLACEHOLDER until the year-end procedure lands: the game ends as a draw after its last year.
#include "engine/wilderness_war/year_end.hpp"

namespace warpath::wilderness_war {

void begin_year_end(State& s) {
  if (s.year >= s.scenario().end_year) {
    s.outcome = Outcome{std::nullopt, "placeholder"};
    s.phase = Phase::game_over;
    s.step = Step::game_over;
    return;
  }
  year_end_finished(s);
}
void list_year_end_actions(const State&, ActionList&) {}
void apply_year_end(State&, const engine::Action&) {}
std::string year_end_prompt(const State&) { return "Year end."; }

}  // namespace warpath::wilderness_war
