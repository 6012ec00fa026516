// `kroon console` (and `kroon` with no arguments): the interactive console on stdin/stdout.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::tools {

int run_console(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::tools
