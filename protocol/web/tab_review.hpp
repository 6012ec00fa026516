// A review: the game shown scored ply by ply, one short search each, from the start to its
// end (positions that are over are skipped). It goes on while each search ends by itself;
// stopping the search or changing the game ends it.
#pragma once

#include <optional>

#include "protocol/web/tab_game.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

class TabReview {
public:
    void begin(double seconds) {
        seconds_ = seconds;
        next_ply_ = 0;
    }
    void cancel() { next_ply_ = -1; }
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
};

}  // namespace kroon::web
