// The thinker behind every face: options applied, databases following the game's variant,
// the table capped, searches started and stopped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "egdb/builder.hpp"
#include "egdb/database.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"
#include "play/memory.hpp"
#include "play/thinker.hpp"

namespace kroon::play {
namespace {

namespace fs = std::filesystem;

// Three-piece databases of international, Frisian and killer draughts in a folder of the test's own.
class ThinkerDatabases : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        folder_ =
            fs::temp_directory_path() / ("kroon_play_egdb_" + std::to_string(kroon::platform::current_process_id()));
        fs::remove_all(folder_);
        for (const Variant v : {Variant::International, Variant::Frisian, Variant::Killer})
            ASSERT_TRUE(egdb::build_databases({v, 3, folder_, 1, {}}).ok());
    }
    static void TearDownTestSuite() { fs::remove_all(folder_); }
    static fs::path folder_;
};
fs::path ThinkerDatabases::folder_;

Game game_of(Variant variant, const std::string& fen) {
    const Rulebook& rules = rulebook(variant);
    return Game(rules, *rules.parse_fen(fen));
}

TEST_F(ThinkerDatabases, FollowTheGamesVariant) {
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("egdb", folder_.string()).ok());
    thinker.set_game(game_of(Variant::International, "W:WK28,33:B12"));
    ASSERT_NE(thinker.databases(), nullptr);
    EXPECT_EQ(thinker.databases()->variant(), Variant::International);
    search::Limits limits;
    limits.depth = 4;
    EXPECT_GT(thinker.think(limits).database_hits, 0u);

    // A Frisian three-piece position is probed in Frisian's own databases.
    thinker.set_game(game_of(Variant::Frisian, "W:WK28,33:B12"));
    ASSERT_NE(thinker.databases(), nullptr);
    EXPECT_EQ(thinker.databases()->variant(), Variant::Frisian);
    EXPECT_GT(thinker.think(limits).database_hits, 0u);

    // English has none in the folder: the thinker searches without.
    thinker.set_game(game_of(Variant::English, "W:WK18,22:B5"));
    EXPECT_EQ(thinker.databases(), nullptr);
    EXPECT_EQ(thinker.think(limits).database_hits, 0u);

    ASSERT_TRUE(thinker.set_option("egdb", "none").ok());
    thinker.set_game(game_of(Variant::International, "W:WK28,33:B12"));
    EXPECT_EQ(thinker.databases(), nullptr);
    EXPECT_EQ(thinker.think(limits).database_hits, 0u);
}

TEST_F(ThinkerDatabases, KillerPlaysWithoutItsDatabases) {
    // Its files are there and open for `kroon egdb`, but the thinker does not probe them in play
    // (KNDB art. 9b draws the kings' wins they store; docs/egdb.md).
    ASSERT_GT(egdb::Database::open(folder_, Variant::Killer, egdb::RejectedFiles::ListOnly)->slice_count(), 0u);
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("egdb", folder_.string()).ok());
    thinker.set_game(game_of(Variant::Killer, "W:WK28,33:B12"));
    EXPECT_EQ(thinker.databases(), nullptr);
    search::Limits limits;
    limits.depth = 4;
    EXPECT_EQ(thinker.think(limits).database_hits, 0u);
}

TEST_F(ThinkerDatabases, SharedShelfOpensEachVariantOnce) {
    auto shelf = std::make_shared<DatabaseShelf>(folder_);
    Thinker a(shelf), b(shelf);
    a.set_game(game_of(Variant::Frisian, "W:WK28:B12"));
    b.set_game(game_of(Variant::Frisian, "W:WK28:B12"));
    ASSERT_NE(a.databases(), nullptr);
    EXPECT_EQ(a.databases(), b.databases());  // the same open files
    EXPECT_TRUE(shelf->holds_any());
}

TEST(Thinker, RefusedOptionsChangeNothing) {
    Thinker thinker;
    EXPECT_FALSE(thinker.set_option("threads", "0").ok());
    EXPECT_EQ(thinker.options().integer("threads"), 1);
    EXPECT_FALSE(thinker.set_option("eval-file", "/no/such/weights.kw").ok());
    EXPECT_EQ(thinker.options().text("eval-file"), "");
    EXPECT_EQ(thinker.evaluation().file, nullptr);
    EXPECT_FALSE(thinker.set_option("egdb", "/no/such/kroon/folder").ok());
    EXPECT_EQ(thinker.options().text("egdb"), "");
    EXPECT_FALSE(thinker.set_option("book-ply", "4").ok());
    ASSERT_TRUE(thinker.set_option("eval", "pst").ok());
    EXPECT_EQ(thinker.evaluation().kind, eval::EvalKind::Hand);
}

TEST(Thinker, TableIsCappedToHalfTheMemory) {
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("hash", "1").ok());
    EXPECT_EQ(thinker.hash_mib(), 1);
    ASSERT_TRUE(thinker.set_option("hash", std::to_string(1 << 16)).ok());
    EXPECT_EQ(thinker.hash_mib(), affordable_hash_mib(1 << 16));
    EXPECT_LE(thinker.hash_mib(), 1 << 16);
    EXPECT_LE(static_cast<std::uint64_t>(thinker.hash_mib()) << 20,
              std::max<std::uint64_t>(usable_memory_bytes() / 2, 1 << 20));
}

TEST(Thinker, VariantOptionSetsUpItsStart) {
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("variant", "bt").ok());
    EXPECT_EQ(thinker.game().variant(), Variant::Breakthrough);
    EXPECT_EQ(thinker.options().text("variant"), "breakthrough");
    thinker.set_game(Game(rulebook(Variant::Russian)));
    EXPECT_EQ(thinker.options().text("variant"), "russian");
}

TEST(Thinker, StopEndsAnEndlessSearchWithAMove) {
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("hash", "8").ok());
    thinker.set_game(Game(rulebook(Variant::International)));
    search::Limits limits;
    limits.infinite = true;
    std::optional<search::Outcome> outcome;
    thinker.go(limits, search::Listener{{}, [&](const search::Outcome& o) { outcome = o; }});
    EXPECT_TRUE(thinker.searching());
    thinker.stop();
    thinker.wait();
    ASSERT_TRUE(outcome);
    EXPECT_TRUE(outcome->best.has_value());
    EXPECT_FALSE(thinker.searching());
}

// The multipv option gives an analysis its lines; a search for a move to play keeps one.
TEST(Thinker, MultipvOptionGivesAnAnalysisItsLines) {
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("hash", "4").ok());
    ASSERT_TRUE(thinker.set_option("book", "false").ok());
    ASSERT_TRUE(thinker.set_option("multipv", "3").ok());
    EXPECT_FALSE(thinker.set_option("multipv", "0").ok());
    EXPECT_EQ(thinker.set_option("multipv", "1000").error(), "multipv: '1000' is not from 1 to 100");
    EXPECT_EQ(thinker.options().integer("multipv"), 3);
    const auto lines_reported = [&](bool analysis) {
        search::Limits limits;
        limits.depth = 3;
        limits.analysis = analysis;
        EXPECT_EQ(thinker.lines_for(limits), analysis ? 3 : 1);
        size_t lines = 0;
        thinker.go(limits, search::Listener{[&](const search::Iteration& it) { lines = it.lines.size(); }, {}});
        thinker.wait();
        return lines;
    };
    EXPECT_EQ(lines_reported(true), 3u);
    EXPECT_EQ(lines_reported(false), 1u);
}

}  // namespace
}  // namespace kroon::play
