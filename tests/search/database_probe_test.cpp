// The search with endgame databases: scores in the database band where the databases know a
// win the search cannot see, probes counted, and nothing used for another variant.
#include "egdb/database.hpp"
#include "egdb/indexer.hpp"
#include "tests/egdb/egdb_support.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

// From `pos`, after `moves` when given (the game's draw-rule counts run on).
Outcome search_to_depth(const Position& pos, Variant v, int depth, std::shared_ptr<const egdb::Database> db,
                        const std::vector<Move>& moves = {}) {
    Searcher searcher;
    searcher.set_databases(std::move(db));
    searcher.set_position(game_of(v, pos, moves));
    Limits limits;
    limits.depth = depth;
    return searcher.think(limits);
}

// Two kings against a man, won for White to move, that a depth-3 search without the
// databases does not see as won (the kings need a few moves to trap the man).
template <RuleSet R>
void expect_a_deep_win_in_the_database_band(Variant variant) {
    const kroon::test::ScratchFolder folder("search_" + std::string(R::name));
    kroon::test::build_into(folder.path(), variant, 3);
    const auto db = egdb::Database::open(folder.path(), variant);
    ASSERT_EQ(db->complete_pieces(), 3);
    const egdb::Material m{0, 2, 1, 0};
    const egdb::SliceIndexer<R> indexer(m);
    for (std::uint64_t i = 0; i < indexer.per_side(); i += 7) {
        const auto pos = indexer.position(i);
        if (!pos || db->probe(*pos).source != egdb::Source::Stored || db->probe(*pos).value != egdb::Value::Win)
            continue;
        const Outcome plain = search_to_depth(*pos, variant, 3, nullptr);
        if (is_decisive(plain.score) || plain.score >= 8900) continue;
        const Outcome probed = search_to_depth(*pos, variant, 3, db);
        EXPECT_GE(probed.score, 8900) << rulebook(variant).format_fen(*pos);
        EXPECT_LT(probed.score, 9000);
        EXPECT_GT(probed.database_hits, 0u);
        EXPECT_EQ(plain.database_hits, 0u);
        // The databases of another variant are not used.
        const auto english = egdb::Database::open(folder.path(), Variant::English);
        EXPECT_EQ(search_to_depth(*pos, variant, 3, english).database_hits, 0u);
        return;
    }
    FAIL() << "no won position the plain search misses";
}

TEST(DatabaseProbes, AWinTooDeepForTheSearchScoresInTheDatabaseBand) {
    expect_a_deep_win_in_the_database_band<International>(Variant::International);
}

// The same with Frisian's databases, whose slices carry the art. 17 king-move states.
TEST(DatabaseProbes, AFrisianWinTooDeepForTheSearchScoresInTheDatabaseBand) {
    expect_a_deep_win_in_the_database_band<Frisian>(Variant::Frisian);
}

// Frisian art. 18: two kings have 7 moves to take a lone king. A database win farther from
// that capture than the moves left is a draw; with the moves to spare it is a win. The
// moves are used up by a king of each side stepping away and back twice.
TEST(DatabaseProbes, AFrisianTwoKingsWinTooFarForTheSevenMovesIsADraw) {
    const auto db = egdb::Database::open(kroon::test::three_pieces(Variant::Frisian).folder(), Variant::Frisian);
    const Rulebook& rules = rulebook(Variant::Frisian);
    const egdb::Material two_kings_against_one{0, 2, 0, 1};
    const egdb::SliceIndexer<Frisian> indexer(two_kings_against_one);
    const auto quiet_moves = [&](const Position& pos) {
        MoveList list;
        rules.generate_moves(pos, list);
        return list.empty() || list[0].is_capture() ? MoveList{} : list;
    };
    for (std::uint64_t i = 0; i < indexer.per_side(); i += 5) {
        const auto start = indexer.position(i);
        if (!start || db->probe(*start).value != egdb::Value::Win) continue;
        // Four moves of the kings leave 3 (5 plies); the win must take more, but fit in 7 (13).
        const int distance = db->distance(*start).value_or(0);
        if (distance <= 5 || distance > 13) continue;
        std::vector<Move> shuffle;
        for (const Move& out : quiet_moves(*start)) {
            const Position away = rules.after(*start, out);
            for (const Move& reply : quiet_moves(away)) {
                const Position both_away = rules.after(away, reply);
                const Move back{0, out.to, out.from, false}, reply_back{0, reply.to, reply.from, false};
                if (!rules.is_legal(both_away, back)) continue;
                const Position one_back = rules.after(both_away, back);
                if (!rules.is_legal(one_back, reply_back) || rules.after(one_back, reply_back) != *start) continue;
                shuffle = {out, reply, back, reply_back, out, reply, back, reply_back};
                break;
            }
            if (!shuffle.empty()) break;
        }
        if (shuffle.empty()) continue;
        const std::string fen = rules.format_fen(*start);
        const Outcome won = search_to_depth(*start, Variant::Frisian, 2, db);
        EXPECT_GE(won.score, 8900) << fen << " distance " << distance;

        ASSERT_EQ(game_of(Variant::Frisian, *start, shuffle).counters().strong_moves, 4) << fen;
        const Outcome drawn = search_to_depth(*start, Variant::Frisian, 2, db, shuffle);
        EXPECT_EQ(drawn.score, 0) << fen << " distance " << distance;
        EXPECT_GT(drawn.database_hits, 0u);
        return;
    }
    FAIL() << "no two-kings win of 6 to 13 plies with a way to shuffle";
}

