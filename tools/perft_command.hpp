// `kroon perft` and `kroon divide`: count the legal move tree, with timing.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::tools {

int run_perft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_divide(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::tools
