#include "platform/folders.hpp"

#include <cstdlib>
#include <string>

namespace kroon::platform {
namespace {

std::optional<std::filesystem::path> environment_folder(const char* name) {
    const char* value = std::getenv(name);
    if (!value || *value == '\0') return std::nullopt;
    return std::filesystem::path(value);
}

}  // namespace

std::optional<std::filesystem::path> cache_folder() {
    if (const auto cache = environment_folder("XDG_CACHE_HOME")) return *cache / "kroon";
    if (const auto home = environment_folder("HOME")) return *home / ".cache" / "kroon";
    return std::nullopt;
}

std::optional<std::filesystem::path> home_folder() { return environment_folder("HOME"); }

}  // namespace kroon::platform
