// The Hub front end as a program: one Session on the GUI's stdin and stdout, every line in
// and out logged when asked (docs/protocols.md, Hub 1). `kroon hub` runs it.
#pragma once

#include <iosfwd>
#include <string>

#include "eval/evaluate.hpp"

namespace kroon::hub {

struct ProgramOptions {
    std::string log_file;  // append every protocol line here ("" = only when set-param log asks)
    eval::Evaluation evaluation;
    std::string eval_file;  // where evaluation.file came from
    std::string egdb_path;  // the endgame databases' folder egdb-path starts with ("" for none)
};

// Serves until `quit` or the end of the input; returns the exit status (0, or 1 when the
// log file cannot be opened).
int run_program(const ProgramOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace kroon::hub
