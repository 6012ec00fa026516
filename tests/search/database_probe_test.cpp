// The search with endgame databases: scores in the database band where the databases know a
// win the search cannot see, probes counted, and nothing used for another variant.
#include "egdb/database.hpp"
#include "egdb/indexer.hpp"
#include "tests/egdb/egdb_support.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::testing {
namespace {

Outcome search_to_depth(const Position& pos, Variant v, int depth, std::shared_ptr<const egdb::Database> db) {
    Searcher searcher;
    searcher.set_databases(std::move(db));
    searcher.set_position(game_of(v, pos));
    Limits limits;
    limits.depth = depth;
    return searcher.think(limits);
}

TEST(DatabaseProbes, AWinTooDeepForTheSearchScoresInTheDatabaseBand) {
    const test::ScratchFolder folder("search");
    test::build_into(folder.path(), Variant::International, 3);
    const auto db = egdb::Database::open(folder.path(), Variant::International);
    ASSERT_EQ(db->complete_pieces(), 3);

    // Two kings against a man, won for White to move, that a depth-3 search without the
    // databases does not see as won (the kings need a few moves to trap the man).
    const egdb::Material m{0, 2, 1, 0};
    const egdb::SliceIndexer<Board10> indexer(m);
    for (std::uint64_t i = 0; i < indexer.per_side(); i += 7) {
        const auto pos = indexer.position(i);
        if (!pos || db->probe(*pos).source != egdb::Source::Stored || db->probe(*pos).value != egdb::Value::Win)
            continue;
        const Outcome plain = search_to_depth(*pos, Variant::International, 3, nullptr);
        if (is_decisive(plain.score) || plain.score >= 8900) continue;
        const Outcome probed = search_to_depth(*pos, Variant::International, 3, db);
        EXPECT_GE(probed.score, 8900) << rulebook(Variant::International).format_fen(*pos);
        EXPECT_LT(probed.score, 9000);
        EXPECT_GT(probed.database_hits, 0u);
        EXPECT_EQ(plain.database_hits, 0u);
        // The databases of another variant are not used.
        const auto english = egdb::Database::open(folder.path(), Variant::English);
        EXPECT_EQ(search_to_depth(*pos, Variant::International, 3, english).database_hits, 0u);
        return;
    }
    FAIL() << "no won position the plain search misses";
}

TEST(DatabaseProbes, ADrawnEndingScoresZero) {
    const test::ScratchFolder folder("search_draw");
    test::build_into(folder.path(), Variant::International, 3);
    const auto db = egdb::Database::open(folder.path(), Variant::International);
    // Two kings against one, nothing to take: a draw, whatever the evaluation says.
    const Outcome probed = search_to_depth(fen(Variant::International, "W:WK3,K4:BK28"), Variant::International, 4, db);
    EXPECT_EQ(probed.score, 0);
    EXPECT_GT(probed.database_hits, 0u);
}

}  // namespace
}  // namespace kroon::search::testing
