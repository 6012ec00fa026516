// The board's other engine: a Hub program behind play::Analyser (players/hub_analyser.hpp),
// tried with Kroon's own `kroon hub` and with small scripts that misbehave.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"
#include "players/hub_analyser.hpp"

namespace kroon::players {
namespace {

using namespace std::chrono_literals;

const std::string kroon_hub = std::string(KROON_BINARY) + " hub";

// One search's reports, as the callbacks gave them.
struct Reports {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<search::Iteration> iterations;
    std::optional<search::Outcome> outcome;

    search::Listener listener() {
        return {[this](const search::Iteration& it) {
                    std::lock_guard lock(mutex);
                    iterations.push_back(it);
                    changed.notify_all();
                },
                [this](const search::Outcome& o) {
                    std::lock_guard lock(mutex);
                    outcome = o;
                    changed.notify_all();
                }};
    }
    bool wait_for(std::chrono::seconds timeout, const std::function<bool()>& done) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, timeout, done);
    }
};

// One search run to its end (or for at most `timeout`): its reports.
std::unique_ptr<Reports> search_to_the_end(HubAnalyser& analyser, const search::Limits& limits,
                                           std::chrono::seconds timeout = 10s) {
    auto reports = std::make_unique<Reports>();
    analyser.go(limits, reports->listener());
    reports->wait_for(timeout, [&] { return reports->outcome.has_value(); });
    analyser.wait();
    return reports;
}

// A Hub program written as a shell script in a temporary file: `body` runs after the greeting
// (hub ... wait, init ... ready), reading the rest of stdin.
class ScriptEngine {
public:
    ScriptEngine(const std::string& name, const std::string& params, const std::string& body) {
        path_ = std::filesystem::temp_directory_path() /
                ("kroon-hub-script-" + name + "-" + std::to_string(kroon::platform::current_process_id()));
        std::ofstream out(path_);
        out << "#!/bin/sh\n"
               "echo started >> '"
            << path_.string() << ".starts'\n"
            << "read line\necho 'id name=" << name << " version=1'\n"
            << params << "echo wait\n"
            << "while read line; do case \"$line\" in init) echo ready; break;; esac; done\n"
            << body << "\n";
        out.close();
        std::filesystem::permissions(path_, std::filesystem::perms::owner_all);
    }
    ~ScriptEngine() {
        std::filesystem::remove(path_);
        std::filesystem::remove(path_.string() + ".starts");
    }
    std::string command() const { return path_.string(); }
    int starts() const {
        std::ifstream in(path_.string() + ".starts");
        int count = 0;
        for (std::string line; std::getline(in, line);) ++count;
        return count;
    }

private:
    std::filesystem::path path_;
};

