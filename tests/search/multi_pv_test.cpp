// Multi-PV (Limits::multi_pv): several root moves, each with an exact score and its line,
// best first; with one line the search is the plain one.
#include "egdb/database.hpp"
#include "egdb/indexer.hpp"
#include "tests/egdb/egdb_support.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

const char* const middlegame =
    "W:W26,27,28,29,31,32,33,34,37,38,39,41,43,47,48,49,50:B4,6,7,8,9,10,11,12,13,14,15,16,17,18,20,21";

struct Searched {
    std::vector<Iteration> iterations;
    Outcome outcome;
};

Searched search_lines(Variant v, const Game& game, int depth, int lines,
                      std::shared_ptr<const egdb::Database> databases = nullptr) {
    Searcher searcher(Options{1, 16, {}, std::move(databases)});
    searcher.set_position(game);
    Limits limits;
    limits.depth = depth;
    limits.multi_pv = lines;
    limits.analysis = true;
    Searched searched;
    searcher.start(limits, Listener{[&](const Iteration& it) { searched.iterations.push_back(it); },
                                    [&](const Outcome& o) { searched.outcome = o; }});
    searcher.wait();
    EXPECT_FALSE(searched.iterations.empty()) << rulebook(v).name();
    return searched;
}

// Lines of distinct legal first moves, each line legal to its end, best first; the first is
// the iteration's score and pv.
void expect_well_formed(Variant v, const Position& pos, const Iteration& it) {
    ASSERT_FALSE(it.lines.empty());
    EXPECT_EQ(it.lines.front().score, it.score);
    EXPECT_EQ(it.lines.front().pv, it.pv);
    for (size_t k = 0; k < it.lines.size(); ++k) {
        const Line& line = it.lines[k];
        ASSERT_FALSE(line.pv.empty());
        play_line(v, pos, line.pv);
        if (k > 0) {
            EXPECT_GE(it.lines[k - 1].score, line.score) << "line " << k + 1 << " at depth " << it.depth;
        }
        for (size_t j = 0; j < k; ++j) EXPECT_FALSE(it.lines[j].pv.front() == line.pv.front());
    }
}

// With a line for every legal move, each line's score is that move's own value: the plain
// search of the position after it, one ply shallower, from the other side. (Not where the
// reply is forced: in the tree a forced move costs no depth, at a root it does.)
TEST(MultiPv, EveryMoveScoredAsThePlainSearchAfterIt) {
    const Variant v = Variant::International;
    for (const Position& pos : {rulebook(v).start_position(), fen(v, middlegame)}) {
        const std::vector<Move> moves = legal_moves(v, pos);
        const Searched searched = search_lines(v, game_of(v, pos), 2, static_cast<int>(moves.size()));
        const Iteration& last = searched.iterations.back();
        ASSERT_EQ(last.depth, 2);
        ASSERT_EQ(last.lines.size(), moves.size());
        expect_well_formed(v, pos, last);
        int compared = 0;
        for (const Line& line : last.lines) {
            Position child = pos;
            rulebook(v).play(child, line.pv.front());
            if (legal_moves(v, child).size() < 2) continue;
            const Found after = search_depth(v, pos, 1, {line.pv.front()}, &pos);
            EXPECT_EQ(line.score, -after.outcome.score) << rulebook(v).format_move(pos, line.pv.front());
            ++compared;
        }
        EXPECT_GE(compared, 6);
        EXPECT_EQ(*searched.outcome.best, last.lines.front().pv.front());
        EXPECT_EQ(searched.outcome.score, last.lines.front().score);
    }
}

// A few lines at a greater depth: every iteration well formed, and the plain search's move
// among the lines with about its score. Not exactly: the other lines are searched with full
// windows, which fills the table differently and so prunes and reduces a little differently.
TEST(MultiPv, ThePlainSearchsMoveIsAmongTheLines) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    const int depth = 4;
    const Searched searched = search_lines(v, game_of(v, pos), depth, 3);
    ASSERT_EQ(searched.iterations.size(), static_cast<size_t>(depth));
    for (const Iteration& it : searched.iterations) {
        EXPECT_EQ(it.lines.size(), 3u);
        expect_well_formed(v, pos, it);
    }
    const Found plain = search_depth(v, pos, depth);
    const std::vector<Line>& lines = searched.iterations.back().lines;
    const auto same_move = [&](const Line& line) { return line.pv.front() == *plain.outcome.best; };
    const auto found = std::find_if(lines.begin(), lines.end(), same_move);
    ASSERT_NE(found, lines.end()) << rulebook(v).format_move(pos, *plain.outcome.best);
    EXPECT_NEAR(found->score, plain.outcome.score, 10);
    EXPECT_NEAR(lines.front().score, plain.outcome.score, 10);
}

