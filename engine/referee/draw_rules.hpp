// The counters the draw rules need, kept up to date one move at a time, and the material
// classes they depend on. Everything here is cheap (a few popcounts per move) and pure, so
// the search can carry a DrawCounters along its path and ask the same questions as the
// referee.
//
// Counting convention: "both players have played N moves after the position arose" (KNDB
// art. 9b-d) is 2N plies counted from the ply that made the position; a position the game
// starts in counts from the start. A count keeps running while the material stays in the
// same class (one king against at most two pieces stays in its class when a man of the
// majority is crowned or a piece is taken within the class); entering a new class restarts
// it (one king against three that becomes one king against two starts the 5-move count).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "engine/bitboard.hpp"
#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon {

struct RuleOptions {
    // The KNDB points-victory articles (international only): replaces KNDB art. 9c-e.
    bool points_victory = false;
    // Frisian rules have no repetition draw (Frisian art. 18 and 21 only); off by default.
    bool frisian_repetition = false;
    // English: the leaflet's English part knows only the draw by agreement; Kroon adds
    // threefold repetition (the custom its other parts give, always on) and a no-progress
    // limit (moves each without a capture or a man move) that keeps engine games finite: 40,
    // as in the English Draughts Association's 40-move rule. The other 8x8 games get the same
    // two rules (their own federations' draw rules are not in these rule books). 0 turns the
    // limit off. docs/rules.md, Kroon's own choices.
    int no_progress_moves_8x8 = 40;
    friend bool operator==(const RuleOptions&, const RuleOptions&) = default;
};

// Material classes with a draw rule attached.
enum class Endgame : std::uint8_t {
    None,
    LoneKingVsTwo,    // KNDB art. 9b: one king alone against at most two pieces, one a king
    LoneKingVsThree,  // KNDB art. 9c: one king alone against three pieces, one a king
    TwoKingsVsOne,    // Frisian art. 18: two kings alone against one king alone
    OneKingEach,      // Frisian art. 21: each side has exactly one piece, a king
};

// Frisian art. 18: the moves two kings have to take a lone king.
inline constexpr int two_kings_move_limit = 7;

struct EndgameClass {
    Endgame kind = Endgame::None;
    Color strong = Color::White;  // the side with more pieces (White when equal)
    friend bool operator==(const EndgameClass&, const EndgameClass&) = default;
};

// Rule families for the draw rules: Frisian (and frysk!) by its orthogonal captures; the
// 8x8 games; the rest are 10x10 games under the KNDB rules (international, killer,
// breakthrough, antidraughts).
template <RuleSet R>
constexpr bool is_frisian = R::orthogonal_captures;
template <RuleSet R>
constexpr bool is_small_board = R::Board::squares == 32;

template <RuleSet R>
EndgameClass classify_endgame(const Position& pos) {
    if constexpr (is_small_board<R>) {
        return {};
    } else {
        const int white = popcount(pos.pieces(Color::White));
        const int black = popcount(pos.pieces(Color::Black));
        const Color strong = black > white ? Color::Black : Color::White;
        const Color weak = ~strong;
        const int strong_count = std::max(white, black);
        const bool weak_lone_king = popcount(pos.pieces(weak)) == 1 && pos.kings(weak) != 0;
        if (!weak_lone_king) return {};
        if constexpr (is_frisian<R>) {
            if (strong_count == 1 && pos.kings(strong)) return {Endgame::OneKingEach, strong};
            if (strong_count == 2 && pos.men(strong) == 0) return {Endgame::TwoKingsVsOne, strong};
            return {};
        } else {
            if (pos.kings(strong) == 0) return {};
            if (strong_count <= 2) return {Endgame::LoneKingVsTwo, strong};
            if (strong_count == 3) return {Endgame::LoneKingVsThree, strong};
            return {};
        }
    }
}

