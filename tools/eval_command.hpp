// `kroon eval`: the evaluation of a position, term by term.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::tools {

int run_eval_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::tools
