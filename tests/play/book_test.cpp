// The opening book: its file round-trips and refuses damaged or foreign files, a position is
// found whatever the move order that reached it, the choice with margin 0 is always the same,
// and the thinker plays from the book where a game is played, never where it is analysed.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <set>
#include <thread>

#include "engine/record/game.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"
#include "play/book.hpp"
#include "play/thinker.hpp"

namespace kroon::play {
namespace {

Game after(const std::vector<std::string>& moves, Variant variant = Variant::International) {
    Game game(rulebook(variant));
    for (const auto& m : moves) EXPECT_TRUE(game.play_text(m)) << m;
    return game;
}

std::uint64_t key_after(const Game& game, const std::string& move) {
    Game next = game;
    EXPECT_TRUE(next.play_text(move)) << move;
    return next.position().hash();
}

// A book of the start position with three moves: 32-28 and 33-28 equal best, 31-27 below.
Book start_book() {
    const Game start;
    Book book;
    BookEntry& entry = book[start.position().hash()];
    entry.moves = {{key_after(start, "31-27"), -12, 14, 3},
                   {key_after(start, "32-28"), 5, 16, 40},
                   {key_after(start, "33-28"), 5, 15, 40}};
    return book;
}

std::string move_text(const Game& game, const Move& move) { return game.rules().format_move(game.position(), move); }

// 32-28 or 33-28, whichever the generator lists first.
std::string first_of_the_equal_best() {
    const Game start;
    MoveList legal;
    start.rules().generate_moves(start.position(), legal);
    for (const Move& m : legal) {
        const std::string text = move_text(start, m);
        if (text == "32-28" || text == "33-28") return text;
    }
    return "";
}

TEST(Book, RoundTripsThroughItsFile) {
    Book book = start_book();
    const Game game = after({"32-28", "19-23"});
    book[game.position().hash()] = {2, {{key_after(game, "28x19"), -30000, 255, 0xfffffff0u}}};
    const std::string bytes = book.serialize();
    const auto read = Book::parse({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ(read->variant(), Variant::International);
    ASSERT_EQ(read->size(), book.size());
    for (const auto& [key, entry] : book.entries()) {
        const BookEntry* back = read->find(key);
        ASSERT_NE(back, nullptr);
        EXPECT_EQ(back->ply, entry.ply);
        ASSERT_EQ(back->moves.size(), entry.moves.size());
        for (std::size_t i = 0; i < entry.moves.size(); ++i) {
            EXPECT_EQ(back->moves[i].child, entry.moves[i].child);
            EXPECT_EQ(back->moves[i].score, entry.moves[i].score);
            EXPECT_EQ(back->moves[i].depth, entry.moves[i].depth);
            EXPECT_EQ(back->moves[i].visits, entry.moves[i].visits);
        }
    }
    // The same book writes the same bytes: the entries go out in key order.
    EXPECT_EQ(read->serialize(), bytes);
    EXPECT_EQ(bytes.size(), 48u + 2 * 16 + 4 * 16);
}

TEST(Book, RefusesDamagedAndForeignFiles) {
    const std::string good = start_book().serialize();
    const auto parse = [](std::string bytes) {
        return Book::parse({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
    };
    ASSERT_TRUE(parse(good));
    const auto error_of = [&](const std::string& bytes) {
        const auto read = parse(bytes);
        EXPECT_FALSE(read);
        return read ? std::string() : read.error();
    };
    std::string flipped = good;
    flipped[60] ^= 0x10;  // a byte of the first entry
    EXPECT_NE(error_of(flipped).find("checksum"), std::string::npos);
    std::string moved_score = good;
    moved_score[good.size() - 6] ^= 1;  // a score
    EXPECT_NE(error_of(moved_score).find("checksum"), std::string::npos);
    EXPECT_NE(error_of(good.substr(0, good.size() - 1)).find("wrong size"), std::string::npos);
    EXPECT_NE(error_of(good.substr(0, 20)).find("not a Kroon opening book"), std::string::npos);
    EXPECT_NE(error_of("W:W31-50:B1-20 is a FEN, not a book, and long enough to have a header").find("not a Kroon"),
              std::string::npos);
    std::string newer = good;
    newer[8] = 2;
    EXPECT_NE(error_of(newer).find("version 2"), std::string::npos);
    std::string chess = good;
    chess.replace(16, 5, "chess");
    EXPECT_NE(error_of(chess).find("unknown variant 'chessnational'"), std::string::npos);
    EXPECT_NE(error_of("").find("not a Kroon"), std::string::npos);

    // A file: the same errors, with its name; a folder is refused.
    const std::string path =
        testing::TempDir() + "kroon-book-" + std::to_string(kroon::platform::current_process_id()) + ".kbk";
    ASSERT_TRUE(start_book().write(path));
    EXPECT_TRUE(Book::read(path));
    {
        std::FILE* f = std::fopen(path.c_str(), "r+b");
        ASSERT_NE(f, nullptr);
        std::fseek(f, 70, SEEK_SET);
        std::fputc('x', f);
        std::fclose(f);
    }
    const auto damaged = Book::read(path);
    ASSERT_FALSE(damaged);
    EXPECT_NE(damaged.error().find(path), std::string::npos);
    EXPECT_FALSE(Book::read(testing::TempDir()));
    EXPECT_FALSE(Book::read(path + ".missing"));
    std::filesystem::remove(path);
}

TEST(Book, FindsAPositionWhateverTheMoveOrder) {
    // 1. 32-28 17-21 2. 33-29 and 1. 33-29 17-21 2. 32-28 reach one position.
    const Game one = after({"32-28", "17-21", "33-29"});
    const Game other = after({"33-29", "17-21", "32-28"});
    ASSERT_EQ(one.position().hash(), other.position().hash());
    Book book;
    book[one.position().hash()] = {3, {{key_after(one, "12-17"), 7, 12, 2}, {key_after(one, "21-26"), -3, 12, 1}}};
    for (const Game* game : {&one, &other}) {
        const auto moves = book_moves(book, game->rules(), game->position());
        ASSERT_EQ(moves.size(), 2u);
        EXPECT_EQ(move_text(*game, moves[0].move), "12-17");
        EXPECT_EQ(moves[0].score, 7);
        EXPECT_EQ(moves[0].visits, 2u);
        EXPECT_EQ(move_text(*game, moves[1].move), "21-26");
    }
    // Not in the book, or of another variant: nothing.
    EXPECT_TRUE(book_moves(book, one.rules(), Game().position()).empty());
    const Game frisian(rulebook(Variant::Frisian));
    EXPECT_TRUE(book_moves(start_book(), frisian.rules(), frisian.position()).empty());
}

TEST(Book, MarginZeroAlwaysChoosesTheSameBestMove) {
    const Book book = start_book();
    const Game start;
    std::set<std::string> chosen;
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        std::mt19937_64 random(seed);
        const auto choice = choose_book_move(book, start.rules(), start.position(), 0, random);
        ASSERT_TRUE(choice);
        chosen.insert(move_text(start, choice->move));
    }
    // Of the two equal best the generator's first, every time.
    EXPECT_EQ(chosen, std::set<std::string>{first_of_the_equal_best()});

    // A margin of 10 takes either best move (5), never 31-27 (-12); 17 takes all three.
    std::set<std::string> within10, within17;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        std::mt19937_64 random(seed);
        within10.insert(move_text(start, choose_book_move(book, start.rules(), start.position(), 10, random)->move));
        within17.insert(move_text(start, choose_book_move(book, start.rules(), start.position(), 17, random)->move));
    }
    EXPECT_EQ(within10, (std::set<std::string>{"32-28", "33-28"}));
    EXPECT_EQ(within17, (std::set<std::string>{"31-27", "32-28", "33-28"}));
}

TEST(Book, TheThinkerPlaysFromItWhereAGameIsPlayed) {
    const std::string path =
        testing::TempDir() + "kroon-engine-book-" + std::to_string(kroon::platform::current_process_id()) + ".kbk";
    ASSERT_TRUE(start_book().write(path));
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("book", path));
    ASSERT_TRUE(thinker.set_option("hash", "1"));
    search::Limits limits;
    limits.nodes = 2000;
    const search::Outcome outcome = thinker.think(limits);
    EXPECT_TRUE(outcome.from_book);
    ASSERT_TRUE(outcome.best);
    EXPECT_EQ(move_text(thinker.game(), *outcome.best), first_of_the_equal_best());
    EXPECT_EQ(outcome.score, 5);
    EXPECT_EQ(outcome.nodes, 0u);
    EXPECT_EQ(thinker.book_moves().size(), 3u);

    // Through go(), as a face plays: the callbacks come as from a search.
    search::Outcome reported;
    bool marked_iteration = false;
    thinker.go(limits, {[&](const search::Iteration& it) { marked_iteration = it.from_book && it.pv.size() == 1; },
                        [&](const search::Outcome& o) { reported = o; }});
    thinker.wait();
    EXPECT_TRUE(marked_iteration);
    EXPECT_TRUE(reported.from_book);
    EXPECT_EQ(reported.best, outcome.best);
    EXPECT_FALSE(thinker.searching());

    // on_done may start the next search from the reply's own thread (the searcher's contract).
    std::atomic<int> replies{0};
    std::function<void(const search::Outcome&)> again = [&](const search::Outcome&) {
        if (++replies < 3) thinker.go(limits, {nullptr, again});
    };
    thinker.go(limits, {nullptr, again});
    for (int i = 0; i < 500 && replies < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    thinker.wait();
    EXPECT_EQ(replies, 3);

    // An analysis searches; so does a thinker without a book, or out of it.
    search::Limits analysis = limits;
    analysis.analysis = true;
    EXPECT_FALSE(thinker.think(analysis).from_book);
    // So does a search for several lines: the book scores its own moves only.
    search::Limits several_lines = limits;
    several_lines.multi_pv = 3;
    EXPECT_FALSE(thinker.think(several_lines).from_book);
    Game out_of_book;
    ASSERT_TRUE(out_of_book.play_text("34-29"));
    thinker.set_game(out_of_book);
    EXPECT_FALSE(thinker.think(limits).from_book);
    thinker.set_game(Game());
    ASSERT_TRUE(thinker.set_option("book", "none"));
    EXPECT_EQ(thinker.options().text("book"), "false");
    EXPECT_FALSE(thinker.think(limits).from_book);
    // A book of another variant is not used in this one.
    ASSERT_TRUE(thinker.set_option("book", path));
    ASSERT_TRUE(thinker.set_option("variant", "frisian"));
    EXPECT_FALSE(thinker.think(limits).from_book);
    // A bad file is an error that changes nothing.
    EXPECT_FALSE(thinker.set_option("book", path + ".missing"));
    EXPECT_EQ(thinker.options().text("book"), path);
    std::filesystem::remove(path);
}

TEST(Book, TheBuiltInBookCoversTheStartAndIsUsedByDefault) {
    const auto book = builtin_book(Variant::International);
    ASSERT_NE(book, nullptr);
    const Game start;
    const auto moves = book_moves(*book, start.rules(), start.position());
    EXPECT_EQ(moves.size(), 9u);  // every move of the start scored
    Thinker thinker;
    EXPECT_EQ(thinker.options().text("book"), "true");
    search::Limits limits;
    limits.nodes = 1000;
    const search::Outcome outcome = thinker.think(limits);
    EXPECT_TRUE(outcome.from_book);
    EXPECT_EQ(outcome.best, moves.front().move);
}

}  // namespace
}  // namespace kroon::play
