#include "egdb/cache.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "egdb/database.hpp"
#include "platform/folders.hpp"

namespace kroon::egdb {
namespace {

std::optional<std::string> environment(const char* name) {
    const char* value = std::getenv(name);
    if (!value) return std::nullopt;
    return std::string(value);
}

}  // namespace

std::optional<std::filesystem::path> cache_folder() {
    if (const auto chosen = environment("KROON_EGDB")) {
        if (chosen->empty() || *chosen == "none") return std::nullopt;
        return std::filesystem::path(*chosen);
    }
    if (const auto kroon = platform::cache_folder()) return *kroon / "egdb";
    return std::nullopt;
}

bool holds_databases(const std::filesystem::path& folder, Variant variant, int pieces) {
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) return false;
    const auto db = Database::open(folder, variant);
    if (db->complete_pieces() < pieces) return false;
    const auto slices = slices_up_to(pieces);
    return std::all_of(slices.begin(), slices.end(), [&](const Material& m) { return db->distances(m); });
}

}  // namespace kroon::egdb
