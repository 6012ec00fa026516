// Perft counting duplicate captures: captures that take the same pieces in a different order
// count separately (dctl's keep_duplicates convention, used by the "with duplicates" columns
// of the published perft tables, docs/variants.md). The engine lists each capture once; here the orders are
// recovered from its capture paths, which checks those paths against published numbers.
#include <set>

#include "tests/engine/perft_cases.hpp"
#include "tests/engine/reference_movegen.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

// Number of different capture orders of each legal move (1 for a quiet move).
std::vector<std::uint64_t> orders_per_move(Variant v, const Position& pos, const MoveList& list) {
    std::vector<std::uint64_t> orders(list.size(), 1);
    if (list.empty() || !list[0].is_capture()) return orders;
    const ReferenceBoard board = reference_board(v, pos);
    std::vector<std::set<std::vector<int>>> seen(list.size());
    for (const CapturePath& p : rulebook(v).capture_paths(pos)) {
        for (int i = 0; i < list.size(); ++i) {
            if (!(list[i].from == p.move.from && list[i].to == p.move.to && list[i].captured == p.move.captured))
                continue;
            const MoveFields f = rulebook(v).move_fields(p.move);
            std::vector<int> landings, order;
            for (int b : p.landings) landings.push_back(rulebook(v).square_number(b));
            std::string why;
            EXPECT_TRUE(valid_capture_path(board, f.from, landings, f.captured, why, &order)) << why;
            seen[i].insert(order);
        }
    }
    for (int i = 0; i < list.size(); ++i) {
        EXPECT_FALSE(seen[i].empty()) << "no capture path for a legal capture";
        orders[i] = seen[i].size();
    }
    return orders;
}

std::uint64_t perft_with_duplicates(Variant v, const Position& pos, int depth) {
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    const std::vector<std::uint64_t> orders = orders_per_move(v, pos, list);
    std::uint64_t nodes = 0;
    for (int i = 0; i < list.size(); ++i) {
        if (depth == 1) {
            nodes += orders[i];
        } else {
            Position next = pos;
            rulebook(v).play(next, list[i]);
            nodes += orders[i] * perft_with_duplicates(v, next, depth - 1);
        }
    }
    return nodes;
}

constexpr Variant I = Variant::International;

const std::vector<PerftCase> duplicate_cases = {
    // dctl's "with duplicates" counts.
    {"InternationalStart", I, "W:W31-50:B1-20", {9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614}, 6, 9},
    // FrontRows: shashki's numbers (an independent Russian source), with duplicates.
    {"FrontRows",
     I,
     "W:B16,17,18,19,20:W31,32,33,34,35",
     {9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317, 3174159, 10369533, 34907917},
     9,
     12},
    // King windmill: two orders round the ring (with duplicates: d1 = 2).
    {"KingWindmill", I, "W:WK2:B7,8,17,18", {2, 0}, 2, 2},
    {"KingAndMenAgainstKing", I, "W:WK2,28,31,44:B20,K50", {15, 30, 237}, 3, 3},
    // Frisian: DF2822, dctl and pyd agree to d5, dctl alone beyond.
    {"FrisianStart",
     Variant::Frisian,
     "W:W31-50:B1-20",
     {9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497},
     6,
     9},
    // the English king ring, local-dctl and pyd agree to d3.
    {"EnglishKingRing", Variant::English, "W:WK26,30:B5,14,15,22,23", {2, 2, 8, 16, 88, 126}, 6, 6},
};

class PerftWithDuplicates : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftWithDuplicates, MatchesPublishedCounts) {
    check_counts(GetParam(), [](Variant v, const Position& p, int d) { return perft_with_duplicates(v, p, d); });
}

KROON_PERFT_CASES(PerftWithDuplicates, duplicate_cases);

}  // namespace
}  // namespace kroon::test
