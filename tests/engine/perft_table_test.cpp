// Perft through the transposition table of `kroon perft --hash`: the same counts as without it,
// on one thread and on several sharing the table, and with a table small enough to overwrite.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

struct HashCase {
    Variant variant;
    std::string fen;  // "start" for the start position
    int depth;
};

const std::vector<HashCase> hash_cases = {
    {Variant::International, "start", 7},
    {Variant::International, "W:WK2,28,31,44:B20,K50", 5},
    {Variant::Frisian, "start", 7},
    // Kings next to men: the Frisian count of king moves in a row is part of the position.
    {Variant::Frisian, "W:WK46,K47,36,31:BK5,K4,15,20", 8},
    {Variant::English, "start", 9},
};

TEST(HashedPerft, CountsTheSameAsWithoutTheTable) {
    for (const HashCase& c : hash_cases) {
        const Rulebook& rules = rulebook(c.variant);
        auto parsed = rules.parse_fen(c.fen);
        ASSERT_TRUE(c.fen == "start" || parsed.ok()) << c.fen;
        const Position pos = c.fen == "start" ? rules.start_position() : *parsed;
        PerftTable table(1);  // 1 MiB: deep counts overwrite entries
        for (int depth = 1; depth <= c.depth; ++depth) {
            const std::uint64_t plain = rules.perft(pos, depth);
            table.clear();
            EXPECT_EQ(rules.perft(pos, depth, table), plain) << rules.name() << " " << c.fen << " depth " << depth;
            // Again over the filled table: the root and the subtrees still stored are looked up.
            EXPECT_EQ(rules.perft(pos, depth, table), plain) << rules.name() << " " << c.fen << " depth " << depth;
            table.clear();
            std::uint64_t shared = 0;
            for (const auto& e : rules.divide(pos, depth, {}, 2, &table)) shared += e.nodes;
            EXPECT_EQ(shared, plain) << rules.name() << " " << c.fen << " depth " << depth << " two threads";
        }
    }
}

TEST(HashedPerft, TableSizeIsAPowerOfTwoWithinTheBudget) {
    for (std::size_t mib : {1, 3, 16}) {
        const PerftTable table(mib);
        EXPECT_LE(table.bytes(), mib << 20);
        EXPECT_GT(table.bytes() * 2, mib << 20);
        EXPECT_EQ(table.bytes() & (table.bytes() - 1), 0u);
    }
}

}  // namespace
}  // namespace kroon
