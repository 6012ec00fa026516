#include "platform/folders.hpp"

#include <cstdlib>

namespace kroon::platform {
namespace {

// Read as UTF-16: a user name outside the code page still gives the right folder.
std::optional<std::filesystem::path> environment_folder(const wchar_t* name) {
    const wchar_t* value = _wgetenv(name);
    if (!value || *value == L'\0') return std::nullopt;
    return std::filesystem::path(value);
}

}  // namespace

std::optional<std::filesystem::path> cache_folder() {
    if (const auto local = environment_folder(L"LOCALAPPDATA")) return *local / "kroon";
    return std::nullopt;
}

std::optional<std::filesystem::path> home_folder() { return environment_folder(L"USERPROFILE"); }

}  // namespace kroon::platform
