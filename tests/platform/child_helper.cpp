// A stand-in engine for the child-process tests, the same program on every system:
//   child_helper sleep          prints its process id, then sleeps five minutes
//   child_helper echo           answers each line with the same line; "quit" exits with status 3
//   child_helper hang           reads its input and never answers
//   child_helper crash          prints "crashing" and dies of an access violation / SIGSEGV
//   child_helper abandon        starts `child_helper sleep` as its own engine, prints that
//                               child's process id and ends at once, without cleaning up
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "platform/child_process.hpp"
#include "platform/process.hpp"
#include "platform/program_arguments.hpp"

namespace {

void say(const std::string& line) {
    std::cout << line << std::endl;  // flushed: the test reads it through a pipe
}

}  // namespace

int main(int argc, char** argv) {
    using namespace kroon::platform;
    const auto args = program_arguments(argc, argv);
    const std::string mode = args.empty() ? "" : args[0];
    if (mode == "sleep") {
        say(std::to_string(current_process_id()));
        std::this_thread::sleep_for(std::chrono::minutes(5));
        return 0;
    }
    if (mode == "echo") {
        for (std::string line; std::getline(std::cin, line);) {
            if (line == "quit") return 3;
            say(line);
        }
        return 0;
    }
    if (mode == "hang") {
        for (std::string line; std::getline(std::cin, line);) {}
        std::this_thread::sleep_for(std::chrono::minutes(5));
        return 0;
    }
    if (mode == "crash") {
        say("crashing");
        std::raise(SIGSEGV);
        return 0;
    }
    if (mode == "abandon") {
        auto child = ChildProcess::start(command_line({argv[0], "sleep"}));
        if (!child) {
            say("cannot start: " + child.error());
            return 1;
        }
        std::string pid;
        if ((*child)->read_line(pid, 30) != ChildProcess::Read::Line) return 1;
        say(pid);
        std::_Exit(0);  // no destructor runs: only the system can end the child now
    }
    std::cerr << "usage: child_helper sleep|echo|hang|crash|abandon\n";
    return 2;
}
