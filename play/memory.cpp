#include "play/memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace kroon::play {
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

std::uint64_t usable_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    std::uint64_t usable = pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * page_size : 0;
    const auto take = [&](std::uint64_t limit) { usable = usable == 0 ? limit : std::min(usable, limit); };
    std::ifstream in("/proc/self/cgroup");
    std::stringstream text;
    text << in.rdbuf();
    if (const auto limit = cgroup_memory_limit(text.str(), "/sys/fs/cgroup")) take(*limit);
    struct rlimit space {};
    if (::getrlimit(RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY) take(space.rlim_cur);
    return usable;
}

int affordable_hash_mib(int mib) {
    const std::uint64_t usable = usable_memory_bytes();
    if (usable == 0) return mib;
    const long long half = static_cast<long long>(usable / 2 >> 20);
    while (mib > 1 && mib > half) mib /= 2;
    return std::max(mib, 1);
}

}  // namespace kroon::play
