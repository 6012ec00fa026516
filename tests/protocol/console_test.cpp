// The console driven line by line, as a script (or a person) would: moves in every notation,
// bad input, undo, FEN, the engine's moves, whole games to the end, variants.
#include <gtest/gtest.h>

#include "tests/support/variant_param.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "eval/evaluate.hpp"
#include "play/options.hpp"
#include "protocol/console/console.hpp"
#include "tests/egdb/egdb_support.hpp"

namespace kroon::console {
namespace {

std::string run(const std::string& script, Variant variant = Variant::International,
                eval::EvalKind evaluation = eval::EvalKind::Learned) {
    std::istringstream in(script);
    std::ostringstream out;
    ConsoleOptions options;
    options.variant = variant;
    options.engine_options = {{"eval", std::string(eval::eval_kind_name(evaluation))}, {"hash", "4"}};
    EXPECT_EQ(run_console(in, out, options), 0);
    return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The FENs the `fen` command printed, in order.
std::vector<std::string> printed_fens(const std::string& output) {
    std::vector<std::string> fens;
    for (const auto& line : lines_of(output))
        if (line.size() > 2 && (line[0] == 'W' || line[0] == 'B') && line[1] == ':') fens.push_back(line);
    return fens;
}

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The position after playing `moves` (any notation) from `fen` with the engine's own rules.
std::string fen_after(Variant v, const std::string& fen, const std::vector<std::string>& moves) {
    auto pos = rulebook(v).parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    Position p = *pos;
    for (const auto& text : moves) {
        const auto m = rulebook(v).parse_move(p, text);
        EXPECT_TRUE(m.ok()) << text << ": " << m.error();
        if (!m) break;
        rulebook(v).play(p, *m);
    }
    return rulebook(v).format_fen(p);
}

// The moves the engine announced ("Kroon plays 32-28 for White ...").
std::vector<std::string> engine_moves(const std::string& output) {
    std::vector<std::string> moves;
    for (const auto& line : lines_of(output)) {
        const std::string prefix = "Kroon plays ";
        if (line.rfind(prefix, 0) == 0 && line.find(" for ") != std::string::npos)
            moves.push_back(line.substr(prefix.size(), line.find(' ', prefix.size()) - prefix.size()));
    }
    return moves;
}

const std::string start10 = rulebook(Variant::International).start_fen();

TEST(Console, ShowsTheBoardAndQuits) {
    const std::string out = run("quit\n");
    EXPECT_NE(out.find("|     1     2     3     4     5 |"), std::string::npos);
    EXPECT_NE(out.find("White to move"), std::string::npos);
    EXPECT_NE(out.find("kroon (white to move)> quit"), std::string::npos);
    EXPECT_NE(out.find("Bye."), std::string::npos);
}

TEST(Console, EndOfInputEndsTheSessionWithoutQuit) {
    const std::string out = run("play none\n32-28\n");
    EXPECT_NE(out.find("Bye."), std::string::npos);
}

TEST(Console, AcceptsShortMovesAndCaptures) {
    const std::string out = run("play none\n32-28\n19-23\n28x19\nfen\n14x23\nfen\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 2u) << out;
    EXPECT_EQ(fens[0], fen_after(Variant::International, start10, {"32-28", "19-23", "28x19"}));
    EXPECT_EQ(fens[1], fen_after(Variant::International, start10, {"32-28", "19-23", "28x19", "14x23"}));
}

TEST(Console, AcceptsLongAndHubCaptureNotation) {
    // White 28 takes 23 and 14: short 28x10, long 28x19x10, hub 28x10x14x23.
    const std::string position = "W:W28,48:B23,14,3";
    for (const std::string move : {"28x10", "28x19x10", "28x10x14x23", "28x10x23x14", "28:10"}) {
        const std::string out = run("play none\nfen " + position + "\n" + move + "\nfen\nquit\n");
        EXPECT_EQ(count_of(out, "Error"), 0) << move << "\n" << out;
        const auto fens = printed_fens(out);
        ASSERT_EQ(fens.size(), 1u) << out;
        EXPECT_EQ(fens[0], "B:W10,48:B3") << move;
    }
}

TEST(Console, AcceptsAlgebraicMovesInRussian) {
    const std::string out = run("new russian\nplay none\nc3-d4\nf6-e5\nd4:f6\nfen\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u) << out;
    EXPECT_EQ(fens[0],
              fen_after(Variant::Russian, rulebook(Variant::Russian).start_fen(), {"22-18", "11-15", "18x11"}));
}

// The Russian console speaks the notation its players write: its errors name the squares as
// typed (c3-e5, not 22-15) and the key beside the board shows a1..h8.
TEST(Console, RussianErrorsAndBoardKeyAreAlgebraic) {
    const std::string out = run("new russian\nplay none\nc3-e5\nc3:e5\nquit\n");
    EXPECT_NE(out.find("Error: illegal move c3-e5;"), std::string::npos) << out;
    EXPECT_NE(out.find("Error: illegal move c3:e5;"), std::string::npos) << out;
    EXPECT_EQ(out.find("22-"), std::string::npos) << out;
    EXPECT_NE(out.find("|    b8    d8    f8    h8 |"), std::string::npos) << out;
    EXPECT_NE(out.find("| a1    c1    e1    g1    |"), std::string::npos) << out;
    // Numbers typed are answered in numbers.
    EXPECT_NE(run("new russian\nplay none\n22-15\nquit\n").find("Error: illegal move 22-15;"), std::string::npos);
}

TEST(Console, RejectsBadMovesAndGoesOn) {
    const std::vector<std::string> bad = {"32-26",
                                          "99-1",
                                          "32-",
                                          "32x28",
                                          "0-5",
                                          "32--28",
                                          "32-28-23",
                                          "1234567-1",
                                          "32-28x",
                                          "28x19x10",
                                          "5" + std::string(300, '9')};
    std::string script = "play none\n";
    for (const auto& b : bad) script += b + "\n";
    script += "32-28\nfen\nquit\n";
    const std::string out = run(script);
    EXPECT_EQ(count_of(out, "Error:"), static_cast<int>(bad.size())) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u);
    EXPECT_EQ(fens[0], fen_after(Variant::International, start10, {"32-28"}));
}

TEST(Console, RejectsUnknownCommandsAndBadArguments) {
    const std::vector<std::string> bad = {
        "frobnicate",  "level depth 0", "level speed 3", "undo",         "undo x",  "new nosuchvariant",
        "variant xyz", "fen W:W99",     "fen hello",     "play red",     "perft 0", "perft x",
        "threads 0",   "hash -1",       "post maybe",    "time -2",      "clock 0", "help nothing",
        "multipv 0",   "multipv -1",    "multipv abc",   "multipv 1000", "multipv", "set multipv 0"};
    std::string script = "play none\n";
    for (const auto& b : bad) script += b + "\n";
    script += "fen\nquit\n";
    const std::string out = run(script);
    EXPECT_EQ(count_of(out, "Error:"), static_cast<int>(bad.size())) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u);
    EXPECT_EQ(fens[0], start10);  // nothing bad changed the game
}

TEST(Console, UndoTakesBackMoves) {
    const std::string out = run("play none\n32-28\n19-23\nundo\nfen\nundo\nfen\n33-29\n18-22\nundo 2\nfen\nquit\n");
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 3u) << out;
    EXPECT_EQ(fens[0], fen_after(Variant::International, start10, {"32-28"}));
    EXPECT_EQ(fens[1], start10);
    EXPECT_EQ(fens[2], start10);
}

TEST(Console, UndoAgainstTheEngineReturnsToTheUsersMove) {
    // The engine plays Black by default: undo takes back its reply and the user's move.
    const std::string out = run("level depth 2\n32-28\nundo\nfen\nquit\n");
    EXPECT_EQ(engine_moves(out).size(), 1u) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u);
    EXPECT_EQ(fens[0], start10);
}

TEST(Console, FenSetAndGetRoundTrip) {
    const std::string fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K23";
    const std::string out = run("play none\nfen " + fen + "\nfen\nfen [FEN \"W:W31-33:B1,2\"]\nfen\nquit\n");
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 2u) << out;
    EXPECT_EQ(fens[0], rulebook(Variant::International).format_fen(*rulebook(Variant::International).parse_fen(fen)));
    EXPECT_EQ(fens[0], "B:WK10,K15,18,24,27,28:B12,16,20,K22,K23");
    EXPECT_EQ(fens[1], "W:W31,32,33:B1,2");
}

