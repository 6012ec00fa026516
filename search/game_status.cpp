#include "search/game_status.hpp"

#include <algorithm>

#include "engine/movegen/movegen.hpp"
#include "search/search_context.hpp"

namespace kroon::search {

GameStatus game_status(Variant variant, const Position& start, const std::vector<Move>& moves) {
    const RootState root = make_root(variant, start, moves);
    const Position& pos = root.position;
    MoveList legal;
    generate_moves(variant, pos, legal);
    if (legal.empty()) return {GameState::Lost, DrawRule::None};

    // Only positions since the last man move or capture can be the same as this one.
    const auto window = std::min<std::size_t>(root.counters.reversible_plies, root.history.size());
    const auto repeats = std::count(root.history.end() - static_cast<std::ptrdiff_t>(window),
                                    root.history.end(), pos.hash());
    if (repeats >= 2) return {GameState::Drawn, DrawRule::Repetition};

    const DrawRule rule = with_rules(variant, [&](auto tag) {
        return DrawRules<typename decltype(tag)::Rules>::rule(root.counters, pos);
    });
    if (rule == DrawRule::KingVsKing) {
        // Frisian art. 21: not while a king is en prise or must move into a capture.
        if (legal[0].is_capture()) return {};
        for (const Move& m : legal) {
            Position next = pos;
            play_move(variant, next, m);
            MoveList replies;
            generate_moves(variant, next, replies);
            if (replies.empty() || !replies[0].is_capture()) return {GameState::Drawn, rule};
        }
        return {};
    }
    if (rule != DrawRule::None) return {GameState::Drawn, rule};
    return {};
}

std::string_view draw_rule_text(DrawRule rule) {
    switch (rule) {
        case DrawRule::None: return "no draw";
        case DrawRule::Repetition: return "threefold repetition (KNDB art. 9e)";
        case DrawRule::KingsOnlyMoves: return "25 moves each with only kings and no capture (KNDB art. 9d)";
        case DrawRule::KingVsTwo: return "5 moves each with one king against at most two pieces (KNDB art. 9b)";
        case DrawRule::KingVsThree: return "16 moves each with one king against three pieces (KNDB art. 9c)";
        case DrawRule::TwoKingsVsKing: return "two kings did not beat one king in 7 moves (Frisian art. 18)";
        case DrawRule::KingVsKing: return "one king each (Frisian art. 21)";
    }
    return "draw";
}

}  // namespace kroon::search
