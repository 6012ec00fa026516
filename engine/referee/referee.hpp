// The referee: the result of a position by the rules of the variant, with the reason.
//
//   judge()        everything: no legal move (a loss), then the variant's draw rules.
//   rule_verdict() the draw rules alone, for the search, which finds "no legal move" itself.
//
// What each variant applies (docs/rules.md; the article is in each Verdict's description):
//   international  KNDB art. 8a, 9b-e. Draw by agreement (art. 9a, 13) is for front ends.
//   points victory the KNDB points-victory articles: art. 9.2a/b draws, art. 8.6 (25 more
//                  moves in one king against three, then the disc count), the claims of
//                  art. 13.3 (third repetition, 25 moves each without capture or man move;
//                  result by the disc count). The 16-move rule is dropped. Engines cannot
//                  claim over Hub or DXP, so the referee claims for them as soon as a claim is
//                  possible; the result does not depend on who claims.
//   frisian        art. 18 (two kings against one: 7 moves of the strong side), art. 21 (one
//                  king each). No repetition rule unless RuleOptions::frisian_repetition.
//   english        Huisman en Hötte leaflet, English part, art. 6 (no move: loss; draws only
//                  by agreement); Kroon adds threefold repetition (the leaflet's custom in its
//                  other parts) and RuleOptions::no_progress_moves_8x8 (docs/rules.md).
//   other 8x8      the same as English (their federations' draw rules are not in our sources).
//   killer, breakthrough, antidraughts: the KNDB draw rules; breakthrough is won by the first
//                  king, antidraughts by the side that cannot move. Frysk!: the Frisian rules.
#pragma once

#include "engine/position/position.hpp"
#include "engine/referee/draw_rules.hpp"
#include "engine/referee/outcome.hpp"
#include "engine/rules/rules.hpp"

namespace kroon {

// `occurrences`: how often this position (same pieces, same side to move) has stood on the
// board in this game, this time included.
template <RuleSet R>
Verdict rule_verdict(const Position& pos, const DrawCounters& counters, int occurrences,
                     const RuleOptions& rule_options);
template <RuleSet R>
Verdict judge(const Position& pos, const DrawCounters& counters, int occurrences, const RuleOptions& rule_options);

// Frisian art. 21.1 for a position with one king each: true when the game is drawn, i.e. the
// side to move cannot capture, its king is not en prise, and it has a move that does not put
// its king en prise.
template <RuleSet R>
bool one_king_each_is_draw(const Position& pos);

// KNDB points-victory art. 8.6 and 13.3: points victory for a side at least 3 discs ahead (a king
// counts two), otherwise a draw.
GameResult result_by_discs(const Position& pos);

// KNDB art. 8a: the side to move without a legal move has lost; in antidraughts it has won.
template <RuleSet R>
constexpr bool no_move_wins = R::losing_game;

// The result of a repetition: a draw, or under the KNDB points-victory articles (art. 13.3)
// the disc count. The search scores a position repeated within its own tree by it.
template <RuleSet R>
GameResult repetition_result(const Position& pos, const RuleOptions& rule_options) {
    if constexpr (!is_frisian<R> && !is_small_board<R>)
        if (rule_options.points_victory) return result_by_discs(pos);
    return GameResult::Draw;
}

}  // namespace kroon
