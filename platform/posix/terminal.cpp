#include "platform/terminal.hpp"

#include <unistd.h>

namespace kroon::platform {

bool is_terminal(StandardStream stream) {
    const int fd = stream == StandardStream::In    ? STDIN_FILENO
                   : stream == StandardStream::Out ? STDOUT_FILENO
                                                   : STDERR_FILENO;
    return ::isatty(fd) != 0;
}

}  // namespace kroon::platform
