// `kroon bench`: the fixed bench (tools/bench.hpp) with its node signature and speed.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::tools {

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::tools
