// ChildProcess teardown on POSIX: nothing an engine started through the shell, in the
// background, outlives it (its process group is killed).
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "platform/child_process.hpp"

namespace kroon::platform {
namespace {

// Gone, or a zombie waiting for init to reap it: either way no longer running.
bool has_ended(pid_t pid) {
    if (::kill(pid, 0) != 0) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t paren = text.rfind(')');
    return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z';
}

bool ends_within(pid_t pid, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!has_ended(pid)) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

TEST(ChildProcess, KillEndsTheGroupAfterTheChildItselfHasExited) {
    // The engine's shell leaves a grandchild behind and exits at once.
    auto child = ChildProcess::start("sh -c 'sleep 300 & echo $!; exit 0'");
    ASSERT_TRUE(child.ok()) << child.error();
    std::string line;
    ASSERT_EQ((*child)->read_line(line, 10), ChildProcess::Read::Line);
    const pid_t orphan = static_cast<pid_t>(std::stol(line));
    ASSERT_GT(orphan, 0);
    ASSERT_TRUE((*child)->wait_exit(10));
    EXPECT_EQ((*child)->exit_code(), 0);
    (*child)->kill();
    const bool ended = ends_within(orphan, std::chrono::seconds(10));
    EXPECT_TRUE(ended) << "sleep " << orphan << " outlived its engine";
    if (!ended) ::kill(orphan, SIGKILL);
}

TEST(ChildProcess, ReadingFromAnExitedChildEndsWhenItsLeftoversHoldThePipe) {
    // The engine has gone: the read must say so (Closed), not wait out its timeout because a
    // background process still holds the pipe.
    auto child = ChildProcess::start("sh -c 'sleep 60 & exit 0'");
    ASSERT_TRUE(child.ok()) << child.error();
    std::string line;
    EXPECT_EQ((*child)->read_line(line, 30), ChildProcess::Read::Closed);
    EXPECT_EQ((*child)->exit_description(), "exited with status 0");
}

TEST(ChildProcess, DestructorEndsTheGroupToo) {
    pid_t orphan = 0;
    {
        auto child = ChildProcess::start("sh -c 'sleep 300 & echo $!; exit 0'");
        ASSERT_TRUE(child.ok()) << child.error();
        std::string line;
        ASSERT_EQ((*child)->read_line(line, 10), ChildProcess::Read::Line);
        orphan = static_cast<pid_t>(std::stol(line));
        ASSERT_TRUE((*child)->wait_exit(10));
    }
    const bool ended = ends_within(orphan, std::chrono::seconds(10));
    EXPECT_TRUE(ended) << "sleep " << orphan << " outlived its engine";
    if (!ended) ::kill(orphan, SIGKILL);
}

}  // namespace
}  // namespace kroon::platform
