// The slice numbering: every index that is a position comes back to itself, and only indices
// whose men would share a square are not positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "egdb/indexer.hpp"
#include "engine/rules/rules.hpp"
#include "engine/rules/variants_8x8.hpp"

namespace kroon::egdb {
namespace {

template <RuleSet R>
void expect_round_trip(const Material& m, std::uint64_t samples) {
    using B = typename R::Board;
    const SliceIndexer<R> indexer(m);
    std::mt19937_64 rng(m.key());
    const bool every = indexer.size() <= samples;
    std::uint64_t not_positions = 0;
    for (std::uint64_t k = 0; k < (every ? indexer.size() : samples); ++k) {
        const std::uint64_t i = every ? k : rng() % indexer.size();
        const auto pos = indexer.position(i);
        if (!pos) {
            ++not_positions;
            continue;
        }
        ASSERT_EQ(material_of(*pos), m) << m.name() << " index " << i;
        ASSERT_EQ(indexer.index(*pos), i) << m.name();
        // Men never stand on their own crowning row.
        ASSERT_EQ(pos->men(Color::White) & B::row_mask(0), 0u);
        ASSERT_EQ(pos->men(Color::Black) & B::row_mask(B::rows - 1), 0u);
        ASSERT_EQ(pos->side_to_move(), i < indexer.per_side() ? Color::White : Color::Black);
    }
    if (m.white_men == 0 || m.black_men == 0) {
        EXPECT_EQ(not_positions, 0u) << m.name();
    }
}

TEST(EgdbIndexer, EveryIndexOfTheSmallSlicesComesBack) {
    for (const Material& m : slices_up_to(3)) expect_round_trip<International>(m, 1u << 22);
    for (const Material& m : slices_up_to(3)) expect_round_trip<Brazilian>(m, 1u << 22);
}

TEST(EgdbIndexer, SampledIndicesOfLargerSlicesComeBack) {
    for (const Material& m : {Material{1, 1, 1, 1}, Material{2, 0, 2, 0}, Material{0, 3, 0, 2}, Material{2, 1, 1, 1}})
        expect_round_trip<International>(m, 200000);
}

TEST(EgdbIndexer, SliceSizesFollowTheCombinations) {
    // Two white men among the 45 squares off their crowning row, a black king among the 48
    // squares they leave, both sides to move.
    EXPECT_EQ(SliceIndexer<International>({2, 0, 0, 1}).size(), 2u * 990 * 48);
    EXPECT_EQ(SliceIndexer<International>({0, 1, 0, 1}).size(), 2u * 50 * 49);
    EXPECT_EQ(SliceIndexer<Brazilian>({1, 0, 1, 0}).size(), 2u * 28 * 28);
}

TEST(EgdbIndexer, SlicesComeAfterTheSlicesTheirMovesLeadTo) {
    const auto order = slices_up_to(4);
    const auto at = [&](const Material& m) { return std::find(order.begin(), order.end(), m) - order.begin(); };
    EXPECT_EQ(order.size(), 4u + 12u + 25u);  // 2, 3 and 4 pieces, at least one a side
    for (const Material& m : order) {
        if (m.white_men) {
            EXPECT_LT(at({m.white_men - 1, m.white_kings + 1, m.black_men, m.black_kings}), at(m));
        }
        if (m.black_men) {
            EXPECT_LT(at({m.white_men, m.white_kings, m.black_men - 1, m.black_kings + 1}), at(m));
        }
    }
}

}  // namespace
}  // namespace kroon::egdb
