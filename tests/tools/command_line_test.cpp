// The one command-line layer: every subcommand answers --help the same way, every usage
// error gives status 2 and the same shape of message, and ranges are checked.
#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include <gtest/gtest.h>
#include <boost/asio.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

#include "egdb/database.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/record/game.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/environment.hpp"
#include "platform/process.hpp"
#include "play/book.hpp"
#include "tools/cli/command_line.hpp"

namespace kroon::cli {
namespace {

struct Ran {
    int status = -1;
    std::string out;
    std::string err;
};

Ran kroon(const std::vector<std::string>& args, const std::string& input = "") {
    std::istringstream in(input);
    std::ostringstream out, err;
    Ran ran;
    ran.status = run_kroon(args, {in, out, err});
    ran.out = out.str();
    ran.err = err.str();
    return ran;
}

const std::vector<std::string> commands = {"console", "hub", "perft", "divide",   "variants", "bench", "eval",
                                           "match",   "dxp", "serve", "selfplay", "train",    "egdb",  "book"};

TEST(CommandLine, EveryCommandAnswersHelpOnStdout) {
    for (const auto& command : commands) {
        for (const std::string flag : {"--help", "-h"}) {
            const Ran r = kroon({command, flag});
            EXPECT_EQ(r.status, exit_ok) << command;
            EXPECT_NE(r.out.find("Usage: kroon " + command), std::string::npos) << r.out;
            EXPECT_NE(r.out.find("--help"), std::string::npos) << r.out;
            EXPECT_EQ(r.err, "") << command;
        }
    }
    for (const auto& top : {std::vector<std::string>{"--help"}, {"help"}, {"-h"}}) {
        const Ran r = kroon(top);
        EXPECT_EQ(r.status, exit_ok);
        for (const auto& command : commands) EXPECT_NE(r.out.find("  " + command + " "), std::string::npos) << command;
    }
}

TEST(CommandLine, UsageErrorsHaveOneShapeAndStatus2) {
    const std::vector<std::vector<std::string>> bad = {
        {"perft"},       // DEPTH missing
        {"perft", "0"},  // out of range
        {"perft", "31"},
        {"perft", "x"},
        {"perft", "again", "3"},
        {"perft", "--variant", "chess", "3"},
        {"perft", "--fen", "W:W99", "3"},
        {"perft", "--bogus", "3"},
        {"perft", "--threads", "0", "3"},
        {"perft", "--threads", "257", "3"},
        {"divide", "--threads", "x", "3"},
        {"perft", "--hash", "0", "3"},
        {"perft", "--hash", "65537", "3"},
        {"divide", "--fen"},  // a value missing
        {"bench", "--depth", "0"},
        {"bench", "--threads", "0"},
        {"bench", "--hash", "x"},
        {"bench", "extra"},
        {"bench", "--eval-only", "--rounds", "0"},
        {"eval", "--fen", "W:W1", "W:W2"},  // two positions
        {"eval", "--variant", "english", "--fen", "W:W33"},
        {"console", "--threads", "999"},
        {"hub", "--log"},
        {"hub", "--verbose"},
        {"variants", "extra"},
        {"match", "builtin"},  // one engine
        {"match", "builtin", "builtin", "--concurrency", "0"},
        {"match", "builtin", "builtin", "--tc", "40/"},
        {"match", "builtin", "builtin", "--movetime", "-1"},
        {"match", "builtin", "builtin", "--movetime", "1e7"},
        {"match", "builtin", "builtin", "--tc", "1e300"},
        {"match", "builtin", "builtin", "--tc", "60+1e9"},
        {"match", "builtin", "builtin", "--depth", "121"},
        {"match", "builtin", "builtin", "--depth", "99999999999"},
        {"match", "builtin", "builtin", "--option", "novalue"},
        {"match", "builtin", "builtin", "--win-moves", "3"},
        {"match", "builtin", "builtin", "--variant", "frisian", "--points-victory"},
        {"match", "builtin", "builtin", "--sprt", "5,0"},
        {"match", "builtin", "builtin", "--sprt", "x"},
        {"match", "builtin", "builtin", "builtin", "--sprt", "0,5"},
        {"match", "builtin", "builtin", "--sprt", "0,5", "--points-victory"},
        {"dxp"},  // neither --listen nor --connect
        {"dxp", "--listen", "127.0.0.1:x"},
        {"dxp", "--listen", "0", "--connect", "127.0.0.1:1"},
        {"dxp", "--listen", "0", "--initiator", "--follower"},
        {"dxp", "--listen", "0", "--minutes", "1000"},
        {"dxp", "--listen", "0", "--colour", "green"},
        {"dxp", "--listen", "0", "--move-time", "0"},
        {"dxp", "--listen", "0", "--name", "   "},
        {"serve", "--port", "70000"},
        {"serve", "--threads", "0"},
        {"serve", "--max-message", "10"},
        {"serve", "extra"},
        {"nonsense"},
    };
    for (const auto& args : bad) {
        const Ran r = kroon(args);
        const std::string name = args.front() == "nonsense" ? "kroon" : "kroon " + args.front();
        std::string shown;
        for (const auto& a : args) shown += a + " ";
        EXPECT_EQ(r.status, exit_usage) << shown << r.out;
        EXPECT_EQ(r.err.rfind(name + ": ", 0), 0u) << shown << "\n" << r.err;
        EXPECT_NE(r.err.find("usage: " + name), std::string::npos) << shown << "\n" << r.err;
        EXPECT_EQ(r.out, "") << shown;
    }
}

// A file or folder the command line names that cannot be read is a failure at run time, not a
// wrong command line: status 1, one line, no usage line (README, Commands).
TEST(CommandLine, FilesThatCannotBeReadGiveStatus1) {
    const std::filesystem::path folder = std::filesystem::path(testing::TempDir()) / "kroon-no-such-files";
    std::filesystem::remove_all(folder);
    const std::string missing = (folder / "missing").string();
    const std::vector<std::vector<std::string>> cases = {
        {"bench", "--eval-only", "--eval-file", missing},
        {"eval", "--eval-file", missing},
        {"match", "builtin", "builtin", "--openings", missing},
        {"selfplay", "--games", "1", "--depth", "1", "--out", missing + ".out", "--openings", missing},
        {"dxp", "--listen", "0", "--initiator", "--positions", missing},
        {"tactics", "solve", missing, "--depth", "2"},
        {"tactics", "find", missing},
        {"tactics", "check", missing, "--depth", "3"},
        {"book", "probe", "--book", missing},
        {"book", "stats", "--book", missing},
        {"serve", "--book", missing},
        {"console", "--egdb", missing},
        {"egdb", "probe", "--dir", missing, "--fen", "W:W33:B18"},
        {"hub", "--log", (folder / "missing" / "hub.log").string()},
        // Refused at once (nothing listens on port 1); its log file's folder is not made either.
        {"dxp", "--connect", "127.0.0.1:1", "--log", (folder / "missing" / "dxp.log").string()},
    };
    for (const auto& args : cases) {
        std::string shown;
        for (const auto& a : args) shown += a + " ";
        const Ran r = kroon(args, "quit\n");
        EXPECT_EQ(r.status, exit_failure) << shown << "\n" << r.err;
        EXPECT_EQ(r.err.rfind("kroon " + args.front(), 0), 0u) << shown << "\n" << r.err;
        EXPECT_EQ(r.err.find("usage:"), std::string::npos) << shown << "\n" << r.err;
    }
    // Nothing was made on the way: hub --log and dxp --log do not create the folders of a path.
    EXPECT_FALSE(std::filesystem::exists(folder)) << folder;
}

// KROON_EGDB names the cache folder; without --dir the egdb commands use it, and
// --if-missing builds only what is not there yet.
TEST(CommandLine, EgdbCacheFolder) {
    const auto folder = std::filesystem::temp_directory_path() /
                        ("kroon_cli_cache_" + std::to_string(kroon::platform::current_process_id()));
    std::filesystem::remove_all(folder);
    platform::set_environment("KROON_EGDB", folder.string());
    const Ran built = kroon({"egdb", "build", "--pieces", "2", "--if-missing"});
    EXPECT_EQ(built.status, exit_ok) << built.err;
    EXPECT_EQ(built.out.rfind("built 4 slices, ", 0), 0u) << built.out;
    EXPECT_NE(built.out.find(folder.string()), std::string::npos) << built.out;
    const Ran again = kroon({"egdb", "build", "--pieces", "2", "--if-missing"});
    EXPECT_EQ(again.out, "the 2-piece databases are in " + folder.string() + " already\n");
    EXPECT_EQ(again.err, "");  // nothing built
    const Ran more = kroon({"egdb", "build", "--pieces", "3", "--if-missing"});
    EXPECT_EQ(more.out.rfind("built 16 slices, ", 0), 0u) << more.out;
    const Ran probed = kroon({"egdb", "probe", "--fen", "W:WK1:BK50"});
    EXPECT_EQ(probed.out.rfind("draw (stored: slice wm0wk1bm0bk1", 0), 0u) << probed.out;
    // A removed distance file is missing again.
    std::filesystem::remove(folder / "international-wm0wk2bm0bk1.dtc");
    EXPECT_EQ(kroon({"egdb", "build", "--pieces", "3", "--if-missing"}).out.rfind("built ", 0), 0u);

    platform::set_environment("KROON_EGDB", "none");
    const Ran nowhere = kroon({"egdb", "build", "--pieces", "2"});
    EXPECT_EQ(nowhere.status, exit_usage);
    EXPECT_NE(nowhere.err.find("--dir is needed"), std::string::npos) << nowhere.err;
    platform::set_environment("KROON_EGDB", "none");  // as the test runs under ctest
    std::filesystem::remove_all(folder);
}

// `kroon egdb games`: per player, the first database position of each game against how the
// game ended. Two kings against a man, won for White, played out with the root moves.
TEST(CommandLine, EgdbGamesTalliesTheEndings) {
    const auto folder = std::filesystem::temp_directory_path() /
                        ("kroon_cli_games_" + std::to_string(kroon::platform::current_process_id()));
    std::filesystem::remove_all(folder);
    ASSERT_EQ(kroon({"egdb", "build", "--pieces", "3", "--dir", folder.string()}).status, exit_ok);
    const auto db = egdb::Database::open(folder, Variant::International);
    const Rulebook& rules = rulebook(Variant::International);
    Game game(rules, *rules.parse_fen("W:WK10,K20:B30"));
    while (!game.is_over()) {
        const auto root = db->root_moves(game.position());
        ASSERT_TRUE(root.has_value());
        ASSERT_TRUE(game.play(root->moves.front()));
    }
    PdnHeader header;
    header.white = "Winner";
    header.black = "Loser";
    const auto pdn = folder / "games.pdn";
    ASSERT_FALSE(append_pdn_game(pdn.string(), make_pdn_game(game, header)).has_value());
    const Ran ran = kroon({"egdb", "games", "--dir", folder.string(), pdn.string()});
    EXPECT_EQ(ran.status, exit_ok) << ran.err;
    EXPECT_EQ(ran.out,
              "1 games, 1 reached the databases\n"
              "Winner: 1 games; won endings 1 (converted 1, drawn 0, lost 0); drawn endings 0 (won 0, held 0, lost 0); "
              "lost endings 0 (won 0, drawn 0, lost 0)\n"
              "Loser: 1 games; won endings 0 (converted 0, drawn 0, lost 0); drawn endings 0 (won 0, held 0, lost 0); "
              "lost endings 1 (won 0, drawn 0, lost 1)\n");
    std::filesystem::remove_all(folder);
}

// A fixed depth from one opening: the start warns that games will repeat and the report says
// how many can differ. With a time per move neither is said.
TEST(CommandLine, MatchSaysWhenAFixedSearchReplaysItsOpenings) {
    const auto folder = std::filesystem::temp_directory_path() /
                        ("kroon_cli_replays_" + std::to_string(kroon::platform::current_process_id()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const auto fen = folder / "one.fen";
    std::ofstream(fen) << "W:W31,32,33:B18,19,20\n";
    const auto pdn = (folder / "fixed.pdn").string();
    const Ran fixed = kroon({"match", "builtin", "builtin", "--depth", "2", "--openings", fen.string(), "--games", "5",
                             "--pdn", pdn, "--quiet"});
    EXPECT_EQ(fixed.status, exit_ok) << fixed.err;
    EXPECT_NE(fixed.err.find("warning: 5 games a pairing from 1 opening position(s): at a fixed depth or node count a "
                             "repeated opening replays its game, so at most 2 of them can differ"),
              std::string::npos)
        << fixed.err;
    EXPECT_NE(fixed.out.find("  only 2 of these 5 games can differ"), std::string::npos) << fixed.out;
    const Ran timed = kroon({"match", "builtin", "builtin", "--movetime", "0.01", "--openings", fen.string(), "--games",
                             "3", "--pdn", (folder / "timed.pdn").string(), "--quiet"});
    EXPECT_EQ(timed.status, exit_ok) << timed.err;
    EXPECT_EQ(timed.err.find("replays"), std::string::npos) << timed.err;
    EXPECT_EQ(timed.out.find("can differ"), std::string::npos) << timed.out;
    std::filesystem::remove_all(folder);
}

// scripts/endgame_openings.py: capture-free positions of 6-10 pieces from `kroon selfplay` games.
TEST(CommandLine, EndgameOpeningsFromSelfPlay) {
    if (std::system("python3 --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
    const auto folder = std::filesystem::temp_directory_path() /
                        ("kroon_cli_openings_" + std::to_string(kroon::platform::current_process_id()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const auto data = folder / "games.kpos", fens = folder / "endgames.fen";
    ASSERT_EQ(kroon({"selfplay", "--games", "6", "--nodes", "300", "--seed", "3", "--out", data.string()}).status,
              exit_ok);
    const std::string command = "python3 scripts/endgame_openings.py " + data.string() + " > " + fens.string();
    ASSERT_EQ(std::system(command.c_str()), 0);
    std::ifstream in(fens);
    const Rulebook& rules = rulebook(Variant::International);
    int lines = 0;
    for (std::string line; std::getline(in, line); ++lines) {
        const auto pos = rules.parse_fen(line);
        ASSERT_TRUE(pos.ok()) << line;
        const int white = popcount(pos->pieces(Color::White)), black = popcount(pos->pieces(Color::Black));
        EXPECT_GE(white + black, 6) << line;
        EXPECT_LE(white + black, 10) << line;
        EXPECT_LE(std::abs(white - black), 1) << line;
        MoveList moves;
        rules.generate_moves(*pos, moves);
        EXPECT_FALSE(moves.empty() || moves[0].is_capture()) << line;
    }
    EXPECT_GT(lines, 0);
    std::filesystem::remove_all(folder);
}

TEST(CommandLine, EgdbBuildsProbesAndVerifies) {
    const auto folder = std::filesystem::temp_directory_path() /
                        ("kroon_cli_egdb_" + std::to_string(kroon::platform::current_process_id()));
    std::filesystem::remove_all(folder);
    const Ran built = kroon({"egdb", "build", "--pieces", "2", "--dir", folder.string()});
    EXPECT_EQ(built.status, exit_ok) << built.err;
    EXPECT_EQ(built.out.rfind("built 4 slices, 17770 positions", 0), 0u) << built.out;
    EXPECT_NE(built.err.find("slice wm0wk1bm0bk1"), std::string::npos) << built.err;

    const Ran draw = kroon({"egdb", "probe", "--dir", folder.string(), "--fen", "W:WK1:BK50"});
    EXPECT_EQ(draw.out.rfind("draw (stored: slice wm0wk1bm0bk1, index ", 0), 0u) << draw.out;
    const Ran take = kroon({"egdb", "probe", "--dir", folder.string(), "--fen", "B:WK28:BK46"});
    EXPECT_EQ(take.out, "win (capture: resolved by search of captures; 1 ply to conversion)\n");
    // The man's only move (16-11) is onto the king's diagonal: it is taken on the next ply.
    const Ran lost = kroon({"egdb", "probe", "--dir", folder.string(), "--fen", "W:W16:BK50"});
    EXPECT_EQ(lost.out, "loss (stored: slice wm1wk0bm0bk1, index 538; 2 plies to conversion)\n");
    const Ran missing = kroon({"egdb", "probe", "--dir", folder.string(), "--fen", "W:WK1,K2:BK50"});
    EXPECT_EQ(missing.out, "unknown (not in the databases: slice wm0wk2bm0bk1 is missing)\n");

    const Ran verified = kroon({"egdb", "verify", "--dir", folder.string()});
    EXPECT_EQ(verified.status, exit_ok);
    EXPECT_EQ(verified.out.rfind("verified 4 slices, ", 0), 0u) << verified.out;
    EXPECT_NE(verified.out.find(" 0 mismatches; "), std::string::npos) << verified.out;
    EXPECT_NE(verified.out.find(" distances, 0 mismatches"), std::string::npos) << verified.out;
    std::filesystem::remove_all(folder);

    // Every variant with files of its own, one after another; frysk! reads Frisian's.
    const Ran all = kroon({"egdb", "build", "--all-variants", "--pieces", "2", "--dir", folder.string()});
    EXPECT_EQ(all.status, exit_ok) << all.err;
    int variants = 0;
    for (const Variant v : all_variants) {
        const std::string name(rulebook(v).name());
        const bool own = v != Variant::Antidraughts && v != Variant::Breakthrough && v != Variant::Frysk;
        EXPECT_EQ(all.out.find(name + ": built 4 slices") != std::string::npos, own) << name << "\n" << all.out;
        EXPECT_EQ(std::filesystem::exists(folder / (name + "-wm0wk1bm0bk1.egdb")), own) << name;
        variants += own;
    }
    EXPECT_EQ(variants, 13);
    const Ran all_verified = kroon({"egdb", "verify", "--all-variants", "--dir", folder.string()});
    EXPECT_EQ(all_verified.status, exit_ok) << all_verified.out << all_verified.err;
    EXPECT_EQ(all_verified.out.rfind("international: verified 4 slices, ", 0), 0u) << all_verified.out;
    EXPECT_NE(all_verified.out.find("killer: verified 4 slices, "), std::string::npos) << all_verified.out;
    const Ran frysk = kroon({"egdb", "probe", "--variant", "frysk", "--dir", folder.string(), "--fen", "W:WK1:BK50"});
    EXPECT_EQ(frysk.out.rfind("draw (stored: slice wm0wk1bm0bk1", 0), 0u) << frysk.out;
    std::filesystem::remove_all(folder);

    // Refused commands name a folder in the scratch folder: one that is wrongly accepted
    // must not write into the working tree.
    const std::string refused = (folder / "refused").string();
    const Ran help = kroon({"egdb", "build", "--help"});
    EXPECT_EQ(help.status, exit_ok);
    EXPECT_NE(help.out.find("Usage: kroon egdb build"), std::string::npos) << help.out;
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"egdb"},
             {"egdb", "build"},
             {"egdb", "build", "--dir", refused, "--pieces", "9"},
             {"egdb", "build", "--dir", refused, "--variant", "antidraughts"},
             {"egdb", "build", "--dir", refused, "--all-variants", "--variant", "thai"},
             {"egdb", "probe", "--dir", refused, "--fen", "W:W99"}}) {
        const Ran r = kroon(args);
        EXPECT_EQ(r.status, exit_usage) << args.size();
        EXPECT_EQ(r.err.rfind("kroon egdb", 0), 0u) << r.err;
        EXPECT_NE(r.err.find("usage: kroon egdb"), std::string::npos) << r.err;
    }
    EXPECT_FALSE(std::filesystem::exists(refused));
    std::filesystem::remove_all(folder);
}

TEST(CommandLine, ServeReportsAnAddressItCannotUse) {
    const Ran r = kroon({"serve", "--host", "nowhere", "--port", "0"});
    EXPECT_EQ(r.status, exit_failure);
    EXPECT_EQ(r.err, "kroon serve: bad host address 'nowhere': give an IP address such as 127.0.0.1\n");
    EXPECT_EQ(r.out, "");
}

TEST(CommandLine, ServeReportsAnotherEngineThatDoesNotStart) {
    const Ran r = kroon({"serve", "--port", "0", "--engine", "/nonexistent/engine hub"});
    EXPECT_EQ(r.status, exit_failure);
    // One line naming the command and why it did not start, in each system's terms: POSIX's
    // shell starts and exits with status 127 before `wait`; Windows refuses the command line.
    const std::string prefix = "kroon serve: --engine: ";
    ASSERT_EQ(r.err.rfind(prefix, 0), 0u) << r.err;
    const std::string why = r.err.substr(prefix.size());
    EXPECT_TRUE(why == "'/nonexistent/engine hub' exited with status 127 before `wait`\n" ||
                why.rfind("cannot start '/nonexistent/engine hub': ", 0) == 0)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
}

// `kroon tactics solve` with the built-in engine stops each search at the limit it was given:
// a search without one never ends, so the command is run on a thread and given two minutes.
TEST(CommandLine, TacticsSolveSearchesEachPositionToItsLimit) {
    const std::filesystem::path set = std::filesystem::path(testing::TempDir()) / "kroon-two-shots.txt";
    std::ofstream(set) << "B:W25,28,30,33,35,36,37,38,42,43,48:B7,12,15,16,17,21,22,24,27; 27-31; +3; 9\n"
                          "B:W20,26,27,28,32,35,36,38,44:B3,8,9,13,16,17,19,23; 17-22; +2; 9\n";
    for (const auto& limit : {std::vector<std::string>{"--depth", "4"}, {"--nodes", "3000"}}) {
        std::vector<std::string> args = {"tactics", "solve", set.string(), "--hash", "1"};
        args.insert(args.end(), limit.begin(), limit.end());
        auto run = std::async(std::launch::async, [args] { return kroon(args); });
        if (run.wait_for(std::chrono::minutes(2)) != std::future_status::ready) {
            std::fprintf(stderr, "kroon tactics solve %s %s did not end\n", limit[0].c_str(), limit[1].c_str());
            std::_Exit(1);  // the search cannot be stopped from here
        }
        const Ran r = run.get();
        EXPECT_EQ(r.status, exit_ok) << r.err;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3) << r.out;  // two positions, the tally
        EXPECT_NE(r.out.find(" of 2 ("), std::string::npos) << r.out;
    }
    std::filesystem::remove(set);
}

TEST(CommandLine, CommandsRunWithTheirOptions) {
    const Ran perft = kroon({"perft", "--variant", "frisian", "3"});
    EXPECT_EQ(perft.status, exit_ok);
    EXPECT_NE(perft.out.find("variant frisian"), std::string::npos);
    EXPECT_NE(perft.out.find("total 748 leaves"), std::string::npos) << perft.out;  // 9 + 81 + 658
    const Ran start = kroon({"perft", "start", "--depth-is-positional-so-this-fails"});
    EXPECT_EQ(start.status, exit_usage);
    const Ran same = kroon({"perft", "--variant=frisian", "start", "3"});
    EXPECT_NE(same.out.find("total 748 leaves"), std::string::npos) << same.out;
    const Ran threaded = kroon({"perft", "--variant", "frisian", "--threads", "2", "3"});
    EXPECT_EQ(threaded.status, exit_ok);
    EXPECT_NE(threaded.out.find("total 748 leaves"), std::string::npos) << threaded.out;
    EXPECT_NE(threaded.out.find("threads 2"), std::string::npos) << threaded.out;
    EXPECT_NE(threaded.out.find("per thread"), std::string::npos) << threaded.out;
    const Ran hashed = kroon({"perft", "--variant", "frisian", "--hash", "1", "--threads", "2", "4"});
    EXPECT_EQ(hashed.status, exit_ok);
    EXPECT_NE(hashed.out.find("total 4622 leaves"), std::string::npos) << hashed.out;  // 9 + 81 + 658 + 3874
    EXPECT_NE(hashed.out.find("hashed perft: transposition table of 1 MiB"), std::string::npos) << hashed.out;
    EXPECT_NE(hashed.out.find("(hashed perft)"), std::string::npos) << hashed.out;
    const Ran threaded_divide = kroon({"divide", "--threads", "2", "3"});
    EXPECT_NE(threaded_divide.out.find("moves 9  nodes 658"), std::string::npos) << threaded_divide.out;
    const Ran divide = kroon({"divide", "--fen", "W:W32:B27,17", "1"});
    EXPECT_NE(divide.out.find("32x12: 1"), std::string::npos) << divide.out;
    const Ran variants = kroon({"variants"});
    EXPECT_EQ(std::count(variants.out.begin(), variants.out.end(), '\n'), 16);
    const Ran eval = kroon({"eval", "W:W31:B20"});
    EXPECT_EQ(eval.status, exit_ok);
    EXPECT_NE(eval.out.find("fen W:W31:B20"), std::string::npos) << eval.out;
    const Ran eval_bench = kroon({"bench", "--eval-only", "--rounds", "3"});
    EXPECT_EQ(eval_bench.status, exit_ok) << eval_bench.err;
    EXPECT_NE(eval_bench.out.find("international     944 positions  learned, built-in weights"), std::string::npos)
        << eval_bench.out;
    EXPECT_NE(eval_bench.out.find(" ns a call (median round "), std::string::npos) << eval_bench.out;
    EXPECT_NE(eval_bench.out.find("\nchecksum 42456\n"), std::string::npos) << eval_bench.out;
    const Ran speed = kroon({"bench", "--speed", "--depth", "3"});
    EXPECT_EQ(speed.status, exit_ok) << speed.err;
    EXPECT_NE(speed.out.find("international late middlegame      depth  3"), std::string::npos) << speed.out;
    EXPECT_EQ(speed.out.find("frisian"), std::string::npos) << speed.out;
    EXPECT_NE(speed.out.find(" nodes/s\n"), std::string::npos) << speed.out;
    const Ran hub = kroon({"hub"}, "ping\nquit\n");
    EXPECT_EQ(hub.status, exit_ok);
    EXPECT_EQ(hub.out, "pong\n");
    const Ran console = kroon({}, "quit\n");
    EXPECT_EQ(console.status, exit_ok);
    EXPECT_NE(console.out.find("interactive console"), std::string::npos);
}

// kroon book: a tiny build in two shards, merged, probed and counted; a resumed build; the
// errors of a bad file and a bad shard.
TEST(CommandLine, BookBuildMergeProbeStats) {
    const std::string dir =
        testing::TempDir() + "kroon-book-cli-" + std::to_string(kroon::platform::current_process_id());
    std::filesystem::create_directories(dir);
    const std::string a = dir + "/a.kbk", b = dir + "/b.kbk", merged = dir + "/book.kbk";
    for (const auto& [shard, file] : {std::pair{"0/2", a}, std::pair{"1/2", b}}) {
        const Ran r = kroon(
            {"book", "build", "--out", file, "--nodes", "2000", "--positions", "3", "--shard", shard, "--hash", "1"});
        ASSERT_EQ(r.status, exit_ok) << r.err;
        EXPECT_NE(r.out.find("book of 3 positions"), std::string::npos) << r.out;
    }
    const Ran m = kroon({"book", "merge", a, b, "--out", merged});
    ASSERT_EQ(m.status, exit_ok) << m.err;
    EXPECT_NE(m.out.find("5 positions"), std::string::npos) << m.out;
    const Ran probe = kroon({"book", "probe", "--book", merged});
    ASSERT_EQ(probe.status, exit_ok) << probe.err;
    for (const char* move : {"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"})
        EXPECT_NE(probe.out.find(move), std::string::npos) << move << probe.out;
    EXPECT_EQ(kroon({"book", "probe", "--book", merged, "--fen", "W:W31:B20"}).out, "not in the book\n");
    // A book of another variant is named, not taken for one without the position.
    const Rulebook& frisian = rulebook(Variant::Frisian);
    play::Book other(Variant::Frisian);
    const Position frisian_start = frisian.start_position();
    MoveList first_moves;
    frisian.generate_moves(frisian_start, first_moves);
    other[frisian_start.hash()].moves.push_back({frisian.after(frisian_start, first_moves[0]).hash(), 12, 4, 1});
    const std::string frisian_book = dir + "/frisian.kbk";
    ASSERT_TRUE(other.write(frisian_book));
    const Ran wrong_variant = kroon({"book", "probe", "--book", frisian_book});
    EXPECT_EQ(wrong_variant.status, exit_usage);
    EXPECT_NE(wrong_variant.err.find("is a book of frisian, not of international: give --variant frisian"),
              std::string::npos)
        << wrong_variant.err;
    const Ran right_variant = kroon({"book", "probe", "--book", frisian_book, "--variant", "frisian"});
    EXPECT_EQ(right_variant.status, exit_ok) << right_variant.err;
    EXPECT_NE(right_variant.out.find(frisian.format_move(frisian_start, first_moves[0])), std::string::npos)
        << right_variant.out;
    const Ran stats = kroon({"book", "stats", "--book", merged});
    ASSERT_EQ(stats.status, exit_ok);
    EXPECT_NE(stats.out.find("positions 5\n"), std::string::npos) << stats.out;
    // The root, then the 4 positions the two shards added, wherever their searches led.
    const std::string plies_label = "plies from the root: ";
    const auto plies_at = stats.out.find(plies_label);
    ASSERT_NE(plies_at, std::string::npos) << stats.out;
    std::istringstream plies(stats.out.substr(plies_at + plies_label.size()));
    std::string first_line;
    std::getline(plies, first_line);
    EXPECT_EQ(first_line.rfind("0:1 1:", 0), 0u) << stats.out;
    int counted = 0;
    for (std::istringstream entries(first_line); entries;) {
        int ply = 0, positions = 0;
        char colon = 0;
        if (entries >> ply >> colon >> positions && colon == ':') counted += positions;
    }
    EXPECT_EQ(counted, 5) << stats.out;
    // Resumed: the same --out grows on.
    const Ran more = kroon({"book", "build", "--out", a, "--nodes", "2000", "--positions", "4", "--hash", "1"});
    ASSERT_EQ(more.status, exit_ok) << more.err;
    EXPECT_NE(more.out.find("book of 4 positions"), std::string::npos) << more.out;

    std::ofstream(dir + "/bad.kbk") << "not a book";
    const Ran bad = kroon({"book", "stats", "--book", dir + "/bad.kbk"});
    EXPECT_EQ(bad.status, exit_failure);  // a file that cannot be read, at run time
    EXPECT_NE(bad.err.find("kroon book: "), std::string::npos);
    EXPECT_NE(bad.err.find("not a Kroon opening book"), std::string::npos) << bad.err;
    EXPECT_EQ(kroon({"book", "build", "--out", a, "--nodes", "10", "--shard", "2/2"}).status, exit_usage);
    EXPECT_EQ(kroon({"book", "build", "--out", a}).status, exit_usage);  // no --nodes
    EXPECT_EQ(kroon({"book"}).status, exit_usage);
    // The engine options take a book file; a bad one fails at run time too.
    const Ran console = kroon({"console", "--book", dir + "/bad.kbk"});
    EXPECT_EQ(console.status, exit_failure);
    EXPECT_NE(console.err.find("--book: "), std::string::npos) << console.err;
    std::filesystem::remove_all(dir);
}

// `kroon --version`; a failure at run time in the one shape of every command: "kroon COMMAND:
// what failed", status 1.
TEST(CommandLine, VersionAndRunTimeFailuresHaveOneShape) {
    const Ran version = kroon({"--version"});
    EXPECT_EQ(version.status, exit_ok);
    EXPECT_EQ(version.out.rfind("kroon ", 0), 0u) << version.out;
    EXPECT_EQ(version.out.back(), '\n');
    EXPECT_EQ(version.err, "");

    // A port nothing listens on: a socket bound and never listened to keeps it taken.
    namespace asio = boost::asio;
    asio::io_context io;
    asio::ip::tcp::socket bound(io, {asio::ip::address_v4::loopback(), 0});
    const std::string port = std::to_string(bound.local_endpoint().port());
    const Ran refused = kroon({"dxp", "--connect", "127.0.0.1:" + port});
    bound.close();
    EXPECT_EQ(refused.status, exit_failure);
    EXPECT_EQ(refused.err.rfind("kroon dxp: cannot connect to 127.0.0.1:" + port + ": ", 0), 0u) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;

    const Ran log = kroon({"hub", "--log", "/proc/no-such-folder/hub.log"}, "quit\n");
    EXPECT_EQ(log.status, exit_failure);
    EXPECT_EQ(log.err.rfind("kroon hub: cannot open log file /proc/no-such-folder/hub.log: ", 0), 0u) << log.err;
}

}  // namespace
}  // namespace kroon::cli
