#include "platform/terminal.hpp"

#include <windows.h>

namespace kroon::platform {

// A console has a console mode; the NUL device, which _isatty also calls a terminal, has not.
bool is_terminal(StandardStream stream) {
    const DWORD which = stream == StandardStream::In    ? STD_INPUT_HANDLE
                        : stream == StandardStream::Out ? STD_OUTPUT_HANDLE
                                                        : STD_ERROR_HANDLE;
    DWORD mode = 0;
    return GetConsoleMode(GetStdHandle(which), &mode) != 0;
}

}  // namespace kroon::platform
