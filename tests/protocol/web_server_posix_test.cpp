// `kroon serve` out of file descriptors, which only a POSIX system lets a test bring about
// (setrlimit): the server pauses accepting and serves again once descriptors are free.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include "protocol/web/server.hpp"
#include "tests/protocol/web_server_fixture.hpp"

namespace kroon::web {
namespace {

using test::RunningServer;
using namespace std::chrono_literals;

// A blocking TCP connection to the server, or -1.
int connect_to(unsigned short port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

double cpu_seconds_of_this_process() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return seconds(u.ru_utime) + seconds(u.ru_stime);
}

// Out of file descriptors, the server pauses accepting (no spinning core, a few log lines)
// and serves the waiting connection once descriptors are free again.
TEST(WebServer, OutOfDescriptorsItPausesAcceptingAndServesAfter) {
    std::ostringstream log;
    const auto previous = spdlog::default_logger();
    spdlog::set_default_logger(
        std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::ostream_sink_mt>(log)));
    {
        ServerConfig config;
        config.max_connections = 1000;
        RunningServer s(config);
        rlimit saved{};
        ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &saved), 0);
        std::vector<int> fillers;
        for (int fd; (fd = ::open("/dev/null", O_RDONLY)) >= 0 && fillers.size() < 100000;) fillers.push_back(fd);
        // Every descriptor taken but one, which the connection takes: the server cannot accept it.
        rlimit tight = saved;
        tight.rlim_cur = static_cast<rlim_t>(fillers.back() + 1);
        ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &tight), 0);
        ::close(fillers.back());
        fillers.pop_back();
        const int waiting = connect_to(s.port());
        ASSERT_GE(waiting, 0);
        std::this_thread::sleep_for(200ms);
        const double before = cpu_seconds_of_this_process();
        std::this_thread::sleep_for(2s);
        EXPECT_LT(cpu_seconds_of_this_process() - before, 0.3);  // spinning: about 2 s
        for (const int fd : fillers) ::close(fd);
        ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &saved), 0);

        const std::string get = "GET / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(s.port()) + "\r\n\r\n";
        ASSERT_EQ(::send(waiting, get.data(), get.size(), MSG_NOSIGNAL), static_cast<ssize_t>(get.size()));
        pollfd p{waiting, POLLIN, 0};
        ASSERT_EQ(::poll(&p, 1, 5000), 1);
        char head[16] = {};
        EXPECT_GT(::recv(waiting, head, sizeof head - 1, 0), 0);
        EXPECT_EQ(std::string(head).substr(0, 12), "HTTP/1.1 200");
        ::close(waiting);
    }
    spdlog::set_default_logger(previous);
    int failures = 0;
    for (size_t at = log.str().find("accept failed"); at != std::string::npos;
         at = log.str().find("accept failed", at + 1))
        ++failures;
    EXPECT_GE(failures, 1) << log.str();
    EXPECT_LE(failures, 6) << log.str();
}

}  // namespace
}  // namespace kroon::web
