// The file reader and writer against what only POSIX systems have: a FIFO, devices, a folder
// without write permission, a full disk (/dev/full).
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"
#include "tests/platform/file_io_fixture.hpp"

namespace kroon::platform {
namespace {

TEST_F(FileIo, RefusesWhatIsNotARegularFileWithoutBlocking) {
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
    // Opening a FIFO for reading would wait for a writer forever; it is refused at once.
    EXPECT_EQ(read_file(path("fifo"), 100, "weights file").error(),
              "cannot read weights file " + path("fifo") + ": not a regular file");
    EXPECT_EQ(read_file("/dev/zero", 100).error(), "cannot read file /dev/zero: not a regular file");
}

TEST_F(FileIo, AFolderThatCannotBeWrittenIsAnErrorAndLeavesNothingBehind) {
    const std::string text = "payload";
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
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
    fs::create_symlink("/dev/full", path("out.bin.partial." + std::to_string(kroon::platform::current_process_id())),
                       ec);
    if (ec || !fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const std::string text(1 << 16, 'x');
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    const auto full = write_file_atomically(path("out.bin"), {bytes});
    ASSERT_FALSE(full.ok());
    EXPECT_NE(full.error().find("No space left on device"), std::string::npos) << full.error();
    EXPECT_FALSE(fs::exists(path("out.bin")));
    EXPECT_FALSE(fs::exists(path("out.bin.partial." + std::to_string(kroon::platform::current_process_id()))));
}

}  // namespace
}  // namespace kroon::platform
