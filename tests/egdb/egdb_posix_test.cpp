// The databases' folder holding what only a POSIX system has: a FIFO named like a slice.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "egdb/database.hpp"
#include "egdb/slice_file.hpp"
#include "tests/egdb/egdb_support.hpp"

namespace kroon::egdb {
namespace {

using test::ScratchFolder;

// A FIFO or a folder named like a slice is refused at once, without waiting for a writer.
TEST(Egdb, AFifoOrFolderNamedLikeASliceIsRefusedWithoutBlocking) {
    const ScratchFolder folder("fifo");
    test::build_into(folder.path(), Variant::International, 2);
    const Material mmk{2, 0, 0, 1}, kkk{0, 2, 0, 1};  // three-piece names: not built here
    ASSERT_EQ(::mkfifo((folder.path() / slice_file_name("international", mmk)).c_str(), 0600), 0);
    std::filesystem::create_directory(folder.path() / slice_file_name("international", kkk));
    const auto db = Database::open(folder.path(), Variant::International, RejectedFiles::ListOnly);
    EXPECT_EQ(db->slice_count(), slices_up_to(2).size());
    std::string rejected;
    for (const std::string& r : db->rejected()) rejected += r + "\n";
    EXPECT_NE(rejected.find("not a regular file"), std::string::npos) << rejected;
    EXPECT_NE(rejected.find("it is a folder"), std::string::npos) << rejected;
}

}  // namespace
}  // namespace kroon::egdb
