// The opening book's builder: drop-out expansion grows the cheapest line first, every score is
// the minimax of the book below it (recomputed here independently), a stopped build resumes to
// the same book, and shards merge into one.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>

#include "engine/rulebook/rulebook.hpp"
#include "learn/book_builder.hpp"
#include "platform/process.hpp"
#include "search/searcher.hpp"

namespace kroon::learn {
namespace {

// A stand-in for the search: a score from the position's key alone, so that every expected
// value can be worked out again here.
int fake_score(const Position& p) { return static_cast<int>(p.hash() % 201) - 100; }
LeafScore fake_search(const Game& game) { return {fake_score(game.position()), 4}; }

std::string temp_file(const std::string& name) {
    return testing::TempDir() + "kroon-" + name + "-" + std::to_string(kroon::platform::current_process_id()) + ".kbk";
}

// The value of a position for its side to move, worked out from the book's keys alone: the
// best over its moves, a move into the book taking minus the value of the position it reaches.
int value_of(const play::Book& book, const Rulebook& rules, const Position& position) {
    const play::BookEntry* entry = book.find(position.hash());
    if (!entry) return fake_score(position);
    MoveList legal;
    rules.generate_moves(position, legal);
    int best = -1000000;
    for (const Move& m : legal) best = std::max(best, -value_of(book, rules, rules.after(position, m)));
    return best;
}

BookBuildOptions options_for(std::size_t positions) {
    BookBuildOptions o;
    o.roots = {Game()};
    o.positions = positions;
    return o;
}

TEST(BookBuilder, GrowsTheCheapestLineAndBacksUpEveryScore) {
    const auto book = build_book(options_for(12), fake_search);
    ASSERT_TRUE(book) << book.error();
    ASSERT_EQ(book->size(), 12u);
    const Game start;
    const Rulebook& rules = start.rules();
    // Every stored score is what minimax over the book gives, recomputed independently.
    for (const auto& [key, entry] : book->entries()) {
        EXPECT_EQ(entry.moves.empty(), false);
        for (const auto& m : entry.moves) {
            if (search::is_decisive(m.score)) continue;
            // The child's value: from the book, or the stand-in search's score of it.
            const play::BookEntry* child = book->find(m.child);
            if (!child) continue;
            int best = -1000000;
            for (const auto& cm : child->moves) best = std::max(best, cm.score);
            EXPECT_EQ(m.score, -best);
        }
    }
    // The root's best equals the independent minimax, and its moves are all the start's.
    const auto root = play::book_moves(*book, rules, start.position());
    ASSERT_EQ(root.size(), 9u);
    EXPECT_EQ(root.front().score, value_of(*book, rules, start.position()));
    // The second position added is the one after the root's best move (the cheapest line: one
    // ply, nothing lost), so the best move has been expanded and counted.
    const play::BookEntry* first = book->find(rules.after(start.position(), root.front().move).hash());
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->ply, 1);
    EXPECT_GT(root.front().visits, 0u);
}

TEST(BookBuilder, AHandWorkedTwoLevelBook) {
    // Two positions: the start, then the one after its best leaf move. By hand: the root's
    // moves score minus the stand-in's score of each child; the expanded child's score becomes
    // minus the best of its own moves, each minus the stand-in's score of the grandchild.
    const auto book = build_book(options_for(2), fake_search);
    ASSERT_TRUE(book);
    const Game start;
    const Rulebook& rules = start.rules();
    MoveList legal;
    rules.generate_moves(start.position(), legal);
    int best_leaf = -1000000;
    Move best_move{};
    for (const Move& m : legal) {
        const int s = -fake_score(rules.after(start.position(), m));
        if (s > best_leaf) best_leaf = s, best_move = m;
    }
    const Position child = rules.after(start.position(), best_move);
    MoveList replies;
    rules.generate_moves(child, replies);
    int child_value = -1000000;
    for (const Move& r : replies) child_value = std::max(child_value, -fake_score(rules.after(child, r)));
    const auto root = play::book_moves(*book, rules, start.position());
    bool found = false;
    for (const auto& c : root)
        if (c.move == best_move) {
            found = true;
            EXPECT_EQ(c.score, -child_value);
            EXPECT_EQ(c.depth, 4 + 1 + 1);  // the reply's search depth, plus the two plies in the book
            EXPECT_EQ(c.visits, 1u);
        } else {
            EXPECT_EQ(c.score, -fake_score(rules.after(start.position(), c.move)));
            EXPECT_EQ(c.visits, 0u);
        }
    EXPECT_TRUE(found);
}

TEST(BookBuilder, AStoppedBuildResumesToTheSameBook) {
    const std::string path = temp_file("resume");
    std::filesystem::remove(path);
    auto o = options_for(5);
    o.out = path;
    ASSERT_TRUE(build_book(o, fake_search));
    EXPECT_EQ(play::Book::read(path)->size(), 5u);
    o.positions = 10;
    const auto resumed = build_book(o, fake_search);
    ASSERT_TRUE(resumed);
    const auto straight = build_book(options_for(10), fake_search);
    EXPECT_EQ(resumed->serialize(), straight->serialize());
    EXPECT_EQ(play::Book::read(path)->serialize(), straight->serialize());
    // A book of another variant is not resumed.
    auto frisian = options_for(3);
    frisian.roots = {Game(rulebook(Variant::Frisian))};
    frisian.out = path;
    const auto refused = build_book(frisian, fake_search);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find("another variant"), std::string::npos);
    std::filesystem::remove(path);
}

