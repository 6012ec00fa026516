#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "engine/movegen/movegen.hpp"
#include "engine/notation/square_names.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

// A random legal game, refereed, until it ends or `max_plies` moves were played.
Game random_game(Variant v, std::uint32_t seed, int max_plies, std::optional<Position> start = {}) {
    std::mt19937 rng(seed);
    Game g(rulebook(v), start.value_or(rulebook(v).start_position()));
    while (!g.is_over() && static_cast<int>(g.moves().size()) < max_plies) {
        MoveList legal;
        rulebook(v).generate_moves(g.position(), legal);
        g.play(legal[static_cast<int>(rng() % static_cast<std::uint32_t>(legal.size()))]);
    }
    return g;
}

void expect_same_game(const PdnGame& a, const PdnGame& b) {
    EXPECT_EQ(a.variant, b.variant);
    EXPECT_EQ(a.start, b.start);
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_EQ(a.result, b.result);
    EXPECT_EQ(a.tags, b.tags);
}

TEST(Pdn, GeneratedGamesReadBackIdentically) {
    int games = 0;
    for (Variant v : all_variants)
        for (std::uint32_t seed = 1; seed <= 4; ++seed)
            for (PdnMoves notation : {PdnMoves::Short, PdnMoves::Long}) {
                const Game g = random_game(v, seed, 300);
                PdnHeader header;
                header.event = "Round \"trip\" \\ test";
                header.white = "Kroon";
                header.round = std::to_string(seed);
                header.time_control = "300+2";
                const PdnGame record = make_pdn_game(g, header);
                const std::string text = write_pdn(record, notation);
                const PdnFile file = read_pdn(text);
                ASSERT_TRUE(file.errors.empty()) << file.errors[0].text() << "\n" << text;
                ASSERT_EQ(file.games.size(), 1u);
                expect_same_game(file.games[0], record);
                EXPECT_EQ(write_pdn(file.games[0], notation), text);
                // The referee reaches the same verdict from the record.
                const auto again = replay(file.games[0]);
                ASSERT_TRUE(again.ok()) << again.error();
                EXPECT_EQ(again->verdict(), g.verdict());
                ++games;
            }
    EXPECT_EQ(games, static_cast<int>(std::size(all_variants)) * 8);
}

TEST(Pdn, ReadsRussianGamesInAlgebraicNotation) {
    // Russian PDN writes c3-d4 and c3:e5 (the standard's notation for GameType 25): rewrite
    // random games by hand from the hub form's square numbers and the capture paths, and read
    // them back.
    const Variant v = Variant::Russian;
    const Rulebook& rules = rulebook(v);
    for (std::uint32_t seed = 1; seed <= 20; ++seed) {
        const Game g = random_game(v, seed, 80);
        std::string text = "[GameType \"25\"]\n";
        Position pos = g.start();
        for (size_t i = 0; i < g.moves().size(); ++i) {
            if (i % 2 == 0) text += std::to_string(i / 2 + 1) + ". ";
            const Move& m = g.moves()[i];
            std::string algebraic = rules.algebraic_square(rules.square_number(m.from));
            if (!m.is_capture()) {
                algebraic += "-" + rules.algebraic_square(rules.square_number(m.to));
            } else {
                for (const CapturePath& p : rules.capture_paths(pos))
                    if (p.move.from == m.from && p.move.to == m.to && p.move.captured == m.captured) {
                        for (int b : p.landings) algebraic += ":" + rules.algebraic_square(rules.square_number(b));
                        break;
                    }
            }
            text += algebraic + " ";
            rules.play(pos, m);
        }
        text += "*\n";
        const PdnFile file = read_pdn(text);
        ASSERT_TRUE(file.errors.empty()) << file.errors.front().message << "\n" << text;
        ASSERT_EQ(file.games.size(), 1u);
        EXPECT_EQ(file.games[0].variant, v);
        EXPECT_EQ(file.games[0].moves, g.moves()) << text;
        // Kroon writes them the same way: the long form is exactly the hand-made text (the
        // writer breaks lines at 80 columns).
        std::string written = write_pdn(file.games[0], PdnMoves::Long);
        std::replace(written.begin(), written.end(), '\n', ' ');
        EXPECT_NE(written.find(text.substr(text.find("1. "), text.size() - text.find("1. ") - 2)), std::string::npos)
            << written << "\n"
            << text;
    }
}

