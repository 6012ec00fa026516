// The one reader and the one atomic writer of files from outside: refusals without blocking,
// bounds before reading, the system's reason in every error, nothing half-written left.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"

namespace kroon::platform {
namespace {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("kroon_file_io_" + std::to_string(::getpid()));
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

TEST_F(FileIo, ReadsARegularFileWhole) {
    std::ofstream(path("a.txt")) << "32-28 19-23";
    const auto text = read_file(path("a.txt"), 100, "PDN file");
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "32-28 19-23");
    EXPECT_EQ(*read_file_start(path("a.txt"), 5), "32-28");
    EXPECT_EQ(*read_file_start(path("a.txt"), 500), "32-28 19-23");
}

TEST_F(FileIo, RefusesWhatIsNotARegularFileWithoutBlocking) {
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
    // Opening a FIFO for reading would wait for a writer forever; it is refused at once.
    EXPECT_EQ(read_file(path("fifo"), 100, "weights file").error(),
              "cannot read weights file " + path("fifo") + ": not a regular file");
    EXPECT_EQ(read_file(dir_.string(), 100).error(), "cannot read file " + dir_.string() + ": it is a folder");
    EXPECT_EQ(read_file("/dev/zero", 100).error(), "cannot read file /dev/zero: not a regular file");
    EXPECT_EQ(read_file(path("missing"), 100).error(),
              "cannot read file " + path("missing") + ": No such file or directory");
}

TEST_F(FileIo, RefusesAFileLargerThanItsFormatAllowsBeforeReadingIt) {
    std::ofstream(path("big")) << std::string(3 << 20, 'x');
    EXPECT_EQ(read_file(path("big"), 1 << 20, "openings file").error(),
              "cannot read openings file " + path("big") + ": too large (3 MiB; at most 1 MiB)");
}

TEST_F(FileIo, WritesAtomicallyAndLeavesNothingBehindOnFailure) {
    const std::string text = "payload";
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    ASSERT_TRUE(write_file_atomically(path("out.bin"), {bytes, bytes}).ok());
    EXPECT_EQ(*read_file(path("out.bin"), 100), "payloadpayload");

    // A folder that cannot be written: the error says why, and no temporary file is left.
    fs::create_directories(dir_ / "locked");
    fs::permissions(dir_ / "locked", fs::perms::owner_read | fs::perms::owner_exec);
    if (::access((dir_ / "locked").c_str(), W_OK) == 0) GTEST_SKIP() << "running as a user who may write anyway";
    const auto refused = write_file_atomically(path("locked/out.bin"), {bytes});
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("Permission denied"), std::string::npos) << refused.error();
    fs::permissions(dir_ / "locked", fs::perms::owner_all);
    EXPECT_TRUE(fs::is_empty(dir_ / "locked"));
}

// /dev/full fails every write with ENOSPC, as a full disk does: the file is never renamed into
// place and the temporary one is removed.
TEST_F(FileIo, AFullDiskIsAnErrorWithItsReason) {
    std::error_code ec;
    fs::create_symlink("/dev/full", path("out.bin.partial." + std::to_string(::getpid())), ec);
    if (ec || !fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const std::string text(1 << 16, 'x');
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    const auto full = write_file_atomically(path("out.bin"), {bytes});
    ASSERT_FALSE(full.ok());
    EXPECT_NE(full.error().find("No space left on device"), std::string::npos) << full.error();
    EXPECT_FALSE(fs::exists(path("out.bin")));
    EXPECT_FALSE(fs::exists(path("out.bin.partial." + std::to_string(::getpid()))));
}

}  // namespace
}  // namespace kroon::platform
