#include "search/game_progress.hpp"

#include <algorithm>

namespace kroon::search {
namespace {

template <RuleSet R>
int rows_to_go(const Position& position) {
    using B = typename R::Board;
    int rows = 0;
    // White is crowned on row 0, Black on the last row (promotion_row).
    for (int b : Bits{position.men(Color::White)}) rows += B::row_of_bit(b);
    for (int b : Bits{position.men(Color::Black)}) rows += B::rows - 1 - B::row_of_bit(b);
    return rows;
}

}  // namespace

double men_progress(const Position& position, Variant variant) {
    return with_rules(variant, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        const int start = rows_to_go<R>(Position::start<R>());
        if (start == 0) return 1.0;
        return std::clamp(1.0 - static_cast<double>(rows_to_go<R>(position)) / start, 0.0, 1.0);
    });
}

}  // namespace kroon::search