// Brazilian, Russian and Czech PDN write algebraic squares; the others numbers.
TEST(Pdn, WritesAlgebraicSquaresWhereTheVariantsPdnDoes) {
    const std::string moves = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. g3-f4 e5:g3 4. h2:f4";
    for (const Variant v : {Variant::Russian, Variant::Brazilian, Variant::Czech}) {
        SCOPED_TRACE(rulebook(v).name());
        const std::string type = std::to_string(rulebook(v).traits().pdn_game_type);
        const PdnFile file = read_pdn("[GameType \"" + type + "\"]\n" + moves + " *\n");
        ASSERT_TRUE(file.errors.empty()) << file.errors.front().message;
        ASSERT_EQ(file.games.at(0).moves.size(), 7u);
        std::string written = write_pdn(file.games[0]);
        std::replace(written.begin(), written.end(), '\n', ' ');
        EXPECT_NE(written.find(moves + " *"), std::string::npos) << written;
        EXPECT_EQ(read_pdn(written).games.at(0).moves, file.games[0].moves);
    }
    // The same moves by number in Pool stay numbers.
    const PdnFile pool = read_pdn("[GameType \"23\"]\n" + moves + " *\n");
    ASSERT_TRUE(pool.errors.empty()) << pool.errors.front().message;
    const std::string in_numbers = write_pdn(pool.games.at(0));
    EXPECT_NE(in_numbers.find("1. 22-18 11-15 2. 18x11 "), std::string::npos) << in_numbers;
}

TEST(Pdn, ReadsLidraughtsStyleAlgebraicGames) {
    // As lidraughts exports Russian and Brazilian games: algebraic squares, ':' for captures,
    // move numbers glued to the moves, any letter case.
    for (const char* type : {"25", "26"}) {
        const std::string text = std::string("[Event \"Casual game\"]\n[GameType \"") + type +
                                 "\"]\n[Result \"*\"]\n\n"
                                 "1.c3-d4 f6-e5 2.d4:f6 g7:e5 3.G3-F4 e5:g3 4.h2:f4 *\n";
        const PdnFile file = read_pdn(text);
        ASSERT_TRUE(file.errors.empty()) << file.errors.front().text();
        ASSERT_EQ(file.games.size(), 1u);
        const PdnGame& g = file.games[0];
        ASSERT_EQ(g.moves.size(), 7u);
        const Rulebook& rules = rulebook(g.variant);
        // Two men taken each (d4 and f4 were White's, e5 twice Black's).
        EXPECT_EQ(rules.format_fen(replay(g)->position()), "B:W19,21,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,12");
    }
}

TEST(Pdn, SetUpPositionsWithEitherSideToMove) {
    for (Variant v : {Variant::International, Variant::Frisian, Variant::English})
        for (int prefix : {7, 8}) {  // the set-up position has one side or the other to move
            const Game opening = random_game(v, 99, prefix);
            const Game g = random_game(v, 5, 60, opening.position());
            const PdnGame record = make_pdn_game(g);
            ASSERT_TRUE(record.tag("FEN").has_value());
            const std::string text = write_pdn(record);
            const PdnFile file = read_pdn(text);
            ASSERT_TRUE(file.errors.empty()) << file.errors[0].text() << "\n" << text;
            expect_same_game(file.games.at(0), record);
            EXPECT_EQ(write_pdn(file.games[0]), text);
        }
}

TEST(Pdn, MoveNumbersFollowTheFirstPlayer) {
    Game g(rulebook(Variant::International));
    for (const char* m : {"32-28", "19-23", "28x19"}) ASSERT_TRUE(g.play_text(m).ok());
    EXPECT_NE(write_pdn(make_pdn_game(g)).find("1. 32-28 19-23 2. 28x19 *"), std::string::npos);
    Game english(rulebook(Variant::English));  // Black moves first in English draughts
    for (const char* m : {"11-15", "23-19"}) ASSERT_TRUE(english.play_text(m).ok());
    EXPECT_NE(write_pdn(make_pdn_game(english)).find("1. 11-15 23-19 *"), std::string::npos);
    Game from_black(rulebook(Variant::International), *rulebook(Variant::International).parse_fen("B:W32:B19"));
    ASSERT_TRUE(from_black.play_text("19-23").ok());
    ASSERT_TRUE(from_black.play_text("32-28").ok());
    EXPECT_NE(write_pdn(make_pdn_game(from_black)).find("1... 19-23 2. 32-28 *"), std::string::npos);
}