TEST(Console, GoPlaysALegalMoveAtAFixedDepth) {
    const std::string out = run("play none\nlevel depth 3\ngo\nfen\nquit\n");
    const auto moves = engine_moves(out);
    ASSERT_EQ(moves.size(), 1u) << out;
    const Position start = rulebook(Variant::International).start_position();
    ASSERT_TRUE(rulebook(Variant::International).parse_move(start, moves[0]).ok()) << moves[0];
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u);
    EXPECT_EQ(fens[0], fen_after(Variant::International, start10, {moves[0]}));
}

TEST(Console, TheEngineAnswersTheUsersMove) {
    const std::string out = run("level depth 2\n32-28\nfen\nquit\n");
    const auto moves = engine_moves(out);
    ASSERT_EQ(moves.size(), 1u) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u);
    EXPECT_EQ(fens[0], fen_after(Variant::International, start10, {"32-28", moves[0]}));
    EXPECT_NE(out.find("kroon (white to move)> fen"), std::string::npos);
}

// The engine plays both sides from a position White wins quickly; the console must say who
// won and why, and the final position must really be over.
TEST(Console, SelfPlayFinishesAWonGameWithTheReason) {
    const std::string fen = "W:W27,28,K46:B12,13";
    const std::string out = run("play none\nfen " + fen + "\nlevel depth 8\nplay both\nfen\nquit\n");
    EXPECT_NE(out.find("Game over: White wins: Black to move has no legal move (KNDB art. 8a)."), std::string::npos)
        << out;
    const auto moves = engine_moves(out);
    ASSERT_FALSE(moves.empty());
    const std::string final_fen = fen_after(Variant::International, fen, moves);
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u);
    EXPECT_EQ(fens[0], final_fen);
    const auto final_pos = rulebook(Variant::International).parse_fen(final_fen);
    EXPECT_EQ(rulebook(Variant::International).count_moves(*final_pos), 0);
    EXPECT_NE(out.find("kroon (game over)> fen"), std::string::npos);
}

