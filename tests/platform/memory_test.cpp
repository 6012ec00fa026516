// The control groups' memory limits (Linux containers), read from a tree of files made here:
// cgroup v2 and v1, the tightest on the way up from the process's group.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "platform/memory.hpp"
#include "platform/process.hpp"

namespace kroon::platform {
namespace {

namespace fs = std::filesystem;

class CgroupTree : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("kroon_cgroup_" + std::to_string(current_process_id()));
        fs::remove_all(root_);
    }
    void TearDown() override { fs::remove_all(root_); }
    void write(const fs::path& relative, const std::string& text) {
        fs::create_directories((root_ / relative).parent_path());
        std::ofstream(root_ / relative) << text << "\n";
    }
    fs::path root_;
};

TEST_F(CgroupTree, Version2TakesTheTightestLimitUpTheTree) {
    write("memory.max", "max");
    write("box/memory.max", "8589934592");  // 8 GiB
    write("box/job/memory.max", "max");     // the process's own group sets none
    EXPECT_EQ(cgroup_memory_limit("0::/box/job\n", root_), std::uint64_t{8} << 30);
    write("box/job/memory.max", "1073741824");  // 1 GiB
    EXPECT_EQ(cgroup_memory_limit("0::/box/job\n", root_), std::uint64_t{1} << 30);
}

TEST_F(CgroupTree, Version1ReadsTheMemoryController) {
    write("memory/memory.limit_in_bytes", "9223372036854771712");  // v1's "no limit"
    EXPECT_EQ(cgroup_memory_limit("4:memory:/\n1:cpu:/\n", root_), std::nullopt);
    write("memory/docker/abc/memory.limit_in_bytes", "536870912");
    EXPECT_EQ(cgroup_memory_limit("5:cpuset:/\n4:memory:/docker/abc\n", root_), std::uint64_t{512} << 20);
}

TEST_F(CgroupTree, NoLimitAnywhere) {
    EXPECT_EQ(cgroup_memory_limit("0::/\n", root_), std::nullopt);
    EXPECT_EQ(cgroup_memory_limit("", root_), std::nullopt);
}

}  // namespace
}  // namespace kroon::platform
