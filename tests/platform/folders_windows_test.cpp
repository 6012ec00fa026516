// Kroon's cache folder on Windows: %LOCALAPPDATA%\kroon; the home folder %USERPROFILE%.
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

TEST(Folders, TheCacheFolderIsInLocalAppData) {
    const auto local = saved("LOCALAPPDATA"), profile = saved("USERPROFILE");
    set_environment("LOCALAPPDATA", "C:\\Users\\Someone\\AppData\\Local");
    set_environment("USERPROFILE", "C:\\Users\\Someone");
    EXPECT_EQ(cache_folder(), std::filesystem::path("C:\\Users\\Someone\\AppData\\Local\\kroon"));
    EXPECT_EQ(home_folder(), std::filesystem::path("C:\\Users\\Someone"));
    set_environment("LOCALAPPDATA", std::nullopt);
    EXPECT_EQ(cache_folder(), std::nullopt);
    set_environment("LOCALAPPDATA", local);
    set_environment("USERPROFILE", profile);
    ASSERT_TRUE(cache_folder().has_value()) << "the system sets LOCALAPPDATA";
}

}  // namespace
}  // namespace kroon::platform
