// Frisian databases: the slices also number each side's art. 17 state (the quiet moves its
// king made in a row), and the values depend on it.
#include <gtest/gtest.h>

#include <random>

#include "egdb/indexer.hpp"
#include "egdb/solver.hpp"
#include "engine/movegen/movegen.hpp"
#include "tests/egdb/egdb_support.hpp"

namespace kroon::egdb {
namespace {

using test::bounded_search;

Position with_runs(const Position& pos, KingRun white, KingRun black) {
    return Position::from_sets(pos.pieces(Color::White), pos.pieces(Color::Black), pos.kings(), pos.side_to_move(),
                               white, black);
}

TEST(FrisianEgdb, EveryIndexComesBackWithItsKingMoveState) {
    for (const Material& m : slices_up_to(3)) {
        const SliceIndexer<Frisian> indexer(m);
        const SliceIndexer<International> plain(m);
        // Art. 17 binds a side with men and kings only: none, or one of its kings with 1..3 moves.
        const auto states = [](int men, int kings) { return men > 0 && kings > 0 ? 1u + 3u * kings : 1u; };
        ASSERT_EQ(indexer.size(),
                  plain.size() * states(m.white_men, m.white_kings) * states(m.black_men, m.black_kings))
            << m.name();
        for (std::uint64_t i = 0; i < indexer.size(); ++i) {
            const auto pos = indexer.position(i);
            if (!pos) continue;
            ASSERT_EQ(material_of(*pos), m);
            ASSERT_EQ(indexer.index(*pos), i) << m.name();
        }
    }
    // Both sides bound: 4 x 4 states.
    const SliceIndexer<Frisian> both({1, 1, 1, 1});
    EXPECT_EQ(both.size(), SliceIndexer<International>({1, 1, 1, 1}).size() * 16);
    std::mt19937_64 rng(17);
    int with_both_runs = 0;
    for (int k = 0; k < 200000; ++k) {
        const std::uint64_t i = rng() % both.size();
        const auto pos = both.position(i);
        if (!pos) continue;
        ASSERT_EQ(both.index(*pos), i);
        if (pos->king_run(Color::White).count && pos->king_run(Color::Black).count) ++with_both_runs;
    }
    EXPECT_GT(with_both_runs, 100000);
}

TEST(FrisianEgdb, AStateWithoutItsKingCountsAsNone) {
    const SliceIndexer<Frisian> indexer({1, 1, 0, 1});
    const Position pos = *indexer.position(12345);
    const Position plain = with_runs(pos, {}, {});
    const Bitboard empty = ~pos.occupied() & Board10::all_squares;
    // A run on an empty square (its king was just taken), and one of a side with only kings.
    const KingRun stale{static_cast<std::uint8_t>(lowest_bit(empty)), 3};
    EXPECT_EQ(indexer.index(with_runs(pos, stale, {})), indexer.index(plain));
    const KingRun black_king{static_cast<std::uint8_t>(lowest_bit(pos.kings(Color::Black))), 2};
    EXPECT_EQ(indexer.index(with_runs(pos, {}, black_king)), indexer.index(plain));
    const KingRun white_king{static_cast<std::uint8_t>(lowest_bit(pos.kings(Color::White))), 2};
    EXPECT_NE(indexer.index(with_runs(pos, white_king, {})), indexer.index(plain));
}

// A king and a man against a king: with the king's three moves made, White must move the
// man, and some positions won with a free king are not won with a resting one. A plain
// search with the generator (which applies art. 17) proves both values.
TEST(FrisianEgdb, TheKingMoveLimitDecidesSomeEndings) {
    const Database& db = test::three_pieces(Variant::Frisian);
    ASSERT_EQ(db.complete_pieces(), 3);
    const SliceIndexer<Frisian> indexer({1, 1, 0, 1});
    int differ = 0, proved = 0;
    for (std::uint64_t i = 0; i < indexer.per_side(); ++i) {
        const auto pos = indexer.position(i);
        if (!pos || pos->king_run(Color::White).count != 3 || pos->king_run(Color::Black).count) continue;
        const Position free_king = with_runs(*pos, {}, {});
        const Value resting = db.probe(*pos).value, free = db.probe(free_king).value;
        if (resting == free) continue;
        ++differ;
        if (differ % 50 != 1) continue;  // a sample: the searches take a while
        const Value searched_resting = bounded_search<Frisian>(*pos, 5);
        const Value searched_free = bounded_search<Frisian>(free_king, 5);
        if (searched_resting == Value::Unknown || searched_free == Value::Unknown) continue;
        EXPECT_EQ(searched_resting, resting) << rulebook(Variant::Frisian).format_fen(*pos);
        EXPECT_EQ(searched_free, free) << rulebook(Variant::Frisian).format_fen(*pos);
        ++proved;
    }
    EXPECT_GT(differ, 1000);
    EXPECT_GT(proved, 5);
}

TEST(FrisianEgdb, ProbesAgreeWithAPlainSearchWhereItProvesAResult) {
    test::expect_probes_agree_with_search<Frisian>(test::three_pieces(Variant::Frisian), Variant::Frisian, 18, 300, 50);
}

}  // namespace
}  // namespace kroon::egdb