// A node limit stops the search inside an iteration: what it reports is still well formed,
// and the move played is the last report's first line.
TEST(MultiPv, AStoppedIterationReportsTheLinesItFinished) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    for (const std::uint64_t nodes : {20000u, 60000u, 150000u}) {
        Searcher searcher(Options{1, 16, {}});
        searcher.set_position(game_of(v, pos));
        Limits limits;
        limits.nodes = nodes;
        limits.multi_pv = 4;
        limits.analysis = true;
        std::vector<Iteration> iterations;
        Outcome outcome;
        searcher.start(limits, Listener{[&](const Iteration& it) { iterations.push_back(it); },
                                        [&](const Outcome& o) { outcome = o; }});
        searcher.wait();
        ASSERT_FALSE(iterations.empty());
        for (const Iteration& it : iterations) {
            EXPECT_LE(it.lines.size(), 4u);
            expect_well_formed(v, pos, it);
        }
        EXPECT_EQ(iterations.back().lines.front().pv.front(), *outcome.best) << nodes;
    }
}

TEST(MultiPv, OneLineIsThePlainSearch) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    const Searched one = search_lines(v, game_of(v, pos), 6, 1);
    const Found plain = search_depth(v, pos, 6);
    for (const Iteration& it : one.iterations) {
        ASSERT_EQ(it.lines.size(), 1u);
        EXPECT_EQ(it.lines.front().score, it.score);
        EXPECT_EQ(it.lines.front().pv, it.pv);
    }
    EXPECT_EQ(one.outcome.nodes, plain.outcome.nodes);
    EXPECT_EQ(one.outcome.best, plain.outcome.best);
}

TEST(MultiPv, NoMoreLinesThanLegalMoves) {
    const Variant v = Variant::International;
    // White must take 28x17: a single legal move gives a single line.
    const Position forced = fen(v, "W:W28,40:B22,19");
    ASSERT_EQ(legal_moves(v, forced).size(), 1u);
    for (const Iteration& it : search_lines(v, game_of(v, forced), 4, 5).iterations) EXPECT_EQ(it.lines.size(), 1u);
    // The start position has nine.
    const Position start = rulebook(v).start_position();
    for (const Iteration& it : search_lines(v, game_of(v, start), 3, 50).iterations) EXPECT_EQ(it.lines.size(), 9u);
}

// Where the databases decide the root, the moves they keep lead, scored as wins; the other
// moves follow with their own scores.
TEST(MultiPv, TheDatabasesKeptMovesComeFirst) {
    const Variant v = Variant::International;
    const egdb::Database& db = kroon::test::three_pieces(v);
    const auto shared = std::shared_ptr<const egdb::Database>(&db, [](const egdb::Database*) {});
    const egdb::Material two_kings_against_a_man{0, 2, 1, 0};
    const egdb::SliceIndexer<International> indexer(two_kings_against_a_man);
    for (std::uint64_t i = 0; i < indexer.per_side(); i += 11) {
        const auto pos = indexer.position(i);
        if (!pos || db.probe(*pos).value != egdb::Value::Win) continue;
        const auto kept = db.root_moves(*pos);
        const std::vector<Move> moves = legal_moves(v, *pos);
        if (!kept || kept->moves.size() < 2 || kept->moves.size() + 2 > moves.size()) continue;
        const Searched searched = search_lines(v, game_of(v, *pos), 3, static_cast<int>(moves.size()), shared);
        const Iteration& last = searched.iterations.back();
        ASSERT_EQ(last.lines.size(), moves.size());
        for (size_t k = 0; k < last.lines.size(); ++k) {
            const Move& first = last.lines[k].pv.front();
            const bool is_kept = std::find(kept->moves.begin(), kept->moves.end(), first) != kept->moves.end();
            EXPECT_EQ(is_kept, k < kept->moves.size()) << "line " << k + 1;
            // Won: in the database band, or seen to the capture by the search itself.
            if (is_kept) {
                EXPECT_TRUE(is_database_result(last.lines[k].score) || is_decisive(last.lines[k].score))
                    << last.lines[k].score;
                EXPECT_GT(last.lines[k].score, 0);
            }
        }
        EXPECT_TRUE(std::find(kept->moves.begin(), kept->moves.end(), *searched.outcome.best) != kept->moves.end());
        return;
    }
    FAIL() << "no won position with several kept moves and others";
}

}  // namespace
}  // namespace kroon::search::test