TEST(Pdn, ReadsSeveralGamesWithCommentsAndVariations) {
    const std::string text =
        "% Kroon test file\n"
        "[Event \"Test\"]\n"
        "[White \"A\"]\n"
        "[Black \"B\"]\n"
        "[Result \"2-0\"]\n"
        "\n"
        "1. 32-28 {a comment (with brackets)} 19-23 (1... 18-23 {side line} 2. 38-32 (2. 37-32)) "
        "2. 28x19! 14x23 $1 3.37-32 10-14 ; rest of line 9-13\n"
        "4. 32-28?! 23x32 5. 38x27 2-0\n"
        "\n"
        "[Event \"Frisian\"]\n"
        "[GameType \"40,W,10,10,N2,0\"]\n"
        "[Result \"1/2-1/2\"]\n"
        "1. 31-26 17-21 1/2-1/2\n"
        "\n"
        "[Event \"No result token\"]\n"
        "[GameType \"21\"]\n"
        "1. 11-15 23-19 2. 8-11\n"
        "[Event \"Next\"]\n"
        "{only a comment} *\n";
    const PdnFile file = read_pdn(text);
    ASSERT_TRUE(file.errors.empty()) << file.errors[0].text();
    ASSERT_EQ(file.games.size(), 4u);

    const PdnGame& first = file.games[0];
    EXPECT_EQ(first.variant, Variant::International);
    EXPECT_EQ(first.result, GameResult::WhiteWins);
    ASSERT_EQ(first.moves.size(), 9u);  // the ";" comment hides 9-13
    EXPECT_EQ(*first.tag("White"), "A");
    Game g(rulebook(Variant::International));
    for (const Move& m : first.moves) ASSERT_TRUE(g.play(m));
    EXPECT_EQ(rulebook(Variant::International).format_fen(g.position()),
              rulebook(Variant::International).format_fen(replay(first)->position()));

    EXPECT_EQ(file.games[1].variant, Variant::Frisian);
    EXPECT_EQ(file.games[1].result, GameResult::Draw);
    EXPECT_EQ(file.games[1].moves.size(), 2u);

    EXPECT_EQ(file.games[2].variant, Variant::English);
    EXPECT_EQ(file.games[2].moves.size(), 3u);
    EXPECT_EQ(file.games[2].result, GameResult::Ongoing);

    EXPECT_TRUE(file.games[3].moves.empty());
    EXPECT_EQ(*file.games[3].tag("Event"), "Next");
}

TEST(Pdn, LongCaptureNotationTellsCapturesApart) {
    // Two captures from 1 to 1 differ: the long form names the landing squares.
    Game g(rulebook(Variant::International));
    for (const char* m : {"32-28", "19-23", "28x19", "14x23"}) ASSERT_TRUE(g.play_text(m).ok());
    const PdnGame record = make_pdn_game(g);
    const std::string long_text = write_pdn(record, PdnMoves::Long);
    EXPECT_NE(long_text.find("28x19 14x23"), std::string::npos);  // single captures look the same
    const PdnFile file = read_pdn(long_text);
    ASSERT_TRUE(file.errors.empty());
    EXPECT_EQ(file.games[0].moves, record.moves);
}

