// Helpers shared by the variant tests: legal moves as sorted text, perft tables.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon::test {

inline Position position_of(Variant v, const std::string& fen) {
    const auto pos = rulebook(v).parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    return pos.ok() ? *pos : Position{};
}

// Legal moves in the Hub form (from, to, captured squares), sorted, so tests name exactly
// which pieces each capture takes.
inline std::vector<std::string> legal_moves(Variant v, const std::string& fen) {
    const Position pos = position_of(v, fen);
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    std::vector<std::string> out;
    for (const Move& m : list) out.push_back(rulebook(v).format_move(pos, m, MoveNotation::Hub));
    std::sort(out.begin(), out.end());
    return out;
}

struct PerftCase {
    const char* name;
    Variant variant;
    const char* fen;
    std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

inline void PrintTo(const PerftCase& c, std::ostream* os) { *os << c.name; }

inline void expect_perft(const PerftCase& c, int max_depth) {
    const Position pos = position_of(c.variant, c.fen);
    for (int d = 1; d <= std::min<int>(max_depth, static_cast<int>(c.counts.size())); ++d)
        EXPECT_EQ(rulebook(c.variant).perft(pos, d), c.counts[d - 1]) << c.name << " depth " << d;
}

}  // namespace kroon::test
