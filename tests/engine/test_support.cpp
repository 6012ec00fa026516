#include "tests/engine/test_support.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace kroon::test {

Position position(Variant variant, std::string_view fen) {
    auto parsed = rulebook(variant).parse_fen(fen);
    if (!parsed) {
        ADD_FAILURE() << "test FEN " << fen << " rejected: " << parsed.error();
        return Position{};
    }
    return *parsed;
}

std::vector<std::string> sorted(std::vector<std::string> texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
}

std::vector<std::string> legal_moves(Variant variant, const Position& pos, MoveNotation notation) {
    MoveList list;
    rulebook(variant).generate_moves(pos, list);
    std::vector<std::string> texts;
    for (const Move& m : list) texts.push_back(rulebook(variant).format_move(pos, m, notation));
    return sorted(std::move(texts));
}

std::vector<std::string> legal_moves(Variant variant, std::string_view fen, MoveNotation notation) {
    return legal_moves(variant, position(variant, fen), notation);
}

Move legal_move(Variant variant, const Position& pos, std::string_view text) {
    auto move = rulebook(variant).parse_move(pos, text, MoveSyntax::Any);
    if (!move) {
        ADD_FAILURE() << "move " << text << " not legal in " << rulebook(variant).format_fen(pos) << ": "
                      << move.error();
        return Move{};
    }
    return *move;
}

void play(Variant variant, Position& pos, std::string_view text) {
    auto move = rulebook(variant).parse_move(pos, text, MoveSyntax::Any);
    ASSERT_TRUE(move.ok()) << "move " << text << " not legal in " << rulebook(variant).format_fen(pos) << ": "
                           << move.error();
    rulebook(variant).play(pos, *move);
}

Position random_position(Variant variant, std::mt19937_64& rng, int max_per_side, bool with_kings) {
    const int squares = rulebook(variant).squares();
    const int row = squares == 50 ? 5 : 4;  // dark squares per row
    std::vector<int> free_squares;
    for (int s = 1; s <= squares; ++s) free_squares.push_back(s);
    std::shuffle(free_squares.begin(), free_squares.end(), rng);
    std::uniform_int_distribution<int> count(1, max_per_side);
    std::uniform_int_distribution<int> third(0, 2);
    Bitboard sides[2] = {0, 0};
    Bitboard kings = 0;
    size_t next = 0;
    for (Color c : {Color::White, Color::Black}) {
        for (int n = count(rng); n > 0 && next < free_squares.size(); --n) {
            const int s = free_squares[next++];
            // White men are crowned on the first row, Black men on the last.
            const bool crown_row = c == Color::White ? s <= row : s > squares - row;
            if (crown_row && !with_kings) continue;
            const Bitboard b = bit(rulebook(variant).bit_of_square(s));
            sides[index(c)] |= b;
            if (with_kings && (crown_row || third(rng) == 0)) kings |= b;
        }
    }
    const Color side = third(rng) == 0 ? Color::Black : Color::White;
    return Position::from_sets(sides[0], sides[1], kings, side);
}

void random_playout(Variant variant, Position pos, int plies, std::mt19937_64& rng,
                    const std::function<void(const Position&, const Move&)>& visit) {
    for (int ply = 0; ply < plies; ++ply) {
        MoveList list;
        rulebook(variant).generate_moves(pos, list);
        if (list.empty()) return;
        std::uniform_int_distribution<int> pick(0, list.size() - 1);
        const Move move = list[pick(rng)];
        visit(pos, move);
        rulebook(variant).play(pos, move);
    }
}

}  // namespace kroon::test