TEST(Pdn, MalformedGamesAreReportedAndTheOthersRead) {
    const std::string text =
        "[Event \"good 1\"]\n"        // 1
        "1. 32-28 19-23 *\n"          // 2
        "\n"                          // 3
        "[Event \"illegal move\"]\n"  // 4
        "1. 32-28 19-23\n"            // 5
        "2. 28-22 *\n"                // 6  col 4: 28-22 is no move
        "\n"                          // 7
        "[Event \"unclosed tag\n"     // 8
        "1. 32-28 *\n"                // 9
        "\n"                          // 10
        "[Event \"bad fen\"]\n"       // 11
        "[FEN \"W:W31,32:B99\"]\n"    // 12
        "1. 31-27 *\n"                // 13
        "\n"                          // 14
        "[GameType \"27\"]\n"         // 15 Canadian: not ours
        "1. c3-d4 *\n"                // 16
        "\n"                          // 17
        "[Event \"garbage\"]\n"       // 18
        "1. 32-28 hello 19-23 *\n"    // 19 col 10
        "\n"                          // 20
        "[Event \"lost comment\"]\n"  // 21
        "1. 31-27 {never closed\n"    // 22 col 10
        "\n"
        "[Event \"good 3\"]\n"
        "1. 34-29 2-0\n";
    const PdnFile file = read_pdn(text);
    ASSERT_EQ(file.games.size(), 2u);
    EXPECT_EQ(*file.games[0].tag("Event"), "good 1");
    EXPECT_EQ(file.games[0].moves.size(), 2u);
    EXPECT_EQ(*file.games[1].tag("Event"), "good 3");  // after the unclosed comment
    EXPECT_EQ(file.games[1].result, GameResult::WhiteWins);

    ASSERT_EQ(file.errors.size(), 6u);
    struct Expected {
        int game, line, column;
        const char* words;
    };
    const Expected expected[] = {
        {2, 6, 4, "illegal move 28-22"}, {3, 8, 8, "never closed"},         {4, 12, 1, "bad FEN"},
        {5, 15, 1, "GameType \"27\""},   {6, 19, 10, "unexpected 'hello'"}, {7, 22, 10, "comment '{' is never closed"}};
    for (size_t i = 0; i < file.errors.size(); ++i) {
        const PdnError& e = file.errors[i];
        EXPECT_EQ(e.game, expected[i].game) << e.text();
        EXPECT_EQ(e.line, expected[i].line) << e.text();
        EXPECT_EQ(e.column, expected[i].column) << e.text();
        EXPECT_NE(e.text().find(expected[i].words), std::string::npos) << e.text();
    }
}

// Runs `read` on its own thread; false when it has not finished within `limit`. The thread
// then runs on, detached, owning what it reads: the test fails instead of hanging.
bool reads_within(std::chrono::seconds limit, std::shared_ptr<const std::string> text, PdnFile& out) {
    struct Shared {
        std::mutex mutex;
        std::condition_variable done;
        std::optional<PdnFile> file;
    };
    auto shared = std::make_shared<Shared>();
    std::thread([shared, text] {
        PdnFile file = read_pdn(*text);
        std::lock_guard lock(shared->mutex);
        shared->file = std::move(file);
        shared->done.notify_all();
    }).detach();
    std::unique_lock lock(shared->mutex);
    if (!shared->done.wait_for(lock, limit, [&] { return shared->file.has_value(); })) return false;
    out = std::move(*shared->file);
    return true;
}

TEST(Pdn, UnclosedVariationsAndCommentsAreReadInLinearTime) {
    // Every '(' or '{' that is never closed used to rescan the rest of the text: megabytes of
    // them took minutes. Linear reading takes a fraction of a second; the limit is generous.
    const std::string next_game = "\n[Event \"next\"]\n1. 32-28 19-23 *\n";
    for (const char opener : {'(', '{'}) {
        SCOPED_TRACE(std::string(1, opener));
        auto text = std::make_shared<const std::string>("[Event \"junk\"]\n1. 32-28 " + std::string(2 << 20, opener) +
                                                        next_game);
        PdnFile file;
        ASSERT_TRUE(reads_within(std::chrono::seconds(60), text, file)) << "reading took too long";
        ASSERT_EQ(file.games.size(), 1u);
        EXPECT_EQ(*file.games[0].tag("Event"), "next");
        ASSERT_EQ(file.errors.size(), 1u);
        // A run of '(' stops at the second: a variation must follow a move.
        EXPECT_NE(file.errors[0].message.find(opener == '{' ? "never closed" : "must follow the move"),
                  std::string::npos)
            << file.errors[0].text();
    }
    // Nested variations, closed or not, and comments inside them.
    const PdnFile nested =
        read_pdn("[Event \"a\"]\n1. 32-28 (1. 33-28 (1. 31-27 {x)}) (1. 34-29)) 19-23 (1... 18-23 *\n" + next_game);
    ASSERT_EQ(nested.games.size(), 1u);
    EXPECT_EQ(*nested.games[0].tag("Event"), "next");
    ASSERT_EQ(nested.errors.size(), 1u);
    EXPECT_EQ(nested.errors[0].column, 54) << nested.errors[0].text();
}

