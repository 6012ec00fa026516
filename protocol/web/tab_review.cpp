#include "protocol/web/tab_review.hpp"

namespace kroon::web {

std::optional<TabReview::Step> TabReview::next(const TabGame& shown) {
    const int plies = static_cast<int>(over_.size()) - 1;
    // The game reviewed is the game shown: any change to it stops the review first.
    if (plies != shown.plies()) cancel();
    while (next_ply_ >= 0 && next_ply_ <= plies && over_[static_cast<std::size_t>(next_ply_)]) ++next_ply_;
    if (next_ply_ < 0 || next_ply_ > plies) {
        cancel();
        return std::nullopt;
    }
    Step step{next_ply_++, {}};
    step.limits.move_time = seconds_;
    step.limits.analysis = true;
    return step;
}

}  // namespace kroon::web