TEST(DatabaseProbes, ADrawnEndingScoresZero) {
    const kroon::test::ScratchFolder folder("search_draw");
    kroon::test::build_into(folder.path(), Variant::International, 3);
    const auto db = egdb::Database::open(folder.path(), Variant::International);
    // Two kings against one, nothing to take: a draw, whatever the evaluation says.
    const Outcome probed = search_to_depth(fen(Variant::International, "W:WK3,K4:BK28"), Variant::International, 4, db);
    EXPECT_EQ(probed.score, 0);
    EXPECT_GT(probed.database_hits, 0u);
}

// A won ending with kings, both sides played by the search with the databases: the winner
// keeps to the moves nearest to conversion and the loser to the farthest, so the capture or
// crowning comes on the ply the stored distance says. A search that wandered, even for a
// move, would be late.
TEST(DatabaseProbes, AWonKingEndingIsConvertedWithinItsDistance) {
    const kroon::test::ScratchFolder folder("convert");
    // A man and two kings against a king: only its own slice and those it leads to.
    const egdb::Material target{1, 2, 0, 1};
    kroon::test::build_slice_with_its_endings<International>(folder.path(), Variant::International, target);
    const auto db = egdb::Database::open(folder.path(), Variant::International);

    // The won positions with White to move farthest from conversion, a few of them.
    const egdb::SliceIndexer<International> indexer(target);
    int farthest = 0;
    std::vector<Position> starts;
    for (std::uint64_t i = 0; i < indexer.per_side(); i += 3) {
        const auto pos = indexer.position(i);
        if (!pos || db->probe(*pos).value != egdb::Value::Win) continue;
        const int d = db->distance(*pos).value_or(0);
        if (d > farthest) {
            farthest = d;
            starts.clear();
        }
        if (d == farthest && starts.size() < 3) starts.push_back(*pos);
    }
    ASSERT_GE(farthest, 15);
    for (const Position& start : starts) {
        const std::string text = rulebook(Variant::International).format_fen(start);
        Game game(rulebook(Variant::International), start);
        Searcher searcher;
        searcher.set_databases(db);
        Limits limits;
        limits.nodes = 3000;
        int plies = 0;
        bool converted = false;
        while (!converted && !game.is_over() && plies < 2 * farthest) {
            searcher.set_position(game);
            const Outcome outcome = searcher.think(limits);
            ASSERT_TRUE(outcome.best.has_value()) << text;
            converted = outcome.best->captured || outcome.best->promotes;
            EXPECT_GT(outcome.database_hits, 0u);
            ASSERT_TRUE(game.play(*outcome.best)) << text;
            ++plies;
        }
        EXPECT_TRUE(converted) << text;
        EXPECT_EQ(plies, farthest) << text;
        // Still won for White after the conversion.
        const egdb::Value after = db->probe(game.position()).value;
        EXPECT_EQ(game.side_to_move() == Color::White ? after : egdb::from_mover(after), egdb::Value::Win) << text;
    }
}

// Frisian art. 18 again, one step earlier: a king and a man against a king, where crowning
// at once leaves two kings 15 plies from the capture, one ply more than their seven moves
// allow. The stored distances (capture rules only) made the crowning the nearest way to
// conversion and the game a draw; a few king moves first set up a crowning that wins in
// time. From a game of Kroon's Frisian self-play from endgames.
TEST(DatabaseProbes, AFrisianKingAndManCrownWhereTheTwoKingsStillWinInTime) {
    const auto db = egdb::Database::open(kroon::test::three_pieces(Variant::Frisian).folder(), Variant::Frisian);
    const Rulebook& rules = rulebook(Variant::Frisian);
    const auto start = rules.parse_fen("B:WK23:BK26,42");
    ASSERT_TRUE(start.ok());
    ASSERT_EQ(db->probe(*start).value, egdb::Value::Win);
    const auto crowned = rules.parse_fen("W:WK23:BK26,K47");
    ASSERT_EQ(db->distance(*crowned), 15);  // the crowning at once: too far for art. 18
    Game game(rules, *start);
    Searcher searcher;
    searcher.set_databases(db);
    Limits limits;
    limits.nodes = 20000;
    while (!game.is_over() && game.moves().size() < 60) {
        searcher.set_position(game);
        const Outcome outcome = searcher.think(limits);
        ASSERT_TRUE(outcome.best.has_value());
        ASSERT_TRUE(game.play(*outcome.best));
    }
    EXPECT_EQ(game.verdict().result, GameResult::BlackWins) << game.termination();
}

}  // namespace
}  // namespace kroon::search::test