TEST(Console, MovesAfterTheEndAreRefused) {
    const std::string out = run("play none\nfen B:W28:B\n32-28\ngo\nundo\nquit\n");
    EXPECT_NE(out.find("Game over: White wins: Black to move has no legal move (KNDB art. 8a)."), std::string::npos)
        << out;
    EXPECT_GE(count_of(out, "Error: the game is over"), 2) << out;
    EXPECT_NE(out.find("Error: no move to take back"), std::string::npos);
}

TEST(Console, AntidraughtsTheSideWithoutMovesWins) {
    // Black's only man must take White's only man: then White has no piece and wins.
    const std::string out = run("play none\nvariant antidraughts\nfen B:W28:B23\nlevel depth 2\ngo\nquit\n");
    EXPECT_NE(out.find("Game over: White wins: White to move has no legal move, which wins at antidraughts "
                       "(antidraughts rules)."),
              std::string::npos)
        << out;
}

TEST(Console, BreakthroughTheFirstKingWins) {
    const std::string out = run("play none\nvariant breakthrough\nfen W:W7:B45\n7-1\nquit\n");
    EXPECT_NE(out.find("Game over: White wins: White crowned the first king"), std::string::npos) << out;
}

TEST(Console, ReportsDrawsByRepetition) {
    // Kings shuffle back and forth: the third time the position stands is a draw (KNDB art. 9e).
    const std::string out =
        run("play none\nfen W:WK47,45:BK4,6\n47-42\n4-10\n42-47\n10-4\n47-42\n4-10\n42-47\n10-4\n"
            "47-42\nquit\n");
    EXPECT_NE(out.find("Game over: draw: the same position for the third time with the same side to move "
                       "(KNDB art. 9e)."),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("Error: the game is over"), std::string::npos) << out;  // the last 46-41
}

TEST(Console, SelfPlayOfKingAgainstKingEndsInADrawByRule) {
    // One king each (KNDB art. 9b: 5 moves each with one king against at most two pieces).
    const std::string out = run("play none\nfen W:WK47:BK4\nlevel depth 4\nplay both\nquit\n");
    EXPECT_NE(out.find("Game over: draw: "), std::string::npos) << out;
    EXPECT_TRUE(out.find("(KNDB art. 9b)") != std::string::npos || out.find("(KNDB art. 9e)") != std::string::npos)
        << out;
    EXPECT_LE(engine_moves(out).size(), 10u);
}

