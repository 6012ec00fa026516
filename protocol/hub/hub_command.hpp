// `kroon hub [--log FILE]`: the Hub protocol on stdin/stdout, as GUIs and bots start Scan
// (`scan hub`). Reads commands until `quit` or EOF. With --log every protocol line in (`>`)
// and out (`<`) is written to FILE through spdlog, as are warnings; stdout carries protocol
// lines only.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kroon::hub {

int run_hub(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace kroon::hub
