// Real matches: two `kroon hub` processes, the built-in engine, shell-script engines that die,
// cheat, babble or hang, interrupted and resumed matches, a round robin, and the command line.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>

#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "match/match_runner.hpp"
#include "match/match_stats.hpp"
#include "match/openings.hpp"
#include "platform/child_process.hpp"
#include "platform/process.hpp"
#include "tests/support/free_port.hpp"

namespace kroon::match {
namespace {

namespace fs = std::filesystem;

class MatchTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               ("kroon_match_" + std::to_string(kroon::platform::current_process_id()) + "_" + info->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // A Hub engine as a shell script: answers `hub` and `init`, and `go` with `on_go`.
    std::string script(const std::string& name, const std::string& on_go) const {
        const std::string file = path(name + ".sh");
        std::ofstream out(file);
        out << "#!/bin/sh\n"
               "while IFS= read -r line; do\n"
               "  case \"$line\" in\n"
               "    hub) printf 'id name="
            << name
            << " version=1\\nwait\\n' ;;\n"
               "    init) printf 'ready\\n' ;;\n"
               "    pos*) pos=\"$line\" ;;\n"
               "    go*) "
            << on_go
            << " ;;\n"
               "    quit) exit 0 ;;\n"
               "  esac\n"
               "done\n";
        out.close();
        ::chmod(file.c_str(), 0755);
        return file;
    }

    MatchConfig config(std::vector<std::string> engines, int games) const {
        MatchConfig c;
        for (const auto& e : engines) c.engines.push_back(*players::parse_player_spec(e));
        c.games = games;
        c.game.limits.depth = 1;
        c.game.adjudication.max_moves = 40;
        c.player.engine_options = {{"hash", "8"}};
        c.openings = {{rulebook(Variant::International).start_position(), {}, "start"}};
        c.pdn_path = path("games.pdn");
        return c;
    }

    // An interrupted match: its 2-ply random openings, stopped once the first game is recorded.
    MatchConfig interrupted_after_one_game() const {
        MatchConfig c = config({"builtin", "builtin"}, 4);
        c.openings = random_openings(Variant::International, 2, 2, 3);
        std::atomic<bool> stop{false};
        MatchRunner runner(c);
        const auto state = runner.run(stop, [&](const MatchState&, const FinishedGame&) { stop = true; });
        EXPECT_TRUE(state.ok()) << state.error();
        EXPECT_TRUE(state.ok() && state->interrupted && state->finished.size() == 1u);
        return c;
    }

    fs::path dir_;
};

const std::string kroon_hub = std::string(KROON_BINARY) + " hub";

PdnFile read_games(const std::string& file) {
    const auto games = read_pdn_file(file);
    EXPECT_TRUE(games.ok());
    EXPECT_TRUE(games->errors.empty()) << games->errors.front().text();
    return *games;
}

// The sequential test stops a match as soon as it decides: an engine that loses every game
// to an illegal move is shown weaker (H0) after a few pairs, and the built-in engine against
// it stronger (H1); the games already played are all in the PDN file.
TEST_F(MatchTest, TheSequentialTestStopsOnH1AndOnH0) {
    const std::string cheat = script("Cheat", "printf 'done move=31-22\\n'");
    for (const bool builtin_first : {true, false}) {
        MatchConfig c = config(
            builtin_first ? std::vector<std::string>{"builtin", cheat} : std::vector<std::string>{cheat, "builtin"},
            200);
        c.openings = random_openings(Variant::International, 100, 2, 5);
        c.sprt = SprtBounds{0, 200};
        c.pdn_path = path(builtin_first ? "h1.pdn" : "h0.pdn");
        MatchRunner runner(c);
        std::atomic<bool> stop{false};
        std::vector<double> llrs;
        const auto state = runner.run(stop, [&](const MatchState& s, const FinishedGame&) { llrs.push_back(s.llr); });
        ASSERT_TRUE(state.ok()) << state.error();
        EXPECT_FALSE(state->interrupted);
        EXPECT_EQ(state->verdict, builtin_first ? SprtVerdict::AcceptH1 : SprtVerdict::AcceptH0);
        EXPECT_LT(state->finished.size(), 40u);  // far fewer than the 200 allowed
        EXPECT_EQ(state->finished.size() % 2, 0u);
        EXPECT_EQ(state->pairs.pairs(), static_cast<int>(state->finished.size()) / 2);
        EXPECT_EQ(state->pairs.counts[builtin_first ? 4 : 0], state->pairs.pairs());
        EXPECT_EQ(state->llr, llr(state->pairs, *c.sprt));
        ASSERT_FALSE(llrs.empty());
        EXPECT_EQ(llrs.back(), state->llr);
        EXPECT_EQ(read_games(c.pdn_path).games.size(), state->finished.size());
    }
}

TEST_F(MatchTest, TwoKroonHubProcesses) {
    MatchConfig c = config({kroon_hub, kroon_hub}, 4);
    c.game.limits.depth = 2;
    c.game.adjudication.max_moves = 60;
    c.openings = random_openings(Variant::International, 2, 4, 7);
    MatchRunner runner(c);
    std::atomic<bool> stop{false};
    int reports = 0;
    const auto state = runner.run(stop, [&](const MatchState& s, const FinishedGame&) {
        ++reports;
        EXPECT_EQ(static_cast<int>(s.finished.size()), reports);
    });
    ASSERT_TRUE(state.ok()) << state.error();
    EXPECT_EQ(reports, 4);
    ASSERT_EQ(state->engines.size(), 2u);
    EXPECT_EQ(state->engines[0].name, "Kroon " KROON_VERSION_TEXT " (1)");
    EXPECT_EQ(state->engines[1].name, "Kroon " KROON_VERSION_TEXT " (2)");
    for (const auto& e : state->engines) EXPECT_EQ(e.time_forfeits + e.illegal_moves + e.failures, 0) << e.name;

    const PdnFile file = read_games(c.pdn_path);
    ASSERT_EQ(file.games.size(), 4u);
    Tally first;
    for (size_t i = 0; i < 4; ++i) {
        const PdnGame& g = file.games[i];
        const FinishedGame& f = state->finished[i];
        EXPECT_EQ(*g.tag("Round"), std::to_string(f.spec.number));
        EXPECT_EQ(*g.tag("White"), state->engines[f.spec.white].name);
        EXPECT_EQ(g.result, f.result);
        EXPECT_NE(g.result, GameResult::Ongoing);
        EXPECT_EQ(*g.tag("Termination"), f.termination);
        // The opening's four moves start every game; the referee agrees with the record.
        ASSERT_GE(g.moves.size(), 4u);
        EXPECT_EQ(std::vector<Move>(g.moves.begin(), g.moves.begin() + 4), c.openings[f.spec.opening].moves);
        // After the opening every move has its comment: the time it took and, from a Hub
        // engine searching to depth 2, its score and depth. No clock, no [%clk].
        const std::vector<int> line = g.tree.line(MoveTree::root);
        ASSERT_EQ(line.size(), g.moves.size() + 1);
        int scored = 0;
        for (size_t ply = 1; ply < line.size(); ++ply) {
            const std::string& comment = g.tree[line[ply]].comment;
            if (ply <= 4) {
                EXPECT_EQ(comment, "") << ply;
                continue;
            }
            EXPECT_EQ(comment.rfind("[%emt 0:00:", 0), 0u) << comment;
            EXPECT_EQ(comment.find("[%clk"), std::string::npos) << comment;
            scored += comment.find(",2]") != std::string::npos;
        }
        EXPECT_GT(scored, 0);
        const auto replayed = replay(g);
        ASSERT_TRUE(replayed.ok()) << replayed.error();
        if (f.reason != Reason::Adjudication) {
            EXPECT_EQ(replayed->verdict().result, g.result);
        }
        first.add(g.result, f.spec.white == 0);
    }
    // Colours alternate per opening pair.
    EXPECT_EQ(state->finished[0].spec.opening, state->finished[1].spec.opening);
    EXPECT_NE(state->finished[0].spec.white, state->finished[1].spec.white);
    EXPECT_EQ(first.games(), 4);
}

TEST_F(MatchTest, EngineThatDiesMidGameLosesAndIsRestarted) {
    // Plays 32-28 when it is White at the start, and exits as soon as it must answer a move.
    const std::string dying =
        script("Dying", "case \"$pos\" in *moves=*) exit 3 ;; *) printf 'done move=32-28\\n' ;; esac");
    MatchRunner runner(config({dying, "builtin"}, 2));
    std::atomic<bool> stop{false};
    const auto state = runner.run(stop);
    ASSERT_TRUE(state.ok()) << state.error();
    ASSERT_EQ(state->finished.size(), 2u);
    for (const FinishedGame& g : state->finished) {
        EXPECT_EQ(g.reason, Reason::EngineFailure);
        EXPECT_EQ(g.result, g.spec.white == 0 ? GameResult::BlackWins : GameResult::WhiteWins);
        EXPECT_NE(g.termination.find("exited with status 3"), std::string::npos) << g.termination;
    }
    EXPECT_EQ(state->finished[0].plies, 2);  // 32-28, the reply, then the engine died
    EXPECT_EQ(state->engines[0].failures, 2);
    EXPECT_EQ(state->engines[1].failures, 0);
    EXPECT_EQ(read_games(path("games.pdn")).games.size(), 2u);
}

TEST_F(MatchTest, IllegalGarbageAndSilentEnginesLose) {
    struct Case {
        const char* name;
        const char* on_go;
        Reason reason;
        const char* words;
    };
    const Case cases[] = {
        {"Cheat", "printf 'done move=31-22\\n'", Reason::IllegalMove, "played 31-22"},
        {"Babble", "printf 'done move=hello\\n'", Reason::EngineFailure, "which is no move"},
        {"Mute", ":", Reason::TimeForfeit, "flag fell"},
    };
    for (const Case& k : cases) {
        SCOPED_TRACE(k.name);
        MatchConfig c = config({script(k.name, k.on_go), "builtin"}, 1);
        c.game.limits.depth = 0;
        c.game.limits.clock = TimeControl::sudden_death(0.3);
        c.pdn_path = path(std::string(k.name) + ".pdn");
        MatchRunner runner(c);
        std::atomic<bool> stop{false};
        const auto state = runner.run(stop);
        ASSERT_TRUE(state.ok()) << state.error();
        ASSERT_EQ(state->finished.size(), 1u);
        const FinishedGame& g = state->finished[0];
        EXPECT_EQ(g.result, GameResult::BlackWins);
        EXPECT_EQ(g.reason, k.reason);
        EXPECT_NE(g.termination.find(k.words), std::string::npos) << g.termination;
        const EngineRecord& e = state->engines[0];
        EXPECT_EQ(e.illegal_moves, k.reason == Reason::IllegalMove ? 1 : 0);
        EXPECT_EQ(e.time_forfeits, k.reason == Reason::TimeForfeit ? 1 : 0);
        EXPECT_EQ(e.failures, k.reason == Reason::EngineFailure ? 1 : 0);
        const PdnGame record = read_games(c.pdn_path).games.at(0);
        EXPECT_EQ(*record.tag("Termination"), g.termination);
        // The clock each side had left at the end; the mute engine's flag fell.
        ASSERT_TRUE(record.tag("WhiteClock") && record.tag("BlackClock"));
        if (k.reason == Reason::TimeForfeit) {
            EXPECT_EQ(*record.tag("WhiteClock"), "0:00:00.0");
        }
        EXPECT_LE(*record.tag("BlackClock"), "0:00:00.3");
    }
}

TEST_F(MatchTest, AnEngineThatCannotStartStopsTheMatchBeforeAnyGame) {
    MatchRunner runner(config({path("no-such-engine"), "builtin"}, 2));
    std::atomic<bool> stop{false};
    const auto state = runner.run(stop);
    ASSERT_FALSE(state.ok());
    EXPECT_NE(state.error().find("engine 1"), std::string::npos) << state.error();
    EXPECT_FALSE(fs::exists(path("games.pdn")));
}

// `kroon match` run as a process, its Hub engine writing its own process id to a file.
struct RunnerProcess {
    pid_t runner = -1;
    pid_t engine = -1;
};

RunnerProcess start_runner(const std::string& dir) {
    const std::string pid_file = dir + "/engine.pid";
    const std::string engine = "sh -c 'echo $$ > " + pid_file + "; exec " + std::string(KROON_BINARY) + " hub'";
    const std::string pdn = dir + "/signal.pdn";
    RunnerProcess p;
    p.runner = ::fork();
    if (p.runner == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::execl(KROON_BINARY, KROON_BINARY, "match", "builtin", engine.c_str(), "--movetime", "1", "--games", "50",
                "--pdn", pdn.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    for (int i = 0; i < 500 && p.engine <= 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        std::ifstream in(pid_file);
        in >> p.engine;
    }
    return p;
}

bool gone_within(pid_t pid, std::chrono::seconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

// A closed terminal (SIGHUP) or a kill (SIGTERM) ends the match as Ctrl-C does, engines and
// all; a runner killed outright (SIGKILL) takes its engines with it.
TEST_F(MatchTest, SignalsEndTheMatchAndItsEngines) {
    for (const int sig : {SIGHUP, SIGTERM, SIGKILL}) {
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        const RunnerProcess p = start_runner(dir_.string());
        ASSERT_GT(p.engine, 0) << "the engine did not start";
        ASSERT_EQ(::kill(p.runner, sig), 0);
        int status = 0;
        ASSERT_EQ(::waitpid(p.runner, &status, 0), p.runner);
        if (sig == SIGKILL)
            EXPECT_TRUE(WIFSIGNALED(status));
        else
            EXPECT_EQ(WEXITSTATUS(status), 130) << "signal " << sig;
        EXPECT_TRUE(gone_within(p.engine, std::chrono::seconds(10))) << "engine left running after signal " << sig;
    }
}

// A signal while an engine hangs at its start (it never answers `hub`) ends the match at once,
// not after the 30 s the engine has to answer.
TEST_F(MatchTest, ASignalEndsTheMatchWhileAnEngineHangsAtItsStart) {
    for (const int sig : {SIGHUP, SIGTERM}) {
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        const std::string starts = (dir_ / "starts").string();
        const std::string engine = std::string(FAKE_HUB_ENGINE) + " hang-start --starts " + starts;
        const pid_t runner = ::fork();
        if (runner == 0) {
            const int null = ::open("/dev/null", O_WRONLY);
            ::dup2(null, 1);
            ::dup2(null, 2);
            ::execl(KROON_BINARY, KROON_BINARY, "match", "builtin", engine.c_str(), "--movetime", "1", "--games", "2",
                    static_cast<char*>(nullptr));
            ::_exit(127);
        }
        for (int i = 0; i < 500 && !fs::exists(starts); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ASSERT_TRUE(fs::exists(starts)) << "the engine did not start";
        std::this_thread::sleep_for(std::chrono::milliseconds(300));  // into the wait for `wait`
        ASSERT_EQ(::kill(runner, sig), 0);
        int status = 0;
        pid_t ended = 0;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while ((ended = ::waitpid(runner, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (ended != runner) {
            ::kill(runner, SIGKILL);
            ::waitpid(runner, &status, 0);
            FAIL() << "the runner still waited for the engine 10 s after signal " << sig;
        }
        EXPECT_TRUE(WIFEXITED(status)) << "signal " << sig;
        EXPECT_EQ(WEXITSTATUS(status), 130) << "signal " << sig;
    }
}

TEST_F(MatchTest, InterruptedMatchResumes) {
    MatchConfig c = interrupted_after_one_game();
    EXPECT_EQ(read_games(c.pdn_path).games.size(), 1u);
    std::atomic<bool> stop{false};
    {
        MatchRunner again(c);  // without --resume the file is not touched
        const auto refused = again.run(stop);
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.error().find("--resume"), std::string::npos);
    }
    c.resume = true;
    MatchRunner resumed(c);
    const auto state = resumed.run(stop);
    ASSERT_TRUE(state.ok()) << state.error();
    EXPECT_FALSE(state->interrupted);
    ASSERT_EQ(state->finished.size(), 4u);
    EXPECT_TRUE(state->finished[0].from_file);
    const PdnFile file = read_games(c.pdn_path);
    std::set<std::string> rounds;
    for (const PdnGame& g : file.games) rounds.insert(*g.tag("Round"));
    EXPECT_EQ(rounds, (std::set<std::string>{"1", "2", "3", "4"}));
    EXPECT_EQ(file.games.size(), 4u);
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_F(MatchTest, ResumeRefusesAFileWithADamagedOrCutRecord) {
    MatchConfig c = interrupted_after_one_game();
    std::atomic<bool> stop{false};
    const std::string whole = file_text(c.pdn_path);
    // A record cut right after its Result tag, and one whose first move became illegal.
    const size_t result_tag = whole.find("[Result ");
    ASSERT_NE(result_tag, std::string::npos);
    const std::string cut = whole.substr(0, whole.find('\n', result_tag) + 1);
    std::string damaged = whole;
    const size_t first_move = damaged.find("\n1. ");
    ASSERT_NE(first_move, std::string::npos);
    damaged.replace(first_move + 4, damaged.find(' ', first_move + 4) - (first_move + 4), "50-45");
    for (const auto& [name, text] : {std::pair{"cut", cut}, std::pair{"damaged", damaged}}) {
        SCOPED_TRACE(name);
        std::ofstream(c.pdn_path, std::ios::binary | std::ios::trunc) << text;
        c.resume = true;
        stop = false;
        MatchRunner resumed(c);
        const auto state = resumed.run(stop);
        ASSERT_FALSE(state.ok()) << "resumed over a " << name << " record";
        EXPECT_NE(state.error().find(c.pdn_path), std::string::npos) << state.error();
        EXPECT_NE(state.error().find("game 1"), std::string::npos) << state.error();
        EXPECT_EQ(file_text(c.pdn_path), text);  // nothing appended
    }
}

TEST_F(MatchTest, RoundRobinOfThreeEngines) {
    MatchConfig c = config({"builtin", "builtin", "builtin"}, 2);
    c.game.variant = Variant::English;
    c.openings = random_openings(Variant::English, 1, 2, 5);
    c.concurrency = 2;
    MatchRunner runner(c);
    std::atomic<bool> stop{false};
    const auto state = runner.run(stop);
    ASSERT_TRUE(state.ok()) << state.error();
    ASSERT_EQ(state->finished.size(), 6u);  // 3 pairings, 2 games each
    std::vector<GameOutcome> outcomes;
    std::set<int> numbers;
    for (const auto& g : state->finished) {
        outcomes.push_back({g.spec.white, g.spec.black, g.result});
        numbers.insert(g.spec.number);
    }
    EXPECT_EQ(numbers.size(), 6u);
    const auto table = standings(3, outcomes, Scoring::OnePoint);
    double total = 0;
    for (const auto& s : table) {
        EXPECT_EQ(s.tally.games(), 4);
        total += s.points;
    }
    EXPECT_DOUBLE_EQ(total, 6.0);
    EXPECT_EQ(read_games(c.pdn_path).games.size(), 6u);
}

// The command line end to end, through the real binary.
std::pair<int, std::string> run_kroon(const std::string& arguments) {
    const std::string command = std::string(KROON_BINARY) + " " + arguments + " 2>&1";
    std::FILE* pipe = ::popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// One short self-play game in every variant through `kroon match`, ending with a
// result the referee confirms when the game is replayed from the PDN record.
TEST_F(MatchTest, SelfPlayGameInEveryVariant) {
    for (const Variant v : all_variants) {
        const std::string name(rulebook(v).name());
        const std::string file = path(name + ".pdn");
        const auto [code, output] = run_kroon("match builtin builtin --variant " + name +
                                              " --depth 2 --games 1 --max-moves 150 --hash 8 --quiet --pdn " + file);
        ASSERT_EQ(code, 0) << name << ": " << output;
        const PdnFile records = read_games(file);
        ASSERT_EQ(records.games.size(), 1u) << name;
        const PdnGame& g = records.games[0];
        EXPECT_EQ(g.variant, v) << name;
        EXPECT_NE(g.result, GameResult::Ongoing) << name;
        const auto replayed = replay(g);
        ASSERT_TRUE(replayed.ok()) << name << ": " << replayed.error();
        // Adjudicated at the move limit, or decided by the rules exactly as recorded.
        const auto termination = g.tag("Termination");
        if (replayed->verdict().over()) {
            EXPECT_EQ(replayed->verdict().result, g.result) << name << ": " << termination.value_or("");
        } else {
            EXPECT_GE(g.moves.size(), 2u * 150 - 2) << name << ": " << termination.value_or("");
        }
    }
}

TEST_F(MatchTest, CommandLineMatchAndErrors) {
    const auto [code, output] =
        run_kroon("match builtin builtin --depth 1 --games 2 --max-moves 30 --hash 8 --pdn " + path("cli.pdn"));
    EXPECT_EQ(code, 0) << output;
    EXPECT_NE(output.find("[2/2]"), std::string::npos) << output;
    EXPECT_NE(output.find("Elo difference"), std::string::npos) << output;
    EXPECT_NE(output.find("likelihood of superiority"), std::string::npos) << output;
    EXPECT_NE(output.find("time forfeit / illegal move / engine failure"), std::string::npos) << output;
    EXPECT_EQ(read_games(path("cli.pdn")).games.size(), 2u);
    const auto text_of = [this](const std::string& name) {
        std::ifstream in(path(name));
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    EXPECT_NE(text_of("cli.pdn").find("[%emt "), std::string::npos);
    const auto [bare_code, bare_output] = run_kroon(
        "match builtin builtin --depth 1 --games 2 --max-moves 30 --hash 8 --bare-pdn --pdn " + path("bare.pdn"));
    EXPECT_EQ(bare_code, 0) << bare_output;
    EXPECT_EQ(read_games(path("bare.pdn")).games.size(), 2u);
    EXPECT_EQ(text_of("bare.pdn").find('{'), std::string::npos);

    const auto [bad_code, bad_output] = run_kroon("match builtin --tc nonsense");
    EXPECT_EQ(bad_code, 2);
    EXPECT_NE(bad_output.find("at least two engines"), std::string::npos) << bad_output;
    const auto [tc_code, tc_output] = run_kroon("match builtin builtin --tc 40/");
    EXPECT_EQ(tc_code, 2);
    EXPECT_NE(tc_output.find("--tc"), std::string::npos) << tc_output;
}

// Each engine's clocks at the end of its games, played and read back: the report's median,
// least and most; none without a clock.
TEST_F(MatchTest, TheClocksLeftAtTheEndArePerEngineAndReadBack) {
    MatchConfig c = config({"builtin", "builtin"}, 2);
    c.game.limits.clock = TimeControl::sudden_death(60);
    c.game.adjudication.max_moves = 20;
    std::atomic<bool> stop{false};
    const auto played = MatchRunner(c).run(stop);
    ASSERT_TRUE(played.ok()) << played.error();
    ASSERT_EQ(played->finished.size(), 2u);
    for (int engine : {0, 1}) {
        const ClockLeft left = clock_left_of(*played, engine);
        EXPECT_EQ(left.games, 2);
        EXPECT_GT(left.least, 0);
        EXPECT_LE(left.least, left.median);
        EXPECT_LE(left.median, left.most);
        EXPECT_LE(left.most, 60);
    }
    // Engine 0 had White in the first game and Black in the second.
    const auto& first = *played->finished[0].clock_left;
    const auto& second = *played->finished[1].clock_left;
    const int first_white = played->finished[0].spec.white;
    const double a = first_white == 0 ? first[0] : first[1];
    const double b = first_white == 0 ? second[1] : second[0];
    EXPECT_DOUBLE_EQ(clock_left_of(*played, 0).median, (a + b) / 2);

    // Read back from the WhiteClock and BlackClock tags: the same to the tenth of a second.
    c.resume = true;
    const auto resumed = MatchRunner(c).run(stop);
    ASSERT_TRUE(resumed.ok()) << resumed.error();
    ASSERT_EQ(resumed->finished.size(), 2u);
    for (int engine : {0, 1}) {
        EXPECT_NEAR(clock_left_of(*resumed, engine).median, clock_left_of(*played, engine).median, 0.051);
        EXPECT_NEAR(clock_left_of(*resumed, engine).most, clock_left_of(*played, engine).most, 0.051);
    }

    MatchConfig unclocked = config({"builtin", "builtin"}, 2);
    unclocked.pdn_path = path("unclocked.pdn");
    const auto plain = MatchRunner(unclocked).run(stop);
    ASSERT_TRUE(plain.ok()) << plain.error();
    EXPECT_EQ(clock_left_of(*plain, 0).games, 0);

    const auto [code, output] =
        run_kroon("match builtin builtin --tc 60 --depth 1 --games 2 --max-moves 20 --hash 8 --pdn " + path("cli.pdn"));
    EXPECT_EQ(code, 0) << output;
    EXPECT_NE(output.find("clock left at the end of a game: median (least - most):"), std::string::npos) << output;
    EXPECT_NE(output.find(" over 2 games\n"), std::string::npos) << output;
}

// Two shards play the match between them: each its own openings, the games numbered as in
// the whole match, and their PDN files together resume as the whole match with nothing left.
TEST_F(MatchTest, ShardsSplitTheOpeningsAndTogetherAreTheMatch) {
    MatchConfig whole = config({"builtin", "builtin"}, 8);
    const auto ballots = ballot_openings(Variant::International, 2, 9);
    whole.openings.assign(ballots.begin(), ballots.begin() + 4);
    EXPECT_EQ(shard_of(make_schedule(2, 8, 4), 0, 1).size(), 8u);
    std::set<int> numbers;
    std::set<std::string> openings_seen[2];
    std::string merged;
    std::atomic<bool> stop{false};
    for (const int shard : {0, 1}) {
        MatchConfig c = whole;
        c.shard = shard;
        c.shards = 2;
        c.pdn_path = path("shard" + std::to_string(shard) + ".pdn");
        const auto state = MatchRunner(c).run(stop);
        ASSERT_TRUE(state.ok()) << state.error();
        ASSERT_EQ(state->finished.size(), 4u);
        for (const FinishedGame& f : state->finished) {
            EXPECT_EQ(f.spec.opening % 2, shard);
            EXPECT_TRUE(numbers.insert(f.spec.number).second) << "game " << f.spec.number << " played twice";
            openings_seen[shard].insert(whole.openings[f.spec.opening].label);
        }
        EXPECT_EQ(openings_seen[shard].size(), 2u);
        merged += file_text(c.pdn_path);
        // Another shard's file is not this shard's match.
        MatchConfig other = c;
        other.shard = 1 - shard;
        other.resume = true;
        const auto refused = MatchRunner(other).run(stop);
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.error().find("not part of this match (shard " + std::to_string(1 - shard) + "/2)"),
                  std::string::npos)
            << refused.error();
    }
    EXPECT_EQ(numbers, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8}));
    for (const auto& label : openings_seen[0]) EXPECT_EQ(openings_seen[1].count(label), 0u) << label;
    std::ofstream(path("merged.pdn"), std::ios::binary) << merged;
    whole.pdn_path = path("merged.pdn");
    whole.resume = true;
    const auto report = MatchRunner(whole).run(stop);
    ASSERT_TRUE(report.ok()) << report.error();
    EXPECT_EQ(report->finished.size(), 8u);
    for (const FinishedGame& f : report->finished) EXPECT_TRUE(f.from_file);
    EXPECT_EQ(file_text(whole.pdn_path), merged);  // nothing played, nothing appended
    // With every game in the file the report starts no engine: one that cannot start (a
    // DXP peer no longer listening) does not stop it, and the file's tags name the engines.
    MatchConfig gone = whole;
    gone.engines[0] = *players::parse_player_spec(path("no-such-engine"));
    const auto reported = MatchRunner(gone).run(stop);
    ASSERT_TRUE(reported.ok()) << reported.error();
    EXPECT_EQ(reported->finished.size(), 8u);
    EXPECT_EQ(reported->engines[0].name, report->engines[0].name);
    EXPECT_FALSE(reported->interrupted);
    // A shard's file is not the whole match: the engines must start to play the rest.
    gone.pdn_path = path("shard0.pdn");
    const auto unplayable = MatchRunner(gone).run(stop);
    ASSERT_FALSE(unplayable.ok());
    EXPECT_NE(unplayable.error().find("engine 1"), std::string::npos) << unplayable.error();

    const auto [code, output] = run_kroon(
        "match builtin builtin --depth 1 --games 4 --max-moves 20 --hash 8 "
        "--random-openings 2 --shard 1/2 --pdn " +
        path("cli-shard.pdn"));
    EXPECT_EQ(code, 0) << output;
    EXPECT_NE(output.find("[2/2] game 4:"), std::string::npos) << output;
    for (const char* bad : {"2/2", "3/2", "0/0", "1", "a/b", "1/2x"}) {
        const auto [bad_code, bad_output] = run_kroon(std::string("match builtin builtin --depth 1 --shard ") + bad);
        EXPECT_EQ(bad_code, 2) << bad;
        EXPECT_NE(bad_output.find("--shard"), std::string::npos) << bad_output;
    }
    const auto [few_code, few_output] = run_kroon("match builtin builtin --depth 1 --games 2 --shard 1/2");
    EXPECT_EQ(few_code, 2);
    EXPECT_NE(few_output.find("too few for 2 shards"), std::string::npos) << few_output;
}

TEST(Ballots, EveryDistinctPositionOnceInASeededOrder) {
    // International: 9 first moves for White, 9 replies each; English: 7 and 7.
    const auto international = ballot_openings(Variant::International, 2, 1);
    EXPECT_EQ(international.size(), 81u);
    for (size_t i = 0; i < international.size(); ++i) {
        ASSERT_EQ(international[i].moves.size(), 2u);
        for (size_t j = 0; j < i; ++j) EXPECT_NE(international[i].moves, international[j].moves) << i << " " << j;
    }
    EXPECT_EQ(ballot_openings(Variant::English, 2, 1).size(), 49u);
    // Three plies: 658 move orders (perft 3) reach 447 positions, one opening each.
    const auto three = ballot_openings(Variant::International, 3, 1);
    EXPECT_EQ(three.size(), 447u);
    const std::vector<int> classes = opening_classes(three, Variant::International);
    for (size_t i = 0; i < classes.size(); ++i) EXPECT_EQ(classes[i], static_cast<int>(i));
    const auto again = ballot_openings(Variant::International, 2, 1);
    const auto other = ballot_openings(Variant::International, 2, 2);
    EXPECT_EQ(again.front().moves, international.front().moves);
    bool differs = false;
    for (size_t i = 0; i < other.size(); ++i) differs |= other[i].moves != international[i].moves;
    EXPECT_TRUE(differs);
}

// Openings that reach the same position share a class: a ballot list cycled to fill a long
// match, a FEN given twice, and two move orders of the same four plies.
TEST(OpeningClasses, RepeatsAndTranspositionsShareAClass) {
    const auto ballots = ballot_openings(Variant::International, 2, 5);
    std::vector<Opening> cycled;
    for (size_t i = 0; i < 200; ++i) cycled.push_back(ballots[i % ballots.size()]);
    const std::vector<int> classes = opening_classes(cycled, Variant::International);
    ASSERT_EQ(classes.size(), 200u);
    for (size_t i = 0; i < classes.size(); ++i) EXPECT_EQ(classes[i], static_cast<int>(i % ballots.size())) << i;

    const auto fens =
        read_openings("W:W31,32,33:B18,19,20\nW:W31,32,34:B18,19,20\nW:W31,32,33:B18,19,20\n", Variant::International);
    ASSERT_TRUE(fens.ok()) << fens.error();
    EXPECT_EQ(opening_classes(*fens, Variant::International), (std::vector<int>{0, 1, 0}));
    const auto orders = read_openings(
        "1. 31-26 20-25 2. 35-30 16-21 *\n\n1. 35-30 16-21 2. 31-26 20-25 *\n\n"
        "1. 35-30 16-21 2. 31-27 20-25 *\n",
        Variant::International);
    ASSERT_TRUE(orders.ok()) << orders.error();
    ASSERT_EQ(orders->size(), 3u);
    EXPECT_EQ(opening_classes(*orders, Variant::International), (std::vector<int>{0, 0, 2}));
}

// A fixed search replays a game for each opening class and pair of colours: the report counts
// the games that can differ.
TEST(OpeningClasses, DistinctGamesCountOpeningClassesAndColours) {
    MatchState state;
    const auto finish = [&](int opening, int white, int black) {
        FinishedGame g;
        g.spec.opening = opening;
        g.spec.white = white;
        g.spec.black = black;
        state.finished.push_back(g);
    };
    finish(0, 0, 1);
    finish(0, 1, 0);
    finish(1, 0, 1);  // opening 1 replays opening 0
    finish(2, 0, 1);
    finish(2, 0, 1);
    EXPECT_EQ(distinct_games(state, {0, 0, 2}), 3);
    EXPECT_EQ(distinct_games(state, {0, 1, 2}), 4);
    EXPECT_EQ(distinct_games({}, {0}), 0);
}

TEST(OpeningClasses, OnlyADepthOrNodeCountIsAFixedSearch) {
    Limits limits;
    limits.clock = TimeControl::sudden_death(10, 0.1);
    EXPECT_FALSE(fixed_search(limits));
    limits.clock = {};
    EXPECT_FALSE(fixed_search(limits));
    limits.nodes = 50000;
    EXPECT_TRUE(fixed_search(limits));
    limits.nodes = 0;
    limits.depth = 6;
    EXPECT_TRUE(fixed_search(limits));
    limits.move_time = 0.1;
    EXPECT_FALSE(fixed_search(limits));
}

}  // namespace
}  // namespace kroon::match

namespace kroon::match {
namespace {

using test::free_port;

bool listening(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return ok;
}

TEST_F(MatchTest, KroonOverDxpAgainstTheBuiltinEngine) {
    const int port = free_port();
    auto follower =
        platform::ChildProcess::start(std::string(KROON_BINARY) + " dxp --listen 127.0.0.1:" + std::to_string(port) +
                                      " --follower --move-time 0.05 --hash 8");
    ASSERT_TRUE(follower.ok()) << follower.error();
    for (int i = 0; i < 100 && !listening(port); ++i) ::usleep(50000);
    ASSERT_TRUE(listening(port));

    const std::string peer = "dxp://127.0.0.1:" + std::to_string(port);
    MatchConfig c = config({peer, "builtin"}, 2);
    c.game.limits.clock = TimeControl::sudden_death(60);
    c.game.limits.depth = 2;
    c.game.adjudication.max_moves = 50;
    c.openings = random_openings(Variant::International, 1, 4, 11);
    MatchRunner runner(c);
    std::atomic<bool> stop{false};
    const auto state = runner.run(stop);
    ASSERT_TRUE(state.ok()) << state.error();
    ASSERT_EQ(state->finished.size(), 2u);
    EXPECT_EQ(state->engines[0].name, "Kroon");  // the follower's own name, from its GAMEACC
    for (const auto& e : state->engines) EXPECT_EQ(e.time_forfeits + e.illegal_moves + e.failures, 0) << e.name;
    const PdnFile file = read_games(c.pdn_path);
    ASSERT_EQ(file.games.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
        const FinishedGame& f = state->finished[i];
        EXPECT_NE(f.reason, Reason::EngineFailure) << f.termination;
        EXPECT_GT(f.plies, 10) << f.termination;
        const auto replayed = replay(file.games[i]);
        ASSERT_TRUE(replayed.ok()) << replayed.error();
        EXPECT_EQ(*file.games[i].tag("White"), state->engines[f.spec.white].name);
        for (const char* clock : {"WhiteClock", "BlackClock"}) {
            const auto left = file.games[i].tag(clock);
            ASSERT_TRUE(left) << clock;
            EXPECT_TRUE(*left > "0:00:00.0" && *left <= "0:01:00.0") << clock << " " << *left;
        }
    }
    // Resumed, the peer is known by the name in the file before it accepts another game.
    MatchConfig more = c;
    more.games = 4;
    more.resume = true;
    const auto resumed = MatchRunner(more).run(stop);
    ASSERT_TRUE(resumed.ok()) << resumed.error();
    EXPECT_EQ(resumed->finished.size(), 4u);
    EXPECT_EQ(resumed->engines[0].name, "Kroon");
    for (const PdnGame& g : read_games(c.pdn_path).games)
        EXPECT_TRUE(g.tag("White") == "Kroon" || g.tag("Black") == "Kroon");
    // A variant DXP cannot carry, or a clock under a minute, is refused before any game.
    MatchConfig frisian = c;
    frisian.game.variant = Variant::Frisian;
    frisian.pdn_path = path("frisian.pdn");
    EXPECT_FALSE(MatchRunner(frisian).run(stop).ok());
    MatchConfig quick = c;
    quick.game.limits.clock = TimeControl::sudden_death(10);
    quick.pdn_path = path("quick.pdn");
    const auto refused = MatchRunner(quick).run(stop);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("minute"), std::string::npos) << refused.error();
}

// A DXP follower that quits in the middle of a match stops it: the games played are kept,
// none is scored as the peer's loss, and --resume, with the follower started again, plays
// the rest.
TEST_F(MatchTest, ADxpPeerThatQuitsStopsTheMatchAndResumePlaysTheRest) {
    const int port = free_port();
    const std::string follower_command = std::string(KROON_BINARY) + " dxp --listen 127.0.0.1:" + std::to_string(port) +
                                         " --follower --move-time 0.05 --hash 8";
    const auto start_follower = [&] {
        auto follower = platform::ChildProcess::start(follower_command);
        EXPECT_TRUE(follower.ok()) << follower.error();
        for (int i = 0; i < 100 && !listening(port); ++i) ::usleep(50000);
        EXPECT_TRUE(listening(port));
        return follower.ok() ? std::move(follower.value()) : nullptr;
    };
    auto follower = start_follower();
    ASSERT_TRUE(follower);

    MatchConfig c = config({"dxp://127.0.0.1:" + std::to_string(port), "builtin"}, 4);
    c.game.limits.clock = TimeControl::sudden_death(60);
    c.game.limits.depth = 2;
    c.game.adjudication.max_moves = 30;
    c.openings = random_openings(Variant::International, 2, 2, 5);
    std::atomic<bool> stop{false};
    const auto state = MatchRunner(c).run(stop, [&](const MatchState& s, const FinishedGame&) {
        if (s.finished.size() == 1) follower->kill();
    });
    ASSERT_TRUE(state.ok()) << state.error();
    EXPECT_TRUE(state->interrupted);
    EXPECT_TRUE(state->halted.find("closed the connection instead of answering the game request") !=
                    std::string::npos ||
                state->halted.find("cannot connect") != std::string::npos)
        << state->halted;
    ASSERT_EQ(state->finished.size(), 1u);
    for (const auto& e : state->engines) EXPECT_EQ(e.time_forfeits + e.illegal_moves + e.failures, 0) << e.name;
    EXPECT_EQ(read_games(c.pdn_path).games.size(), 1u);

    follower = start_follower();
    ASSERT_TRUE(follower);
    c.resume = true;
    const auto resumed = MatchRunner(c).run(stop);
    ASSERT_TRUE(resumed.ok()) << resumed.error();
    EXPECT_TRUE(resumed->halted.empty()) << resumed->halted;
    EXPECT_FALSE(resumed->interrupted);
    EXPECT_EQ(resumed->finished.size(), 4u);
    for (const auto& e : resumed->engines) EXPECT_EQ(e.time_forfeits + e.illegal_moves + e.failures, 0) << e.name;
    EXPECT_EQ(read_games(c.pdn_path).games.size(), 4u);

    // The command line says so and exits with status 1, the games played kept. (The follower
    // is killed from outside here, after the first game or during the second: a game it
    // leaves is its loss, as a crash.)
    const std::string cli_pdn = path("cli.pdn");
    std::thread killer([&] {
        for (int i = 0; i < 600 && !(fs::exists(cli_pdn) && fs::file_size(cli_pdn) > 0); ++i) ::usleep(50000);
        follower->kill();
    });
    const auto [code, output] =
        run_kroon("match dxp://127.0.0.1:" + std::to_string(port) +
                  " builtin --tc 60 --depth 2 --max-moves 30 --games 4 --hash 8 --pdn " + cli_pdn);
    killer.join();
    EXPECT_EQ(code, 1) << output;
    EXPECT_NE(output.find("stopped early"), std::string::npos) << output;
    EXPECT_NE(output.find("--resume"), std::string::npos) << output;
    const size_t recorded = read_games(cli_pdn).games.size();
    EXPECT_TRUE(recorded == 1 || recorded == 2) << recorded;
    EXPECT_NE(output.find("Stopped early: " + std::to_string(recorded) + " of 4 games"), std::string::npos) << output;
}
}  // namespace
}  // namespace kroon::match
