// Kroon's cache folder on POSIX: $XDG_CACHE_HOME/kroon, else $HOME/.cache/kroon.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "platform/environment.hpp"
#include "platform/folders.hpp"

namespace kroon::platform {
namespace {

std::optional<std::string> saved(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
}

TEST(Folders, TheCacheFolderFollowsXdgThenHome) {
    const auto xdg = saved("XDG_CACHE_HOME"), home = saved("HOME");
    set_environment("HOME", "/home/someone");
    set_environment("XDG_CACHE_HOME", std::nullopt);
    EXPECT_EQ(cache_folder(), std::filesystem::path("/home/someone/.cache/kroon"));
    EXPECT_EQ(home_folder(), std::filesystem::path("/home/someone"));
    set_environment("XDG_CACHE_HOME", "/var/cache/someone");
    EXPECT_EQ(cache_folder(), std::filesystem::path("/var/cache/someone/kroon"));
    set_environment("XDG_CACHE_HOME", std::nullopt);
    set_environment("HOME", std::nullopt);
    EXPECT_EQ(cache_folder(), std::nullopt);
    EXPECT_EQ(home_folder(), std::nullopt);
    set_environment("XDG_CACHE_HOME", xdg);
    set_environment("HOME", home);
}

}  // namespace
}  // namespace kroon::platform
