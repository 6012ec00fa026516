// The signals a program meets from outside: a person's Ctrl+C, a system that stops it, a
// pipe or socket whose reader has gone.
#pragma once

#include <atomic>

namespace kroon::platform {

// From now on Ctrl+C and the system's request to stop (POSIX: SIGINT, SIGTERM, SIGHUP;
// Windows: the console's Ctrl+C, Ctrl+Break and close) set the returned flag instead of ending
// the program, which then stops in order (a match writes its records). The flag starts false.
const std::atomic<bool>& stop_on_signals();

// Writing to a pipe or socket whose reader has gone fails as a write, instead of ending the
// program (POSIX: SIGPIPE ignored; Windows has no such signal).
void ignore_broken_pipes();

}  // namespace kroon::platform
