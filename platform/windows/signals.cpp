#include "platform/signals.hpp"

#include <windows.h>

namespace kroon::platform {
namespace {

std::atomic<bool> stop_signalled{false};

// Runs on a thread of its own that the system starts. Ctrl+C and Ctrl+Break are taken; the
// console's close, logoff and shutdown also end the process when the handler returns, so the
// handler gives the program a moment to stop in order.
BOOL WINAPI on_console_event(DWORD event) {
    stop_signalled.store(true);
    if (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT) return TRUE;
    Sleep(2000);
    return TRUE;
}

}  // namespace

const std::atomic<bool>& stop_on_signals() {
    static const bool installed = SetConsoleCtrlHandler(on_console_event, TRUE) != 0;
    (void)installed;
    stop_signalled.store(false);
    return stop_signalled;
}

void ignore_broken_pipes() {}  // a write to a closed pipe or socket fails with an error there

}  // namespace kroon::platform
