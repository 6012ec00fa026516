// Helpers for the DXP loopback tests: start `kroon dxp` as a child process (stdout on a pipe,
// stderr to a file), and a raw TCP client that speaks NUL-framed text. Loopback only.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

extern char** environ;

namespace kroon::dxp::test {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

inline std::string read_file(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline int count_of(const std::string& text, const std::string& needle) {
    int n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

// A fresh directory per test for PDN files, logs and stderr. It is removed when the test
// passes and kept when it fails, for the files that tell why.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& name)
        : path_(fs::temp_directory_path() / ("kroon_dxp_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        if (!::testing::Test::HasFailure()) fs::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    operator const fs::path&() const { return path_; }
    friend fs::path operator/(const ScratchDir& dir, const fs::path& file) { return dir.path_ / file; }

private:
    fs::path path_;
};

class Process {
public:
    Process(const std::vector<std::string>& args, const fs::path& stderr_file) {
        int fds[2];
        if (::pipe(fds) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, fds[0]);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        std::vector<char*> argv;
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        out_ = fds[0];
    }
    ~Process() {
        if (pid_ > 0 && !exited_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        if (out_ >= 0) ::close(out_);
    }
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    bool started() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

    // The next line the process writes on stdout, within `timeout`.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout) {
        const auto until = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
            if (left.count() <= 0) return std::nullopt;
            pollfd p{out_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
            char chunk[256];
            const ssize_t n = ::read(out_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<size_t>(n));
        }
    }

    // Port from the "listening on HOST:PORT" line.
    int listening_port(std::chrono::milliseconds timeout = 10s) {
        const auto line = read_line(timeout);
        if (!line || line->rfind("listening on ", 0) != 0) return -1;
        return std::stoi(line->substr(line->rfind(':') + 1));
    }

    // Exit status, or nullopt if the process is still running after `timeout`.
    std::optional<int> wait(std::chrono::milliseconds timeout) {
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (!exited_) {
            int status = 0;
            const pid_t r = ::waitpid(pid_, &status, WNOHANG);
            if (r == pid_) {
                exited_ = true;
                status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
                break;
            }
            if (std::chrono::steady_clock::now() > until) return std::nullopt;
            std::this_thread::sleep_for(10ms);
        }
        return status_;
    }

    // SIGTERM, then the exit status (SIGKILL after `timeout`).
    std::optional<int> terminate(std::chrono::milliseconds timeout = 10s) {
        if (pid_ <= 0 || exited_) return status_;
        ::kill(pid_, SIGTERM);
        return wait(timeout);
    }

    bool running() {
        if (exited_) return false;
        return !wait(0ms).has_value();
    }

private:
    pid_t pid_ = -1;
    int out_ = -1;
    std::string buffer_;
    bool exited_ = false;
    int status_ = -1;
};

// A DXP peer written by hand: raw bytes out, NUL-framed messages in.
class RawClient {
public:
    explicit RawClient(int port, const char* address = "127.0.0.1") {
        const bool v6 = std::string(address).find(':') != std::string::npos;
        fd_ = ::socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
        if (fd_ < 0) return;
        int rc = -1;
        if (v6) {
            sockaddr_in6 a{};
            a.sin6_family = AF_INET6;
            a.sin6_port = htons(static_cast<uint16_t>(port));
            ::inet_pton(AF_INET6, address, &a.sin6_addr);
            rc = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
        } else {
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(static_cast<uint16_t>(port));
            ::inet_pton(AF_INET, address, &a.sin_addr);
            rc = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
        }
        if (rc != 0) {
            ::close(fd_);
            fd_ = -1;
        }
        int one = 1;
        if (fd_ >= 0) ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    ~RawClient() { close(); }
    RawClient(const RawClient&) = delete;
    RawClient& operator=(const RawClient&) = delete;

    bool connected() const { return fd_ >= 0; }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

    bool send_bytes(const std::string& bytes) {
        size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += static_cast<size_t>(n);
        }
        return true;
    }
    bool send(const std::string& message) { return send_bytes(message + std::string(1, '\0')); }

    // The next whole message, or nullopt on timeout or when the peer closed.
    std::optional<std::string> receive(std::chrono::milliseconds timeout = 10s) {
        const auto until = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            if (const size_t nul = buffer_.find('\0'); nul != std::string::npos) {
                std::string m = buffer_.substr(0, nul);
                buffer_.erase(0, nul + 1);
                return m;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
            if (left.count() <= 0 || fd_ < 0) return std::nullopt;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
            char chunk[512];
            const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
            if (n <= 0) {
                closed_by_peer_ = true;
                return std::nullopt;
            }
            buffer_.append(chunk, static_cast<size_t>(n));
        }
    }
    // The next message that is not a CHAT (chats are collected).
    std::optional<std::string> receive_non_chat(std::chrono::milliseconds timeout = 10s) {
        for (;;) {
            auto m = receive(timeout);
            if (!m || m->empty() || (*m)[0] != 'C') return m;
            chats.push_back(*m);
        }
    }
    bool closed_by_peer() const { return closed_by_peer_; }

    std::vector<std::string> chats;

private:
    int fd_ = -1;
    std::string buffer_;
    bool closed_by_peer_ = false;
};

}  // namespace kroon::dxp::test
