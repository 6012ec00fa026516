// Databases built by the tests themselves, in a folder of their own per test process.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "egdb/builder.hpp"
#include "egdb/database.hpp"

namespace kroon::test {

// A fresh folder under the system's temporary folder, removed when the object goes.
class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& name)
        : path_(std::filesystem::temp_directory_path() / ("kroon_egdb_" + name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Builds the variant's databases of up to `pieces` pieces into `folder`; a failure fails the test.
inline egdb::BuildSummary build_into(const std::filesystem::path& folder, Variant variant, int pieces) {
    const auto summary = egdb::build_databases({variant, pieces, folder, 2, {}});
    if (!summary) throw std::runtime_error("build failed: " + summary.error());
    return *summary;
}

}  // namespace kroon::test
