// The Hub front end as a program: one Session on the GUI's stdin and stdout, every line in
// and out logged when asked (docs/protocols.md, Hub 1). `kroon hub` runs it.
#pragma once

#include <iosfwd>
#include <string>

#include <utility>
#include <vector>

namespace kroon::hub {

struct ProgramOptions {
    std::string log_file;  // append every protocol line here ("" = only when set-param log asks)
    // Engine options to start with (play/options.hpp), e.g. {"egdb", folder}.
    std::vector<std::pair<std::string, std::string>> engine_options;
};

// Serves until `quit` or the end of the input; returns the exit status (0, or 1 when the
// log file cannot be opened).
int run_program(const ProgramOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace kroon::hub