TEST(Console, FrisianDrawRules) {
    // Art. 21.1: one king each, neither en prise, is a draw at once.
    const std::string one_each = run("play none\nvariant frisian\nfen W:WK47:BK4\nquit\n");
    EXPECT_NE(one_each.find("Game over: draw: one king each, neither en prise nor forced to move into a capture "
                            "(Frisian art. 21.1)."),
              std::string::npos)
        << one_each;
    // Art. 18: two kings against a king on the long diagonal do not win within 7 moves. The
    // hand-written evaluation defends it; the learned one (at this depth) lets Black's king
    // be caught, a legal win but not this rule's test.
    const std::string two_one = run("play none\nvariant frisian\nfen W:WK47,K50:BK46\nlevel depth 6\nplay both\nquit\n",
                                    Variant::International, eval::EvalKind::Hand);
    EXPECT_NE(two_one.find("Game over: draw: two kings did not beat one king within 7 moves (Frisian art. 18)."),
              std::string::npos)
        << two_one;
    EXPECT_LE(engine_moves(two_one).size(), 14u);
}

TEST(Console, TellsWhoWonAgainstTheEngine) {
    const std::string out = run("play black\nfen W:W28:B23\n28x19\nquit\n");
    EXPECT_NE(out.find("You win"), std::string::npos) << out;
    const std::string lost = run("level depth 2\nplay white\nfen W:W28:B23\nquit\n");
    EXPECT_NE(lost.find("Kroon wins"), std::string::npos) << lost;
}

