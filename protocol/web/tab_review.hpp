// A review: the game shown scored ply by ply, one short search each, from the start to its
// end (positions that are over are skipped). It goes on while each search ends by itself;
// stopping the search or changing the game ends it. Which positions are over is found once,
// when it begins: each step then costs the same however long the game.
#pragma once

#include <optional>
#include <vector>

#include "protocol/web/tab_game.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

class TabReview {
public:
    void begin(double seconds, const TabGame& shown) {
        seconds_ = seconds;
        next_ply_ = 0;
        over_ = shown.over_by_ply();
    }
    void cancel() {
        next_ply_ = -1;
        over_.clear();
    }
    bool active() const { return next_ply_ >= 0; }

    struct Step {
        int ply;
        search::Limits limits;
    };
    // The next ply to search in the game shown, or none: the review is over.
    std::optional<Step> next(const TabGame& shown);

private:
    int next_ply_ = -1;  // -1: no review
    double seconds_ = 0.3;
    std::vector<bool> over_;  // per ply of the game reviewed: its position is over
};

}  // namespace kroon::web