TEST(Pdn, TagValuesWithControlCharactersAreWrittenOnOneLine) {
    // Found by fuzzing the DXP session: a peer's malformed message with a line feed went into
    // the Termination tag, and the record could no longer be read back.
    PdnGame game;
    game.start = rulebook(Variant::International).start_position();
    game.tags = {{"Event", "a\nb"}, {"Termination", "bad count '0\r\n' \x1b[2J\t\x7f"}, {"Site", "caf\xc3\xa9"}};
    const std::string written = write_pdn(game);
    const PdnFile back = read_pdn(written);
    ASSERT_TRUE(back.errors.empty()) << back.errors[0].text() << "\n" << written;
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_EQ(back.games[0].tag("Event"), "a b");
    EXPECT_EQ(back.games[0].tag("Termination"), "bad count '0  '  [2J  ");
    EXPECT_EQ(back.games[0].tag("Site"), "caf\xc3\xa9");  // UTF-8 is text, not a control character
}

// A tag name is written as it is: one PDN cannot read (a line break, a quote, a blank, none)
// is left out, so that the record still reads back as one game with the tags it can hold.
TEST(Pdn, TagNamesPdnCannotReadAreLeftOut) {
    EXPECT_TRUE(is_pdn_tag_name("White"));
    EXPECT_TRUE(is_pdn_tag_name("Time_Control2"));
    for (const char* name : {"", "two words", "White \"x\"]\n\n1. 35-30 *\n\n[Black", "caf\xc3\xa9", "a-b"})
        EXPECT_FALSE(is_pdn_tag_name(name)) << name;
    PdnGame game;
    game.start = rulebook(Variant::International).start_position();
    game.tags = {{"Event", "e"}, {"White \"x\"]\n\n1. 35-30 *\n\n[Black", "y"}, {"", "z"}, {"Annotator", "a"}};
    const PdnFile back = read_pdn(write_pdn(game));
    ASSERT_TRUE(back.errors.empty()) << back.errors[0].text();
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_EQ(back.games[0].tag("Event"), "e");
    EXPECT_EQ(back.games[0].tag("Annotator"), "a");
    EXPECT_TRUE(back.games[0].moves.empty());
}

TEST(Pdn, AppendWritesWholeGamesToDisk) {
    const auto path =
        std::filesystem::temp_directory_path() / ("kroon_pdn_append_" + std::to_string(::getpid()) + ".pdn");
    std::filesystem::remove(path);
    std::vector<PdnGame> written;
    for (std::uint32_t seed : {3u, 4u, 5u}) {
        written.push_back(make_pdn_game(random_game(Variant::International, seed, 400)));
        ASSERT_FALSE(append_pdn_game(path.string(), written.back()).has_value());
    }
    const auto file = read_pdn_file(path.string());
    ASSERT_TRUE(file.ok()) << file.error();
    ASSERT_TRUE(file->errors.empty()) << file->errors[0].text();
    ASSERT_EQ(file->games.size(), 3u);
    for (size_t i = 0; i < 3; ++i) expect_same_game(file->games[i], written[i]);
    std::filesystem::remove(path);

    EXPECT_TRUE(append_pdn_game("/nonexistent-dir/x.pdn", written[0]).has_value());
    EXPECT_FALSE(read_pdn_file("/nonexistent-dir/x.pdn").ok());
}

