#include "protocol/web/tab_review.hpp"

namespace kroon::web {

std::optional<TabReview::Step> TabReview::next(const TabGame& shown) {
    const int plies = shown.plies();
    while (next_ply_ >= 0 && next_ply_ <= plies && shown.game_at(next_ply_).is_over()) ++next_ply_;
    if (next_ply_ < 0 || next_ply_ > plies) {
        next_ply_ = -1;
        return std::nullopt;
    }
    Step step{next_ply_++, {}};
    step.limits.move_time = seconds_;
    step.limits.analysis = true;
    return step;
}

}  // namespace kroon::web