TEST(Console, SwitchesVariants) {
    const std::string out = run("play none\nvariant english\nfen\n11-15\nfen\nvariant\nnew frisian\nfen\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 3u) << out;
    EXPECT_EQ(fens[0], rulebook(Variant::English).start_fen());
    EXPECT_EQ(fens[1], fen_after(Variant::English, rulebook(Variant::English).start_fen(), {"11-15"}));
    EXPECT_EQ(fens[2], rulebook(Variant::Frisian).start_fen());
    EXPECT_NE(out.find("|     1     2     3     4 |"), std::string::npos);  // the 8x8 board
    EXPECT_NE(out.find("Playing english"), std::string::npos);
}

class ConsoleVariant : public ::testing::TestWithParam<Variant> {};

TEST_P(ConsoleVariant, ListsMovesAndPlays) {
    const Variant v = GetParam();
    const Rulebook& rules = rulebook(v);
    const std::string out =
        run("play none\nnew " + std::string(rules.name()) + "\nmoves\nlevel depth 2\ngo\nfen\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    const auto moves = engine_moves(out);
    ASSERT_EQ(moves.size(), 1u) << out;
    const auto fens = printed_fens(out);
    ASSERT_EQ(fens.size(), 1u) << out;
    EXPECT_EQ(fens[0], fen_after(v, rules.start_fen(), {moves[0]}));
    const std::string legal = std::to_string(rules.count_moves(rules.start_position())) + " legal";
    EXPECT_NE(out.find(legal), std::string::npos) << out;
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, ConsoleVariant, ::testing::ValuesIn(all_variants), test::variant_test_name);

TEST(Console, DefaultEngineSideIsTheSecondPlayer) {
    // English: Black moves first, so the engine takes White.
    const std::string out = run("level depth 2\nvariant english\n11-15\nplay\nquit\n", Variant::International);
    EXPECT_EQ(engine_moves(out).size(), 1u) << out;
    EXPECT_NE(out.find("Kroon plays White."), std::string::npos) << out;
}

// Scores are White's, as on the board in the browser: Black to move a man up reads -1.xx.
TEST(Console, ScoresAreFromWhitesSide) {
    // White without the man on 50.
    const std::string out =
        run("play none\nfen B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,"
            "14,15,16,17,18,19,20\nlevel depth 6\nanalyse 0.2\nplay black\ngo\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    EXPECT_NE(out.find("Analysing for Black (scores from White's side)"), std::string::npos) << out;
    const auto best = out.find("Best move ");
    ASSERT_NE(best, std::string::npos) << out;
    EXPECT_EQ(out.substr(out.find("  (", best) + 3, 1), "-") << out;
    const auto played = out.find("Kroon plays ");
    ASSERT_NE(played, std::string::npos) << out;
    EXPECT_EQ(out.substr(out.find("  (", played) + 3, 1), "-") << out;
    // The help says so.
    const std::string help = run("help\nquit\n");
    EXPECT_NE(help.find("Scores are from White's side"), std::string::npos) << help;
}

TEST(Console, AnalyseShowsIterationsAndStops) {
    const std::string out = run("level depth 2\nanalyse\nstop\nanalyse 0.05\nfen\nquit\n");
    EXPECT_EQ(count_of(out, "Best move"), 2) << out;
    EXPECT_GE(count_of(out, "depth  1/"), 1) << out;
    EXPECT_EQ(printed_fens(out).size(), 1u);  // analysis plays nothing
    EXPECT_EQ(printed_fens(out)[0], start10);
}

// multipv N: each iteration of an analysis shows N numbered lines, best first.
TEST(Console, AnalyseShowsSeveralLines) {
    const std::string out = run("multipv 3\nanalyse 0.1\nset multipv 1\nanalyse 0.05\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    EXPECT_NE(out.find("Analysis shows the best 3 moves."), std::string::npos) << out;
    EXPECT_NE(out.find("(scores from White's side; the best 3 moves)"), std::string::npos) << out;
    // Under each head its lines numbered from 1; three, but where the time ran out.
    const auto lines = lines_of(out);
    int complete = 0;
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
        if (lines[i].rfind("depth ", 0) != 0 || lines[i + 1].rfind("   1. ", 0) != 0) continue;
        size_t numbered = 1;
        while (i + numbered + 1 < lines.size() &&
               lines[i + numbered + 1].rfind("   " + std::to_string(numbered + 1) + ". ", 0) == 0)
            ++numbered;
        EXPECT_LE(numbered, 3u) << out;
        if (numbered == 3) ++complete;
    }
    EXPECT_GE(complete, 1) << out;
    EXPECT_EQ(count_of(out, "   4. "), 0) << out;
    EXPECT_EQ(count_of(out, "Best move"), 2) << out;
    EXPECT_NE(out.find("multipv = 1."), std::string::npos) << out;
}

TEST(Console, AnalyseEndsWhenAnyCommandArrives) {
    // The command that ended the analysis is run afterwards.
    const std::string out = run("analyse\nfen\nquit\n");
    EXPECT_EQ(count_of(out, "Best move"), 1) << out;
    ASSERT_EQ(printed_fens(out).size(), 1u);
    // The end of the input ends it too.
    const std::string at_end = run("analyse\n");
    EXPECT_EQ(count_of(at_end, "Best move"), 1) << at_end;
    EXPECT_NE(at_end.find("Bye."), std::string::npos);
}

TEST(Console, InformationCommands) {
    const std::string out =
        run("play none\nperft 3\neval\nmoves\nhistory\n32-28\nhistory\nhelp\nhelp level\nlevel\n"
            "flip\npost on\nthreads 2\nhash 8\nquit\n");
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    EXPECT_NE(out.find("perft  3              658"), std::string::npos) << out;
    // The start position: the built-in learned evaluation, term by term.
    EXPECT_NE(out.find("evaluation: learned, built-in weights"), std::string::npos) << out;
    EXPECT_NE(out.find("  men "), std::string::npos) << out;
    EXPECT_NE(out.find(" for White (White to move)"), std::string::npos) << out;
    EXPECT_NE(out.find("9 legal moves for White:\n  31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("1. 32-28"), std::string::npos);
    EXPECT_NE(out.find("analyse [S]"), std::string::npos);
    EXPECT_NE(out.find("Level: 1 s per move."), std::string::npos) << out;
    EXPECT_NE(out.find("|    50    49    48    47    46 |"), std::string::npos) << out;  // flipped
}

TEST(Console, PlaysWithAClock) {
    const std::string out = run("play none\nlevel clock 2+0.1\ngo\nboard\nquit\n");
    EXPECT_EQ(engine_moves(out).size(), 1u) << out;
    EXPECT_NE(out.find("Clock: White"), std::string::npos) << out;
    EXPECT_NE(out.find("Level: clock: the game in 2.0 s + 0.1 s per move."), std::string::npos) << out;
    const std::string periods = run("level clock 40/2h:1h\nlevel clock 25/10m+5\nquit\n");
    EXPECT_NE(periods.find("Level: clock: 40 moves in 2:00:00, then the game in 1:00:00."), std::string::npos)
        << periods;
    EXPECT_NE(periods.find("Level: clock: 25 moves in 10:00.0 (repeated) + 5.0 s per move."), std::string::npos)
        << periods;
}

// At 1+5 with one second on its clock, Kroon's move must fit in that second: the increment
// comes after the move (engine/referee/clock.hpp), so it is not this move's to spend.
TEST(Console, AtOnePlusFiveTheMoveFitsInTheSecondOnTheClock) {
    const std::string out = run("set book false\nplay none\nlevel clock 1+5\ngo\nquit\n");
    EXPECT_EQ(out.find("flag fell"), std::string::npos) << out;
    const auto moves = engine_moves(out);
    ASSERT_EQ(moves.size(), 1u) << out;
    // "Kroon plays 32-28 for White  (+0.03 for White, depth 9, 0.87 s, 123456 nodes)"
    const std::size_t at = out.find(" s, ", out.find("Kroon plays"));
    ASSERT_NE(at, std::string::npos) << out;
    const std::size_t from = out.rfind(", ", at - 1) + 2;
    EXPECT_LT(std::stod(out.substr(from, at - from)), 1.0) << out;
}

// The console's own hash and threads commands take the options table's range, as set does
// (hash once went to 2^20 MiB here, 2^16 everywhere else).
TEST(Console, HashAndThreadsTakeTheOptionsTablesRange) {
    const std::string out = run("hash 100000\nhash 2\nthreads 65\nthreads 2\nset hash 100000\nquit\n");
    EXPECT_EQ(count_of(out, "Error: hash: '100000' is not from 1 to 65536"), 2) << out;
    EXPECT_NE(out.find("Hash: 2 MiB."), std::string::npos) << out;
    EXPECT_NE(out.find("Error: threads: '65' is not from 1 to 64"), std::string::npos) << out;
    EXPECT_NE(out.find("Threads: 2."), std::string::npos) << out;
}

// A position with one winning shot (tests/bench/tactics-international.txt): Black's 27-31
// wins three men.
const std::string shot_fen = "B:W25,28,30,33,35,36,37,38,42,43,48:B7,12,15,16,17,21,22,24,27";

// The nodes of the engine's move: "Kroon plays 32-28 for White  (..., 0.87 s, 123456 nodes)".
std::uint64_t nodes_of_move(const std::string& out) {
    const std::size_t line = out.find("Kroon plays");
    const std::size_t at = out.find(" nodes)", line);
    if (line == std::string::npos || at == std::string::npos) return 0;
    const std::size_t from = out.rfind(' ', at - 1) + 1;
    return std::stoull(out.substr(from, at - from));
}

// `level elo N` reaches the search: at the weakest step the engine answers within a small
// budget whatever the time allows, and misses the shot full strength plays.
TEST(Console, LevelEloPlaysWeakerMoves) {
    const std::string lowest = std::to_string(play::find_option("elo")->low);
    const std::string setup = "set book false\nplay none\nfen " + shot_fen + "\nlevel time 2\n";
    // Full strength to a fixed depth, not a time: under the sanitizers 2 s are not deep enough.
    const std::string full = run(setup + "level depth 16\ngo\nquit\n");
    ASSERT_EQ(engine_moves(full), std::vector<std::string>{"27-31"}) << full;
    const std::string weak = run(setup + "level elo " + lowest + "\nlevel\ngo\nquit\n");
    EXPECT_NE(weak.find("Strength: Elo " + lowest), std::string::npos) << weak;
    ASSERT_EQ(engine_moves(weak).size(), 1u) << weak;
    EXPECT_NE(engine_moves(weak)[0], "27-31") << weak;
    EXPECT_LT(nodes_of_move(weak), 10000u) << weak;
    EXPECT_GT(nodes_of_move(full), 100000u) << full;
    // The option's range, as on every face.
    const std::string bad = run("level elo 100\nlevel elo 9999\nlevel elo\nquit\n");
    EXPECT_EQ(count_of(bad, "Error: elo: "), 2) << bad;
    EXPECT_NE(bad.find("Error: level elo takes one number"), std::string::npos) << bad;
}

// The lines that start with `prefix`, in order.
std::vector<std::string> lines_starting(const std::string& output, const std::string& prefix) {
    std::vector<std::string> found;
    for (const auto& line : lines_of(output))
        if (line.rfind(prefix, 0) == 0) found.push_back(line);
    return found;
}

// The lines announcing the engine's moves, with their statistics.
std::vector<std::string> engine_move_lines(const std::string& output) {
    std::vector<std::string> found;
    for (const auto& line : lines_starting(output, "Kroon plays "))
        if (line.find(" for ") != std::string::npos) found.push_back(line);
    return found;
}

TEST(ConsoleDatabases, EgdbOpensReportsAndSwitchesOff) {
    const std::string folder = test::three_pieces().folder().string();
    // A man against two kings, searched with the databases and again without them.
    const std::string out = run("help egdb\negdb\negdb " + folder +
                                "\negdb\nplay none\nlevel depth 4\nfen W:WK10,K20:B30\ngo\n"
                                "egdb none\negdb\nundo\ngo\nquit\n");
    EXPECT_NE(out.find("egdb [DIR|none]"), std::string::npos) << out;
    EXPECT_EQ(count_of(out, "Error"), 0) << out;
    const auto reports = lines_starting(out, "Endgame databases: ");
    ASSERT_EQ(reports.size(), 5u) << out;
    EXPECT_NE(reports[0].find("none (egdb DIR opens those in DIR"), std::string::npos) << reports[0];
    EXPECT_NE(reports[1].find("16 slices of international (every slice of 2 to 3 pieces), 16 distance files, "),
              std::string::npos)
        << reports[1];
    EXPECT_NE(reports[1].find(" in " + folder + "."), std::string::npos) << reports[1];
    EXPECT_EQ(reports[2], reports[1]);
    EXPECT_EQ(reports[3], reports[0]);
    EXPECT_EQ(reports[4], reports[0]);
    // The search probed them while they were open, and not after `egdb none`.
    const auto moves = engine_move_lines(out);
    ASSERT_EQ(moves.size(), 2u) << out;
    EXPECT_NE(moves[0].find(" database hits)"), std::string::npos) << moves[0];
    EXPECT_EQ(moves[1].find("database hit"), std::string::npos) << moves[1];
}

TEST(ConsoleDatabases, BadFoldersAreRefusedAndTheDatabasesInUseStay) {
    namespace fs = std::filesystem;
    const std::string good = test::three_pieces().folder().string();
    const test::ScratchFolder scratch("console_bad");
    const fs::path empty = scratch.path() / "empty", english = scratch.path() / "english",
                   corrupt = scratch.path() / "corrupt", relabelled = scratch.path() / "relabelled",
                   partly = scratch.path() / "partly", file = scratch.path() / "a-file";
    fs::create_directories(empty);
    fs::create_directories(relabelled);
    std::ofstream(file) << "not a folder";
    test::build_into(english, Variant::English, 2);
    test::build_into(corrupt, Variant::International, 2);
    test::build_into(partly, Variant::International, 2);
    for (const auto& entry : fs::directory_iterator(corrupt)) fs::resize_file(entry.path(), 40);
    const egdb::Material kk{0, 1, 0, 1};
    fs::resize_file(partly / egdb::slice_file_name("international", kk), 100);
    // English values under an international name: the header says which variant it is.
    fs::copy_file(english / egdb::slice_file_name("english", kk),
                  relabelled / egdb::slice_file_name("international", kk));

    const std::string out =
        run("egdb " + good + "\negdb /no/such/kroon/folder\negdb " + file.string() + "\negdb " + empty.string() +
            "\negdb " + english.string() + "\negdb " + corrupt.string() + "\negdb " + relabelled.string() +
            "\nplay none\nlevel depth 4\nfen W:WK10,K20:B30\ngo\negdb " + partly.string() + "\nquit\n");
    const auto errors = lines_starting(out, "Error: ");
    ASSERT_EQ(errors.size(), 6u) << out;
    EXPECT_EQ(errors[0], "Error: no folder /no/such/kroon/folder");
    EXPECT_EQ(errors[1], "Error: " + file.string() + " is not a folder");
    EXPECT_EQ(errors[2], "Error: no endgame databases for international in " + empty.string() +
                             " (kroon egdb build --dir " + empty.string() + " makes them)");
    EXPECT_EQ(errors[3], "Error: no endgame databases for international in " + english.string() +
                             " (it holds english ones: new VARIANT plays another variant)");
    EXPECT_EQ(errors[4], "Error: no usable endgame databases for international in " + corrupt.string() + "; left out:");
    EXPECT_EQ(errors[5],
              "Error: no usable endgame databases for international in " + relabelled.string() + "; left out:");
    // Each file that failed is named, with why.
    EXPECT_EQ(count_of(out, "  " + (corrupt / "international-").string()), 8) << out;
    EXPECT_EQ(count_of(out, ": truncated (40 bytes)"), 8) << out;
    EXPECT_NE(
        out.find("  " + (relabelled / "international-wm0wk1bm0bk1.egdb").string() + ": built for another variant"),
        std::string::npos)
        << out;
    // After every refusal the databases from the good folder are still in use, and searched.
    EXPECT_EQ(count_of(out, "Endgame databases (unchanged): 16 slices of international"), 6) << out;
    const auto moves = engine_move_lines(out);
    ASSERT_EQ(moves.size(), 1u) << out;
    EXPECT_NE(moves[0].find(" database hits)"), std::string::npos) << moves[0];
    // A folder with one bad file opens without it, and says so.
    EXPECT_NE(out.find("Endgame databases: 3 slices of international (not every slice of 2 pieces), 4 distance files"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("  left out: " + (partly / "international-wm0wk1bm0bk1.egdb").string() + ": "),
              std::string::npos)
        << out;
}

TEST(ConsoleDatabases, TheDatabasesFollowTheVariant) {
    const test::ScratchFolder scratch("console_variants");
    test::build_into(scratch.path(), Variant::International, 2);
    test::build_into(scratch.path(), Variant::English, 2);
    const std::string folder = scratch.path().string();
    const std::string out = run("egdb " + folder + "\nnew antidraughts\negdb " + folder +
                                "\nnew international\nnew english\nnew brazilian\nquit\n");
    const auto reports = lines_starting(out, "Endgame databases");
    ASSERT_EQ(reports.size(), 6u) << out;
    EXPECT_EQ(reports[0].rfind("Endgame databases: 4 slices of international (every slice of 2 pieces), 4 distance "
                               "files, ",
                               0),
              0u)
        << reports[0];
    EXPECT_NE(reports[0].find(" MB in " + folder + "."), std::string::npos) << reports[0];
    EXPECT_EQ(reports[1],
              "Endgame databases: none for antidraughts (Kroon has them for international, frisian, english, "
              "brazilian, russian, pool, czech, spanish, italian, thai, norwegian, finnish, killer and frysk); "
              "those in " +
                  folder + " come back with their variant.");
    EXPECT_EQ(lines_starting(out, "Error: ").at(0),
              "Error: Kroon has no endgame databases for antidraughts, only for international, frisian, english, "
              "brazilian, russian, pool, czech, spanish, italian, thai, norwegian, finnish, killer and frysk");
    EXPECT_EQ(reports[2], "Endgame databases (unchanged): " + reports[1].substr(19));
    EXPECT_EQ(reports[3], reports[0]);
    EXPECT_NE(reports[4].find("Endgame databases: 4 slices of english (every slice of 2 pieces), 4 distance files"),
              std::string::npos)
        << reports[4];
    EXPECT_EQ(reports[5], "Endgame databases: none for brazilian in " + folder + ".");

    // A folder name is taken as typed, runs of spaces included.
    const test::ScratchFolder spaced("console_spaced");
    std::filesystem::copy(folder, spaced.path() / "a  b", std::filesystem::copy_options::recursive);
    const std::string with_spaces = run("egdb " + (spaced.path() / "a  b").string() + "  \nquit\n");
    EXPECT_EQ(count_of(with_spaces, "Error"), 0) << with_spaces;
    EXPECT_NE(with_spaces.find(" in " + (spaced.path() / "a  b").string() + "."), std::string::npos) << with_spaces;

    // A folder given with ~ starts at the home folder, as in a shell.
    if (const char* home = std::getenv("HOME")) {
        const std::string tilde = run("egdb ~/no-such-kroon-folder\nquit\n");
        EXPECT_NE(tilde.find("Error: no folder " + std::string(home) + "/no-such-kroon-folder"), std::string::npos)
            << tilde;
    }
}

}  // namespace
}  // namespace kroon::console
