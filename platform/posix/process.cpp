#include "platform/process.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>

namespace kroon::platform {

long current_process_id() { return static_cast<long>(::getpid()); }

bool process_running(long id) {
    if (id <= 0) return false;
    if (::kill(static_cast<pid_t>(id), 0) != 0 && errno != EPERM) return false;  // EPERM: another user's
    // A zombie has ended; it only waits for its parent (or, orphaned, for init) to reap it.
    std::ifstream stat("/proc/" + std::to_string(id) + "/stat");
    const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const std::size_t paren = text.rfind(')');
    return !(paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z');
}

double process_cpu_seconds() {
    std::timespec used{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used);
    return static_cast<double>(used.tv_sec) + static_cast<double>(used.tv_nsec) * 1e-9;
}

}  // namespace kroon::platform