// Frisian art. 18 counts from the moment two kings against one arise; a king and a man
// against a king arrive there by the man's crowning. Which crowning, and when, decides
// whether the seven moves suffice: distances measured under the capture rules alone cannot
// say, so the search looks through these positions to the crowning instead of stopping at
// their stored value (docs/egdb.md, Variants).
inline bool crowning_starts_two_kings_vs_one(const Position& pos) {
    for (const Color c : {Color::White, Color::Black})
        if (popcount(pos.kings(c)) == 1 && popcount(pos.men(c)) == 1 && popcount(pos.pieces(~c)) == 1 &&
            pos.kings(~c) != 0)
            return true;
    return false;
}

// KNDB points-victory art. 9.2a: one king against a king and two men, the lone king on the long
// diagonal (46-5) and both men "behind" it: on the side of the diagonal away from their
// crowning row, so that they must cross the diagonal to be crowned. On the 10x10 board a
// square's row + file is 9 on the long diagonal; White crowns on row 0 (row + file <= 9
// there), so White's men are behind it when row + file > 9, Black's when row + file < 9.
template <RuleSet R>
bool long_diagonal_fortress(const Position& pos, EndgameClass e) {
    using B = typename R::Board;
    if constexpr (!std::is_same_v<B, Board10> || is_frisian<R>) {
        return false;
    } else {
        if (e.kind != Endgame::LoneKingVsThree) return false;
        const Color strong = e.strong;
        if (popcount(pos.kings(strong)) != 1 || popcount(pos.men(strong)) != 2) return false;
        const int lone = lowest_bit(pos.kings(~strong));
        if (B::row_of_bit(lone) + B::file_of_bit(lone) != 9) return false;
        for (int b : Bits{pos.men(strong)}) {
            const int sum = B::row_of_bit(b) + B::file_of_bit(b);
            if (strong == Color::White ? sum <= 9 : sum >= 9) return false;
        }
        return true;
    }
}

struct DrawCounters {
    std::uint16_t reversible_plies = 0;  // since the last capture or man move (KNDB art. 9d)
    std::uint16_t endgame_plies = 0;     // plies since `endgame` arose
    std::uint16_t fortress_plies = 0;    // plies since the art. 9.2a fortress arose
    std::uint8_t strong_moves = 0;       // moves of the strong side since `endgame` arose
    bool fortress = false;               // KNDB points-victory art. 9.2a holds now
    EndgameClass endgame;

    template <RuleSet R>
    static DrawCounters start(const Position& pos) {
        DrawCounters c;
        c.endgame = classify_endgame<R>(pos);
        c.fortress = long_diagonal_fortress<R>(pos, c.endgame);
        return c;
    }

    // After `move` was played, giving `after`.
    template <RuleSet R>
    void update(const Move& move, const Position& after) {
        const bool king_moved = !move.promotes && (after.kings() & bit(move.to));
        const Color mover = ~after.side_to_move();
        reversible_plies =
            (move.captured || !king_moved) ? 0 : static_cast<std::uint16_t>(std::min(reversible_plies + 1, 0xffff));
        const EndgameClass e = classify_endgame<R>(after);
        if (e.kind != Endgame::None && e.kind == endgame.kind) {
            endgame_plies = static_cast<std::uint16_t>(std::min(endgame_plies + 1, 0xffff));
            if (mover == endgame.strong && e.strong == endgame.strong)
                strong_moves = static_cast<std::uint8_t>(std::min(strong_moves + 1, 0xff));
        } else {
            endgame_plies = 0;
            strong_moves = 0;
        }
        endgame = e;
        const bool now = long_diagonal_fortress<R>(after, e);
        fortress_plies = now && fortress ? static_cast<std::uint16_t>(std::min(fortress_plies + 1, 0xffff)) : 0;
        fortress = now;
    }

    friend bool operator==(const DrawCounters&, const DrawCounters&) = default;
};

// Positions the repetition rules count as the same: same pieces, same side to move, same
// Frisian art. 17 state. Position::play drops that state for a side with only kings (the
// article does not bind it), so plain equality is right.
inline bool same_for_repetition(const Position& a, const Position& b) { return a == b; }

// Discs for the points-victory lead (KNDB points-victory art. 8.4): a man 1, a king 2.
inline int discs(const Position& pos, Color side) { return popcount(pos.men(side)) + 2 * popcount(pos.kings(side)); }

}  // namespace kroon
