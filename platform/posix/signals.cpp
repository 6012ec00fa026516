#include "platform/signals.hpp"

#include <signal.h>

namespace kroon::platform {
namespace {

std::atomic<bool> stop_signalled{false};
void on_stop_signal(int) { stop_signalled.store(true); }

}  // namespace

const std::atomic<bool>& stop_on_signals() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);
    stop_signalled.store(false);
    return stop_signalled;
}

void ignore_broken_pipes() { ::signal(SIGPIPE, SIG_IGN); }

}  // namespace kroon::platform
