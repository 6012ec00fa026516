// The material signature of an endgame database slice: how many men and kings each side
// has. Every slice holds the positions of one signature, both sides to move.
#pragma once

#include <string>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/position/position.hpp"

namespace kroon::egdb {

// Up to this many pieces on the board; a slice key packs each count in 3 bits.
constexpr int max_database_pieces = 7;

struct Material {
    int white_men = 0;
    int white_kings = 0;
    int black_men = 0;
    int black_kings = 0;

    int white() const { return white_men + white_kings; }
    int black() const { return black_men + black_kings; }
    int pieces() const { return white() + black(); }
    int men() const { return white_men + black_men; }
    // A small number naming the slice, for tables indexed by material.
    int key() const { return white_men | white_kings << 3 | black_men << 6 | black_kings << 9; }
    // "wm1wk2bm0bk1": one white man and two kings against one black king.
    std::string name() const;
    friend bool operator==(const Material&, const Material&) = default;
};

constexpr int material_keys = 1 << 12;

inline Material material_of(const Position& pos) {
    return {popcount(pos.men(Color::White)), popcount(pos.kings(Color::White)), popcount(pos.men(Color::Black)),
            popcount(pos.kings(Color::Black))};
}

// Every signature with 2..pieces pieces and at least one piece a side, in an order where each
// slice comes after every slice its moves can lead to: a capture removes a piece, a crowning
// turns a man into a king (fewer pieces first, then fewer men).
std::vector<Material> slices_up_to(int pieces);

}  // namespace kroon::egdb
