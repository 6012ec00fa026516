// What a rules struct says, as plain values: for code that needs a variant's traits at run
// time (names, board size, the referee's texts) without the templated machinery.
#pragma once

#include <string_view>

#include "engine/rules/variant.hpp"

namespace kroon {

struct RuleTraits {
    Variant variant = Variant::International;
    std::string_view name;
    int squares = 50;  // dark squares: 50 on 10x10, 32 on 8x8
    int rows = 10;
    Color first_player = Color::White;
    bool flying_kings = true;
    bool men_capture_backward = true;
    bool orthogonal_captures = false;
    Precedence precedence = Precedence::MostPieces;
    bool losing_game = false;         // the side that cannot move wins (antidraughts)
    bool first_king_wins = false;     // breakthrough
    int pdn_game_type = 0;            // PDN GameType number, 0 when PDN has none
    bool algebraic_notation = false;  // moves as c3-d4 rather than square numbers
};

template <RuleSet R>
constexpr RuleTraits traits_of(Variant variant) {
    using B = typename R::Board;
    return {variant,
            R::name,
            B::squares,
            B::rows,
            R::first_player,
            R::flying_kings,
            R::men_capture_backward,
            R::orthogonal_captures,
            R::precedence,
            R::losing_game,
            R::first_king_wins,
            R::pdn_game_type,
            R::algebraic_notation};
}

// The traits of a variant, alive for the whole program.
const RuleTraits& rule_traits(Variant variant);

}  // namespace kroon
