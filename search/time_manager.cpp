#include "search/time_manager.hpp"

#include <algorithm>

namespace kroon::search {

double sudden_death_moves(double men_progress) {
    const double p = std::clamp(men_progress, sudden_death_early_until, sudden_death_late_from);
    const double share = (p - sudden_death_early_until) / (sudden_death_late_from - sudden_death_early_until);
    return sudden_death_moves_early + share * (sudden_death_moves_late - sudden_death_moves_early);
}

TimePlan plan_time(const Limits& limits, double men_progress) {
    TimePlan plan;
    if (limits.move_time > 0) {
        // A fixed time per move: use it, less a little for the reply to reach the GUI.
        const double hard = std::max(0.001, limits.move_time - std::min(0.03, 0.1 * limits.move_time));
        plan = {hard, hard};
    }
    if (limits.time_left >= 0) {
        // The increment comes after the move (Limits): the clock holds all this move has. Up
        // to an increment's worth of it comes back after every move and may be spent on each;
        // the rest is shared among the moves to come.
        const double available = limits.time_left;
        const double income = std::clamp(limits.increment, 0.0, available);
        const double capital = available - income;
        const double margin = clock_margin + 0.02 * capital;
        const double usable = std::max(0.3 * available, available - margin);
        // With N moves to go share the time among them, and whatever is left over carries to
        // the next period (engine/referee/clock.hpp).
        double moves = sudden_death_moves_early;
        if (limits.moves_to_go > 0)
            moves = std::min(limits.moves_to_go, 50);
        else if (capital > sudden_death_late_needs)
            moves = sudden_death_moves(men_progress);
        double soft = std::max(0.0, capital - margin) / moves + 0.9 * income;
        if (limits.pondering_enabled) soft *= ponder_time_factor;
        double hard = limits.moves_to_go == 1 ? usable : std::min(usable * 0.5, soft * 4);
        soft = std::min(soft, usable);
        hard = std::max(std::min(hard, usable), std::min(soft, usable));
        hard = std::max(hard, 0.001);
        soft = std::max(std::min(soft, hard), 0.001);
        if (plan.hard == 0 || hard < plan.hard) plan = {soft, hard};
    }
    return plan;
}

}  // namespace kroon::search
