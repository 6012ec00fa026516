// The control groups' limits: plain file reading, the same on every system.
#include "platform/memory.hpp"

#include <fstream>
#include <sstream>

namespace kroon::platform {
namespace {

// A limit file's number; "max" (v2) and v1's huge "no limit" value are no limit.
std::optional<std::uint64_t> read_limit(const std::filesystem::path& file) {
    std::ifstream in(file);  // a kernel file, not outside input
    std::string text;
    if (!(in >> text) || text == "max") return std::nullopt;
    try {
        const auto value = std::stoull(text);
        if (value >= (std::uint64_t{1} << 62)) return std::nullopt;
        return value;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The tightest limit in `file_name` from `group` (below `base`) up to `base` itself.
std::optional<std::uint64_t> tightest_up(const std::filesystem::path& base, std::string group, const char* file_name) {
    std::optional<std::uint64_t> tightest;
    for (;;) {
        const auto limit = read_limit(base / std::filesystem::path(group).relative_path() / file_name);
        if (limit && (!tightest || *limit < *tightest)) tightest = limit;
        if (group.empty() || group == "/") break;
        const auto slash = group.rfind('/');
        group = slash == std::string::npos || slash == 0 ? "/" : group.substr(0, slash);
    }
    return tightest;
}

}  // namespace

std::optional<std::uint64_t> cgroup_memory_limit(const std::string& proc_self_cgroup,
                                                 const std::filesystem::path& root) {
    std::optional<std::uint64_t> tightest;
    const auto take = [&](std::optional<std::uint64_t> limit) {
        if (limit && (!tightest || *limit < *tightest)) tightest = limit;
    };
    std::istringstream lines(proc_self_cgroup);
    for (std::string line; std::getline(lines, line);) {
        // "ID:CONTROLLERS:PATH"; v2 has the id 0 and no controllers.
        const auto first = line.find(':');
        const auto second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        const std::string group = line.substr(second + 1);
        if (line.substr(0, first) == "0" && controllers.empty()) take(tightest_up(root, group, "memory.max"));
        std::istringstream names(controllers);
        for (std::string name; std::getline(names, name, ',');)
            if (name == "memory") take(tightest_up(root / "memory", group, "memory.limit_in_bytes"));
    }
    return tightest;
}

}  // namespace kroon::platform