TEST(BookBuilder, ShardsSplitTheFirstMovesAndMerge) {
    std::vector<play::Book> shards;
    for (int i = 0; i < 2; ++i) {
        auto o = options_for(8);
        o.shard = i;
        o.shards = 2;
        auto book = build_book(o, fake_search);
        ASSERT_TRUE(book);
        shards.push_back(std::move(*book));
    }
    const Game start;
    const Rulebook& rules = start.rules();
    MoveList legal;
    rules.generate_moves(start.position(), legal);
    // Shard i grows only below the first moves numbered i modulo 2.
    for (int i = 0; i < legal.size(); ++i) {
        const std::uint64_t child = rules.after(start.position(), legal[i]).hash();
        EXPECT_EQ(shards[1 - i % 2].find(child), nullptr) << i;
    }
    const auto merged = merge_books(shards);
    ASSERT_TRUE(merged);
    EXPECT_EQ(merged->size(), shards[0].size() + shards[1].size() - 1);  // the root is in both
    const auto root = play::book_moves(*merged, rules, start.position());
    ASSERT_EQ(root.size(), 9u);
    EXPECT_EQ(root.front().score, value_of(*merged, rules, start.position()));
    // Each first move keeps the visits its own shard counted.
    for (const auto& choice : root) {
        const std::uint64_t child = rules.after(start.position(), choice.move).hash();
        std::uint32_t most = 0;
        for (const auto& shard : shards)
            for (const auto& m : shard.find(start.position().hash())->moves)
                if (m.child == child) most = std::max(most, m.visits);
        EXPECT_EQ(choice.visits, most);
        EXPECT_EQ(choice.visits > 0, merged->find(child) != nullptr);
    }
    EXPECT_FALSE(merge_books({shards[0], play::Book(Variant::Frisian)}));
}

// A book whose entries form one chain of `links` positions, keys 1, 2, ...: each has one move,
// into the next; the last one's leads to `last_child` (out of the book, or back to the first).
play::Book chain_book(std::uint64_t links, std::uint64_t last_child) {
    play::Book book;
    for (std::uint64_t key = 1; key <= links; ++key) {
        play::BookEntry& entry = book[key];
        entry.ply = static_cast<int>(key - 1);
        entry.moves.push_back({key == links ? last_child : key + 1, 5, 3, 1});
    }
    return book;
}

// Merging backs the scores up through the whole book: along a chain of 150,000 links as well
// (each link a level of the walk), and around a cycle of as many (a repetition).
TEST(BookBuilder, MergesABookWhoseEntriesFormOneLongChain) {
    const std::uint64_t links = 150000;
    const auto merged = merge_books({chain_book(links, links + 1)});
    ASSERT_TRUE(merged) << merged.error();
    for (std::uint64_t key = 1; key <= links; ++key) {
        const play::BookMove& m = merged->find(key)->moves.front();
        const std::uint64_t below = links - key;  // links between this one and the last
        ASSERT_EQ(m.score, below % 2 == 0 ? 5 : -5) << key;
        ASSERT_EQ(m.depth, std::min<std::uint64_t>(3 + below, 255)) << key;
    }

    // Around an odd cycle every move takes minus the score of the one it leads to, but the
    // one that closes the walk where it began: it keeps the searches' score.
    const std::uint64_t cycle = links + 1;
    const auto round = merge_books({chain_book(cycle, 1)});
    ASSERT_TRUE(round) << round.error();
    int kept = 0;
    for (std::uint64_t key = 1; key <= cycle; ++key) {
        const int score = round->find(key)->moves.front().score;
        const int next = round->find(key == cycle ? 1 : key + 1)->moves.front().score;
        if (score != -next) ++kept;
    }
    EXPECT_EQ(kept, 1);
}

TEST(BookBuilder, BuildsFromEachOpeningWithKroonsSearch) {
    // Two roots (two openings), Kroon's own search at 3,000 nodes: seconds.
    Game a, b;
    ASSERT_TRUE(a.play_text("32-28"));
    ASSERT_TRUE(b.play_text("34-30"));
    BookBuildOptions o;
    o.roots = {a, b};
    o.positions = 4;
    const auto book = build_book(o, engine_leaf_search(3000, 0, {{"hash", "1"}}));
    ASSERT_TRUE(book) << book.error();
    EXPECT_EQ(book->size(), 4u);
    for (const Game* root : {&a, &b}) {
        const auto moves = play::book_moves(*book, root->rules(), root->position());
        EXPECT_EQ(static_cast<int>(moves.size()), root->rules().count_moves(root->position()));
        for (const auto& m : moves) EXPECT_GT(m.depth, 1);
    }
}

}  // namespace
}  // namespace kroon::learn