TEST(HubAnalyser, AnalysesWithAHubEngine) {
    auto analyser = HubAnalyser::start(kroon_hub, PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    EXPECT_EQ((*analyser)->name().rfind("Kroon", 0), 0u) << (*analyser)->name();
    const Game game(rulebook(Variant::International));
    (*analyser)->set_game(game);
    Reports reports;
    search::Limits limits;
    limits.depth = 6;
    limits.analysis = true;
    (*analyser)->go(limits, reports.listener());
    ASSERT_TRUE(reports.wait_for(30s, [&] { return reports.outcome.has_value(); }));
    (*analyser)->wait();
    ASSERT_FALSE(reports.iterations.empty());
    int depth = 0;
    for (const auto& it : reports.iterations) {
        EXPECT_GT(it.depth, depth);
        depth = it.depth;
        ASSERT_FALSE(it.pv.empty());
        EXPECT_TRUE(game.rules().is_legal(game.position(), it.pv.front()));
    }
    EXPECT_EQ(depth, 6);
    ASSERT_TRUE(reports.outcome->best);
    EXPECT_EQ(*reports.outcome->best, reports.iterations.back().pv.front());
    EXPECT_EQ((*analyser)->failure(), "");
}

TEST(HubAnalyser, FollowsTheGamesVariantAndTheLinesAskedFor) {
    auto analyser = HubAnalyser::start(kroon_hub, PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    Game game(rulebook(Variant::Russian));
    MoveList first_moves;
    game.rules().generate_moves(game.position(), first_moves);
    game.play(first_moves[0]);
    (*analyser)->set_game(game);
    Reports reports;
    search::Limits limits;
    limits.depth = 5;
    limits.analysis = true;
    limits.multi_pv = 3;
    (*analyser)->go(limits, reports.listener());
    ASSERT_TRUE(reports.wait_for(30s, [&] { return reports.outcome.has_value(); }));
    (*analyser)->wait();
    ASSERT_FALSE(reports.iterations.empty());
    const search::Iteration& last = reports.iterations.back();
    ASSERT_EQ(last.lines.size(), 3u);
    std::set<std::string> firsts;
    for (const search::Line& line : last.lines) {
        ASSERT_FALSE(line.pv.empty());
        // Legal in the Russian position, Black to move.
        EXPECT_TRUE(game.rules().is_legal(game.position(), line.pv.front()));
        firsts.insert(game.rules().format_move(game.position(), line.pv.front(), MoveNotation::Hub));
    }
    EXPECT_EQ(firsts.size(), 3u);
    EXPECT_EQ(last.lines.front().pv, last.pv);
}

TEST(HubAnalyser, StopEndsAnEndlessAnalysisWithItsBestMove) {
    auto analyser = HubAnalyser::start(kroon_hub, PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    Reports reports;
    search::Limits limits;
    limits.infinite = true;
    limits.analysis = true;
    (*analyser)->go(limits, reports.listener());
    ASSERT_TRUE(reports.wait_for(30s, [&] { return reports.iterations.size() >= 3; }));
    EXPECT_FALSE(reports.outcome);
    (*analyser)->stop();
    ASSERT_TRUE(reports.wait_for(5s, [&] { return reports.outcome.has_value(); }));
    (*analyser)->wait();
    EXPECT_TRUE(reports.outcome->best);
}

TEST(HubAnalyser, AProgramThatLeavesIsStartedAgainByTheNextSearch) {
    // It greets, then leaves at the first `go`.
    const ScriptEngine script("leaver", "", "while read line; do case \"$line\" in go*) exit 3;; esac; done");
    auto analyser = HubAnalyser::start(script.command(), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    EXPECT_EQ((*analyser)->name(), "leaver 1");
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    for (int search = 1; search <= 2; ++search) {
        search::Limits limits;
        limits.move_time = 1;
        const auto reports = search_to_the_end(**analyser, limits);
        ASSERT_TRUE(reports->outcome);
        EXPECT_FALSE(reports->outcome->best);
        EXPECT_EQ((*analyser)->failure(), "leaver 1 exited with status 3 during the search");
        EXPECT_EQ(script.starts(), search);
    }
}

TEST(HubAnalyser, AProgramThatIgnoresStopIsKilled) {
    const ScriptEngine script("deaf", "", "while read line; do :; done");
    auto analyser = HubAnalyser::start(script.command(), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    Reports reports;
    search::Limits limits;
    limits.infinite = true;
    (*analyser)->go(limits, reports.listener());
    std::this_thread::sleep_for(300ms);  // the search has begun: `go analyze` is sent
    (*analyser)->stop();
    const auto asked = std::chrono::steady_clock::now();
    ASSERT_TRUE(reports.wait_for(15s, [&] { return reports.outcome.has_value(); }));
    (*analyser)->wait();
    EXPECT_GE(std::chrono::steady_clock::now() - asked, 4s);
    EXPECT_FALSE(reports.outcome->best);
    EXPECT_EQ((*analyser)->failure(), "deaf 1 did not answer `stop` within 5.000 s");
}

TEST(HubAnalyser, AVariantTheProgramDoesNotOfferIsRefusedWithItsReason) {
    const ScriptEngine script("tenbyten",
                              "echo 'param name=variant value=normal type=enum values=\"normal frisian\"'\n",
                              "while read line; do :; done");
    auto analyser = HubAnalyser::start(script.command(), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::Russian)));
    search::Limits limits;
    limits.depth = 3;
    const auto reports = search_to_the_end(**analyser, limits);
    ASSERT_TRUE(reports->outcome);
    EXPECT_FALSE(reports->outcome->best);
    EXPECT_EQ((*analyser)->failure(), "tenbyten 1 does not offer the variant 'russian'");
}

TEST(HubAnalyser, AnErrorFromTheProgramEndsTheSearchWithIt) {
    // An older dialect of the protocol: it does not read Hub 2's position.
    const ScriptEngine script("old", "",
                              "while read line; do case \"$line\" in pos*) echo 'error bad position';; esac; done");
    auto analyser = HubAnalyser::start(script.command(), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    search::Limits limits;
    limits.infinite = true;
    const auto reports = search_to_the_end(**analyser, limits);
    ASSERT_TRUE(reports->outcome);
    EXPECT_FALSE(reports->outcome->best);
    EXPECT_EQ((*analyser)->failure(), "old 1 refused the search: error bad position");
}

// The fake engine of tests/support/fake_hub_engine.cpp in one of its modes. It ends itself
// after a minute whatever it does, so that a test of a defect fails instead of hanging.
std::string fake(const std::string& mode, const std::string& options = "") {
    return std::string(FAKE_HUB_ENGINE) + " " + mode + " --exit-after 60 " + options;
}

// A temporary file's path (removed when the test ends).
struct TempPath {
    explicit TempPath(const std::string& name)
        : path(std::filesystem::temp_directory_path() /
               ("kroon-hub-analyser-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove(path);
    }
    ~TempPath() { std::filesystem::remove(path); }
    int lines() const {
        std::ifstream in(path);
        int count = 0;
        for (std::string line; std::getline(in, line);) ++count;
        return count;
    }
    std::filesystem::path path;
};

// An engine that writes `info` lines as fast as it can: they are read in batches and at most
// ten iterations a second are reported, whatever the flood; `stop` still ends the search.
TEST(HubAnalyser, AFloodOfInfoLinesIsReportedAtMostTenTimesASecond) {
    auto analyser = HubAnalyser::start(fake("flood"), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    Reports reports;
    search::Limits limits;
    limits.infinite = true;
    limits.analysis = true;
    const auto began = std::chrono::steady_clock::now();
    (*analyser)->go(limits, reports.listener());
    std::this_thread::sleep_for(2s);
    (*analyser)->stop();
    ASSERT_TRUE(reports.wait_for(5s, [&] { return reports.outcome.has_value(); })) << "no answer to stop";
    (*analyser)->wait();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    ASSERT_FALSE(reports.iterations.empty());
    EXPECT_LE(static_cast<double>(reports.iterations.size()), 2 + seconds * 10);  // ten a second
    EXPECT_GT(reports.iterations.back().nodes, 1000u) << "the lines read were the latest ones";
    ASSERT_TRUE(reports.outcome->best);
    EXPECT_EQ((*analyser)->failure(), "");
}

// An iteration of 20,000 lines when three were asked for: three are kept.
TEST(HubAnalyser, OnlyTheLinesAskedForAreKept) {
    auto analyser = HubAnalyser::start(fake("multipv-flood", "--lines 20000"), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    Reports reports;
    search::Limits limits;
    limits.infinite = true;
    limits.analysis = true;
    limits.multi_pv = 3;
    (*analyser)->go(limits, reports.listener());
    ASSERT_TRUE(reports.wait_for(10s, [&] { return reports.iterations.size() >= 2; }));
    (*analyser)->stop();
    ASSERT_TRUE(reports.wait_for(5s, [&] { return reports.outcome.has_value(); }));
    (*analyser)->wait();
    for (const search::Iteration& it : reports.iterations) {
        ASSERT_EQ(it.lines.size(), 3u);
        EXPECT_EQ(it.lines.front().pv, it.pv);
    }
}

// An engine that stops reading its input (it writes `done` without end): a write that finds
// its pipe full waits a moment, not for ever; the engine is dropped and the next search
// starts another. Every one of 1,500 searches is answered.
TEST(HubAnalyser, AProgramThatStopsReadingIsDroppedNotWaitedFor) {
    auto analyser = HubAnalyser::start(fake("mute"), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    int answered = 0, dropped = 0;
    for (int search = 1; search <= 1500; ++search) {
        Reports reports;
        search::Limits limits;
        limits.move_time = 1;
        (*analyser)->go(limits, reports.listener());
        ASSERT_TRUE(reports.wait_for(10s, [&] { return reports.outcome.has_value(); }))
            << "search " << search << " got no answer";
        (*analyser)->wait();
        if (reports.outcome->best) ++answered;
        const std::string failure = (*analyser)->failure();
        if (!failure.empty()) {
            EXPECT_EQ(failure, "Fake 1.0 stopped reading its input (nothing read for 2.000 s) before the search");
            ++dropped;
        }
    }
    EXPECT_GE(dropped, 1);
    EXPECT_EQ(answered + dropped, 1500);
}

// An engine that leaves after its first search is started again once: the program started
// again serves every later search (it no longer dies with the thread that started it).
TEST(HubAnalyser, AProgramStartedAgainServesTheLaterSearches) {
    const TempPath starts("starts"), once("once");
    auto analyser = HubAnalyser::start(
        fake("die-after-first-search", "--starts " + starts.path.string() + " --once " + once.path.string()),
        PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    for (int search = 1; search <= 5; ++search) {
        search::Limits limits;
        limits.move_time = 0.5;
        const auto reports = search_to_the_end(**analyser, limits);
        ASSERT_TRUE(reports->outcome);
        EXPECT_TRUE(reports->outcome->best) << "search " << search << ": " << (*analyser)->failure();
        if (search == 1) std::this_thread::sleep_for(300ms);  // it has left
    }
    EXPECT_EQ(starts.lines(), 2);
}

// Numbers no engine could mean (nodes=1e18, time=1e-300, inf, nan, depths of 20 digits, scores
// beyond a win) are not taken: an iteration's numbers are finite and in range.
TEST(HubAnalyser, AbsurdNumbersAreNotTaken) {
    auto analyser = HubAnalyser::start(fake("absurd"), PlayerSettings{});
    ASSERT_TRUE(analyser) << analyser.error();
    (*analyser)->set_game(Game(rulebook(Variant::International)));
    search::Limits limits;
    limits.move_time = 1;
    limits.analysis = true;
    const auto reports = search_to_the_end(**analyser, limits);
    ASSERT_TRUE(reports->outcome);
    ASSERT_FALSE(reports->iterations.empty());
    for (const search::Iteration& it : reports->iterations) {
        EXPECT_TRUE(std::isfinite(it.seconds) && it.seconds >= 0 && it.seconds <= 366.0 * 24 * 3600) << it.seconds;
        EXPECT_LT(it.nodes, std::uint64_t{1} << 63);
        EXPECT_LT(it.nodes, 1000000000000000000u) << "nodes=1e18 is no count";
        EXPECT_GE(it.depth, 0);
        EXPECT_LE(it.depth, 1000);
        EXPECT_LE(std::abs(it.score), search::win_score);
        EXPECT_LE(it.lines.size(), 1u);
    }
}

TEST(HubAnalyser, AProgramThatDoesNotStartIsAnError) {
    const auto analyser = HubAnalyser::start("/nonexistent/engine hub", PlayerSettings{});
    ASSERT_FALSE(analyser);
    EXPECT_NE(analyser.error().find("before `wait`"), std::string::npos) << analyser.error();
}

}  // namespace
}  // namespace kroon::players
