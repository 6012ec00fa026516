// Rules of each variant as one flat traits struct, with the article each trait encodes.
//
// Hot code (move generation, make-move) is templated on these structs; everything else
// reaches them as plain values (traits.hpp) or through the variant's Rulebook
// (engine/rulebook/). A new variant is a new struct here plus one line in variant.hpp.
#pragma once

#include <concepts>

#include "engine/board/board.hpp"
#include "engine/types.hpp"

namespace kroon {

// How a capture sequence is chosen among the legal ones.
enum class Precedence {
    Free,                 // any capture (English, Russian, Pool, Finnish, Thai)
    MostPieces,           // most pieces, kings count one (KNDB art. 5.2)
    FrisianValue,         // highest value, then capture by a king (Frisian art. 11 and 12)
    KingFirst,            // a king must capture if one can (Czech)
    MostPiecesThenKings,  // most pieces, then most kings (Spanish)
    Italian,              // most pieces, by a king, most kings, kings taken earliest (Italian)
};

struct International {
    using Board = Board10;
    static constexpr const char* name = "international";
    static constexpr Color first_player = Color::White;  // KNDB art. 3.2
    static constexpr bool men_capture_backward = true;   // KNDB art. 4.2
    static constexpr bool orthogonal_captures = false;
    static constexpr bool flying_kings = true;                        // KNDB art. 3.6, 4.3
    static constexpr Precedence precedence = Precedence::MostPieces;  // KNDB art. 5.2, 5.3
    // Consecutive quiet moves allowed with one king while its side has men (0 = no limit).
    static constexpr int king_move_limit = 0;
    // Identical captures (same from, to and captured set) by different paths need at least
    // this many pieces; below it the generator skips the duplicate check.
    static constexpr int duplicate_min_captures = 4;
    // Men start on the first `start_rows` rows of each side.
    static constexpr int start_rows = 4;  // KNDB art. 3.1
    // PDN GameType tag (PDN 3.0 standard numbers).
    static constexpr int pdn_game_type = 20;
    // Moves written with algebraic squares (c3-d4, c3:e5), as the PDN standard's notation
    // field gives for the game type, instead of square numbers.
    static constexpr bool algebraic_notation = false;

    // Traits the international rules leave off; other variants switch them on.
    static constexpr bool passing_promotion = false;  // crowned mid-capture, goes on as king
    static constexpr bool men_capture_kings = true;
    static constexpr bool remove_during_capture = false;  // taken pieces vanish at once
    static constexpr bool king_lands_behind = false;      // king lands right behind its victim
    static constexpr bool king_halts_after_king = false;  // stops right behind a last-taken king
    static constexpr bool first_king_wins = false;        // crowning a king ends the game
    static constexpr bool losing_game = false;            // the side that cannot move wins
};

struct Frisian : International {
    static constexpr const char* name = "frisian";
    static constexpr bool orthogonal_captures = true;                   // Frisian art. 7 and 9
    static constexpr Precedence precedence = Precedence::FrisianValue;  // art. 11, 12
    static constexpr int king_move_limit = 3;                           // art. 17
    // A man can take two pieces diagonally then orthogonally or the other way round.
    static constexpr int duplicate_min_captures = 2;
    static constexpr int pdn_game_type = 40;
};

struct English : International {
    using Board = Board8;
    static constexpr const char* name = "english";
    static constexpr Color first_player = Color::Black;  // Huisman en Hötte leaflet, English part: black starts
    static constexpr bool men_capture_backward = false;  // men capture forward only
    // Kings step and capture one square. A man that is crowned ends the move: men capture
    // forward only, so a man on the far row can never jump on and nothing more is needed.
    static constexpr bool flying_kings = false;
    static constexpr Precedence precedence = Precedence::Free;  // any capture may be chosen
    static constexpr int start_rows = 3;
    static constexpr int pdn_game_type = 21;
};

template <class R>
concept RuleSet = requires {
    typename R::Board;
    { R::first_player } -> std::convertible_to<Color>;
    { R::men_capture_backward } -> std::convertible_to<bool>;
    { R::orthogonal_captures } -> std::convertible_to<bool>;
    { R::flying_kings } -> std::convertible_to<bool>;
    { R::precedence } -> std::convertible_to<Precedence>;
    { R::king_move_limit } -> std::convertible_to<int>;
    { R::duplicate_min_captures } -> std::convertible_to<int>;
    { R::start_rows } -> std::convertible_to<int>;
};

static_assert(RuleSet<International> && RuleSet<Frisian> && RuleSet<English>);

}  // namespace kroon