// A board that reads files of every variant: a game without GameType that does not follow the
// rules of the variant asked for is read as the first variant whose rules it follows.
TEST(Pdn, GamesWithoutAVariantTagAreReadAsTheVariantTheyFollow) {
    const std::string international = "[Event \"no GameType\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    const std::string english = "[Event \"no GameType\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n";
    const std::string set_up = "[FEN \"W:W31,45:B5,6\"]\n1. 45-40 *\n";
    for (const auto& [text, variant] :
         {std::pair{international, Variant::International}, std::pair{english, Variant::English},
          std::pair{set_up, Variant::International}}) {
        SCOPED_TRACE(text);
        for (const Variant asked : {Variant::English, Variant::International, Variant::Russian}) {
            const PdnFile file = read_pdn(text, asked, UntaggedGames::AnyVariant);
            ASSERT_EQ(file.games.size(), 1u) << file.errors[0].text();
            EXPECT_EQ(file.games[0].variant, variant);
            EXPECT_EQ(file.games[0].variant_guessed, variant != asked);
        }
        // Read as one variant, a game of another is an error, as before.
        const Variant other = variant == Variant::English ? Variant::International : Variant::English;
        const PdnFile strict = read_pdn(text, other);
        EXPECT_TRUE(strict.games.empty());
        ASSERT_EQ(strict.errors.size(), 1u);
    }
    // A tag that names the variant is believed; a game no variant reads keeps its first error.
    const PdnFile tagged =
        read_pdn("[GameType \"21\"]\n" + international, Variant::International, UntaggedGames::AnyVariant);
    ASSERT_EQ(tagged.errors.size(), 1u);
    EXPECT_NE(tagged.errors[0].text().find("illegal move 32-28"), std::string::npos) << tagged.errors[0].text();
    const PdnFile nowhere = read_pdn("1. 32-28 19-23 2. 28-22 *\n", Variant::International, UntaggedGames::AnyVariant);
    ASSERT_EQ(nowhere.errors.size(), 1u);
    EXPECT_NE(nowhere.errors[0].text().find("illegal move 28-22 (at ply 3"), std::string::npos)
        << nowhere.errors[0].text();
    // A result at the end of a variation does not end a game being read again.
    const PdnFile ending =
        read_pdn("1. 32-28 (1. 33-28 19-23 2-0) 19-23 *\n", Variant::English, UntaggedGames::AnyVariant);
    ASSERT_EQ(ending.games.size(), 1u) << ending.errors[0].text();
    EXPECT_EQ(ending.games[0].moves.size(), 2u);
}

TEST(Pdn, VariantTagNamesWhatGameTypeCannot) {
    const PdnGame killer = make_pdn_game(random_game(Variant::Killer, 1, 10));
    EXPECT_EQ(*killer.tag("GameType"), "20");
    EXPECT_EQ(*killer.tag("Variant"), "killer");
    EXPECT_FALSE(make_pdn_game(Game(rulebook(Variant::International))).tag("Variant").has_value());
    EXPECT_EQ(*make_pdn_game(Game(rulebook(Variant::Russian))).tag("GameType"), "25");
    const PdnGame norwegian = make_pdn_game(Game(rulebook(Variant::Norwegian)));
    EXPECT_FALSE(norwegian.tag("GameType").has_value());
    EXPECT_EQ(read_pdn(write_pdn(norwegian)).games.at(0).variant, Variant::Norwegian);
    // lidraughts writes the variant by name.
    const PdnFile file = read_pdn("[GameType \"40\"]\n[Variant \"Frysk!\"]\n1. 46-41 *\n");
    ASSERT_TRUE(file.errors.empty()) << file.errors[0].text();
    EXPECT_EQ(file.games.at(0).variant, Variant::Frysk);
}

TEST(Pdn, TerminationTagCarriesTheRefereesReason) {
    Game g(rulebook(Variant::International), *rulebook(Variant::International).parse_fen("W:W28:B23"));
    ASSERT_TRUE(g.play_text("28x19").ok());
    const PdnGame record = make_pdn_game(g);
    ASSERT_TRUE(record.tag("Termination").has_value());
    EXPECT_NE(record.tag("Termination")->find("KNDB art. 8a"), std::string::npos);
    EXPECT_EQ(*record.tag("Result"), "2-0");
    EXPECT_EQ(*record.tag("GameType"), "20");
}

}  // namespace
}  // namespace kroon
