// `kroon variants`: the supported variants and their main rules, one line each.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::tools {

int run_variants(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::tools
