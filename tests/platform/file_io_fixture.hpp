// A fresh folder for each file test (file_io_test.cpp, file_io_posix_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "platform/process.hpp"

namespace kroon::platform {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("kroon_file_io_" + std::to_string(kroon::platform::current_process_id()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add);
        fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    fs::path dir_;
};

}  // namespace kroon::platform
