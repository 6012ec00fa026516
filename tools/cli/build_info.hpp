// What this program is and how it was built, for `kroon --version` and bug reports.
#pragma once

#include <string>

namespace kroon::cli {

struct BuildInfo {
    std::string version;   // "0.1.0"
    std::string commit;    // "01cf5d9c1a2b", "-modified" added for a changed tree, or "unknown"
    std::string level;     // the instruction-set level: "native", "x86-64-v3", ...
    std::string compiler;  // "GCC 12.2.0"
    std::string system;    // "Linux x86_64", "Windows x86_64"
    std::string date;      // "2025-01-31", the day it was built (UTC)
};

const BuildInfo& build_info();

// The text of `kroon --version`: several lines, the last without its newline.
std::string version_text(const BuildInfo& info);

}  // namespace kroon::cli
