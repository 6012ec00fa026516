// The one reader and the one atomic writer of files from outside: refusals without blocking,
// bounds before reading, the system's reason in every error, nothing half-written left.
#include <filesystem>
#include <fstream>
#include <iterator>

#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"
#include "tests/platform/file_io_fixture.hpp"

namespace kroon::platform {
namespace {

TEST_F(FileIo, ReadsARegularFileWhole) {
    std::ofstream(path("a.txt")) << "32-28 19-23";
    const auto text = read_file(path("a.txt"), 100, "PDN file");
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "32-28 19-23");
    EXPECT_EQ(*read_file_start(path("a.txt"), 5), "32-28");
    EXPECT_EQ(*read_file_start(path("a.txt"), 500), "32-28 19-23");
}

TEST_F(FileIo, RefusesAFolderAndAMissingFileWithTheReason) {
    EXPECT_EQ(read_file(dir_.string(), 100).error(), "cannot read file " + dir_.string() + ": it is a folder");
    EXPECT_EQ(read_file(path("missing"), 100).error(),
              "cannot read file " + path("missing") + ": No such file or directory");
}

TEST_F(FileIo, RefusesAFileLargerThanItsFormatAllowsBeforeReadingIt) {
    std::ofstream(path("big")) << std::string(3 << 20, 'x');
    EXPECT_EQ(read_file(path("big"), 1 << 20, "openings file").error(),
              "cannot read openings file " + path("big") + ": too large (3 MiB; at most 1 MiB)");
}

TEST_F(FileIo, WritesAtomically) {
    const std::string text = "payload";
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    ASSERT_TRUE(write_file_atomically(path("out.bin"), {bytes, bytes}).ok());
    EXPECT_EQ(*read_file(path("out.bin"), 100), "payloadpayload");
    // Again over the file: replaced whole, and no temporary file left beside it.
    ASSERT_TRUE(write_file_atomically(path("out.bin"), {bytes}).ok());
    EXPECT_EQ(*read_file(path("out.bin"), 100), "payload");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

}  // namespace
}  // namespace kroon::platform
