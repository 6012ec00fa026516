#include "engine/referee/referee.hpp"

#include "engine/movegen/movegen.hpp"
#include "engine/rules/variant.hpp"  // KROON_VARIANTS

namespace kroon {
namespace {

constexpr int plies(int moves_each) { return 2 * moves_each; }

Verdict international_verdict(const DrawCounters& c, int occurrences) {
    if (occurrences >= 3) return {GameResult::Draw, Reason::Repetition};                 // art. 9e
    if (c.reversible_plies >= plies(25)) return {GameResult::Draw, Reason::NoProgress};  // art. 9d
    if (c.endgame.kind == Endgame::LoneKingVsTwo && c.endgame_plies >= plies(5))         // art. 9b
        return {GameResult::Draw, Reason::LoneKingVsTwo};
    if (c.endgame.kind == Endgame::LoneKingVsThree && c.endgame_plies >= plies(16))  // art. 9c
        return {GameResult::Draw, Reason::LoneKingVsThree};
    return {};
}

template <RuleSet R>
Verdict points_victory_verdict(const Position& pos, const DrawCounters& c, int occurrences) {
    if (c.endgame.kind == Endgame::LoneKingVsTwo && c.endgame_plies >= plies(5))  // art. 9.2b
        return {GameResult::Draw, Reason::LoneKingVsTwo};
    if (c.fortress && c.fortress_plies >= plies(5))  // art. 9.2a
        return {GameResult::Draw, Reason::LongDiagonal};
    if (c.endgame.kind == Endgame::LoneKingVsThree && c.endgame_plies >= plies(25))  // art. 8.6
        return {result_by_discs(pos), Reason::LoneKingVsThree};
    if (occurrences >= 3) return {result_by_discs(pos), Reason::Repetition};                 // art. 13.3a/b
    if (c.reversible_plies >= plies(25)) return {result_by_discs(pos), Reason::NoProgress};  // art. 13.3c
    return {};
}

template <RuleSet R>
Verdict frisian_verdict(const Position& pos, const DrawCounters& c, int occurrences, const RuleOptions& o) {
    if (c.endgame.kind == Endgame::OneKingEach && one_king_each_is_draw<R>(pos))  // art. 21.1
        return {GameResult::Draw, Reason::OneKingEach};
    if (c.endgame.kind == Endgame::TwoKingsVsOne && c.strong_moves >= two_kings_move_limit)  // art. 18
        return {GameResult::Draw, Reason::TwoKingsVsOne};
    if (o.frisian_repetition && occurrences >= 3) return {GameResult::Draw, Reason::Repetition};
    return {};
}

Verdict small_board_verdict(const DrawCounters& c, int occurrences, const RuleOptions& o) {
    if (occurrences >= 3) return {GameResult::Draw, Reason::Repetition};
    if (o.no_progress_moves_8x8 > 0 && c.reversible_plies >= plies(o.no_progress_moves_8x8))
        return {GameResult::Draw, Reason::NoProgress};
    return {};
}

}  // namespace

GameResult result_by_discs(const Position& pos) {
    const int lead = discs(pos, Color::White) - discs(pos, Color::Black);
    if (lead >= 3) return GameResult::WhitePointsVictory;
    if (lead <= -3) return GameResult::BlackPointsVictory;
    return GameResult::Draw;
}

template <RuleSet R>
bool one_king_each_is_draw(const Position& pos) {
    // The side to move can take the other king: not a draw, it wins.
    if (has_capture<R>(pos)) return false;
    // Its own king stands en prise: the game goes on (the rule asks for neither king en prise).
    if (has_capture<R>(pos, ~pos.side_to_move())) return false;
    // Every move walks into a capture: not a draw either.
    MoveList moves;
    generate_moves<R>(pos, moves);
    for (const Move& m : moves)
        if (!has_capture<R>(pos.after<R>(m))) return true;
    return false;
}

template <RuleSet R>
Verdict rule_verdict(const Position& pos, const DrawCounters& counters, int occurrences,
                     const RuleOptions& rule_options) {
    if constexpr (is_frisian<R>) {
        return frisian_verdict<R>(pos, counters, occurrences, rule_options);
    } else if constexpr (is_small_board<R>) {
        return small_board_verdict(counters, occurrences, rule_options);
    } else {
        return rule_options.points_victory ? points_victory_verdict<R>(pos, counters, occurrences)
                                           : international_verdict(counters, occurrences);
    }
}

template <RuleSet R>
Verdict judge(const Position& pos, const DrawCounters& counters, int occurrences, const RuleOptions& rule_options) {
    if constexpr (R::first_king_wins) {
        // Breakthrough: the generator gives no moves once a king stands on the board.
        if (pos.kings()) return {win_for(pos.kings(Color::White) ? Color::White : Color::Black), Reason::FirstKing};
    }
    // KNDB art. 8a, Frisian art. 20 (1e, 6e), English art. 6: no piece or no move loses;
    // in antidraughts it wins.
    if (count_moves<R>(pos) == 0) {
        const Color stuck = pos.side_to_move();
        return {win_for(R::losing_game ? stuck : ~stuck), Reason::NoLegalMove};
    }
    return rule_verdict<R>(pos, counters, occurrences, rule_options);
}

#define KROON_REFEREE_FOR(name, R)                                                                   \
    template Verdict rule_verdict<R>(const Position&, const DrawCounters&, int, const RuleOptions&); \
    template Verdict judge<R>(const Position&, const DrawCounters&, int, const RuleOptions&);        \
    template bool one_king_each_is_draw<R>(const Position&);
KROON_VARIANTS(KROON_REFEREE_FOR)
#undef KROON_REFEREE_FOR

}  // namespace kroon
