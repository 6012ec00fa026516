// The interactive console: a person plays against Kroon, or watches it play itself, at a
// terminal; a script can drive the same commands line by line through a pipe.
#pragma once

#include <istream>
#include <memory>
#include <ostream>

#include <string>
#include <utility>
#include <vector>

#include "engine/rules/variant.hpp"

namespace kroon::console {

struct ConsoleOptions {
    // A person at a terminal: the prompt is printed and the terminal echoes what is typed.
    // Otherwise (a pipe or a test) each line read is echoed after the prompt, so the output
    // reads as a transcript.
    bool interactive = false;
    Variant variant = Variant::International;
    // Engine options (play/options.hpp), already checked: threads, hash, eval, egdb, ...
    std::vector<std::pair<std::string, std::string>> engine_options;
};

// Runs commands from `in` until `quit` or the end of the input. Returns the exit status (0).
int run_console(std::istream& in, std::ostream& out, const ConsoleOptions& options = {});

}  // namespace kroon::console
