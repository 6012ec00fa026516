// An engine as a child process on every system, with a stand-in engine (child_helper.cpp):
// lines both ways, a hung engine timed out and killed, a write to one that stops reading
// given up in time, a crash and an exit status reported,
// and the guarantee that an engine ends with the program that started it however that ends.
#include "platform/child_process.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "platform/process.hpp"

namespace kroon::platform {
namespace {

std::string helper(const std::string& mode) { return command_line({KROON_CHILD_HELPER, mode}); }

bool ends_within(long pid, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (process_running(pid)) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

TEST(ChildProcessEverywhere, LinesGoBothWaysAndTheExitStatusIsReported) {
    auto child = ChildProcess::start(helper("echo"));
    ASSERT_TRUE(child.ok()) << child.error();
    ChildProcess& c = **child;
    std::string line;
    for (const std::string sent : {"hub", "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", ""}) {
        ASSERT_TRUE(c.send(sent));
        ASSERT_EQ(c.read_line(line, 10), ChildProcess::Read::Line);
        EXPECT_EQ(line, sent);  // no "\r" left over, whatever the system's line end
    }
    ASSERT_TRUE(c.send("quit"));
    EXPECT_EQ(c.read_line(line, 10), ChildProcess::Read::Closed);
    ASSERT_TRUE(c.wait_exit(10));
    EXPECT_EQ(c.exit_code(), 3);
    EXPECT_EQ(c.exit_description(), "exited with status 3");
    EXPECT_FALSE(c.send("anyone there?"));
}

TEST(ChildProcessEverywhere, AHungEngineTimesOutAndIsKilled) {
    auto child = ChildProcess::start(helper("hang"));
    ASSERT_TRUE(child.ok()) << child.error();
    ChildProcess& c = **child;
    ASSERT_TRUE(c.send("go think"));
    std::string line;
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(c.read_line(line, 0.5), ChildProcess::Read::Timeout);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    EXPECT_TRUE(c.running());
    EXPECT_EQ(c.exit_description(), "still running");
    c.kill();
    EXPECT_FALSE(c.running());
    EXPECT_TRUE(ends_within(c.pid(), std::chrono::seconds(10)));
    EXPECT_NE(c.exit_description().find("killed"), std::string::npos) << c.exit_description();
}

// A program that stops reading cannot hold the thread that writes to it: once its pipe is
// full, a line waits at most its deadline, and the program's input is closed.
TEST(ChildProcessEverywhere, AWriteToAProgramThatStopsReadingGivesUpInTime) {
    auto child = ChildProcess::start(helper("sleep"));  // says its id, then never reads
    ASSERT_TRUE(child.ok()) << child.error();
    ChildProcess& c = **child;
    std::string line;
    ASSERT_EQ(c.read_line(line, 30), ChildProcess::Read::Line);
    const std::string long_line(4096, 'x');
    const auto start = std::chrono::steady_clock::now();
    int sent = 0;
    while (sent < 4096 && c.send(long_line, 0.5)) ++sent;  // 16 MiB: more than any pipe holds
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_LT(sent, 4096);
    EXPECT_TRUE(c.input_stalled());
    EXPECT_LT(took, std::chrono::seconds(10));
    EXPECT_FALSE(c.send("anyone there?"));  // no line follows one cut short
    EXPECT_TRUE(c.running());
    c.kill();
}

TEST(ChildProcessEverywhere, ACrashIsReportedAsOne) {
    auto child = ChildProcess::start(helper("crash"));
    ASSERT_TRUE(child.ok()) << child.error();
    ChildProcess& c = **child;
    std::string line;
    ASSERT_EQ(c.read_line(line, 10), ChildProcess::Read::Line);
    EXPECT_EQ(line, "crashing");
    EXPECT_EQ(c.read_line(line, 10), ChildProcess::Read::Closed);
    ASSERT_TRUE(c.wait_exit(10));
    ASSERT_TRUE(c.exit_code().has_value());
    EXPECT_NE(*c.exit_code(), 0);
    EXPECT_EQ(c.exit_description().find("exited with status 0"), std::string::npos) << c.exit_description();
}

TEST(ChildProcessEverywhere, AProgramThatCannotStartIsAnErrorOrAFailedExit) {
    // POSIX: the shell starts and says "not found" with status 127; Windows: CreateProcess fails.
    auto child = ChildProcess::start(command_line({"kroon-no-such-program-anywhere", "hub"}));
    if (!child) {
        EXPECT_NE(child.error().find("kroon-no-such-program-anywhere"), std::string::npos) << child.error();
        return;
    }
    ASSERT_TRUE((*child)->wait_exit(10));
    EXPECT_EQ((*child)->exit_code(), 127);
}

// The match runner killed outright (a crash, the task manager, kill -9): no destructor runs,
// and the engine it started must end all the same (PR_SET_PDEATHSIG; the job object closing
// with its last handle on Windows).
TEST(ChildProcessEverywhere, AnEngineEndsWhenTheProgramThatStartedItDies) {
    auto parent = ChildProcess::start(helper("abandon"));
    ASSERT_TRUE(parent.ok()) << parent.error();
    std::string line;
    ASSERT_EQ((*parent)->read_line(line, 30), ChildProcess::Read::Line);
    const long engine = std::stol(line);
    ASSERT_GT(engine, 0) << line;
    ASSERT_TRUE((*parent)->wait_exit(30));
    EXPECT_TRUE(ends_within(engine, std::chrono::seconds(10))) << "engine " << engine << " outlived its parent";
}

// What an engine left running after it exited does not outlive the engine: kill() (and the
// destructor) end it, and a read says Closed instead of waiting on the pipe it holds.
TEST(ChildProcessEverywhere, TheDestructorEndsWhatTheEngineStarted) {
    long sleeper = 0;
    {
        auto child = ChildProcess::start(helper("sleep"));
        ASSERT_TRUE(child.ok()) << child.error();
        std::string line;
        ASSERT_EQ((*child)->read_line(line, 30), ChildProcess::Read::Line);
        sleeper = std::stol(line);
        EXPECT_TRUE(process_running(sleeper));
    }
    EXPECT_TRUE(ends_within(sleeper, std::chrono::seconds(10)));
}

}  // namespace
}  // namespace kroon::platform
