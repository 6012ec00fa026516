// `kroon match`: engine-vs-engine matches and round-robin tournaments (tools/match).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::tools {

int run_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::tools
