// The endgame databases of one folder, opened per variant when a game of that variant first
// asks for them and kept from then on: the engine follows its game from variant to variant
// without opening a folder again, and engines that share a shelf share the open files.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "egdb/database.hpp"

namespace kroon::play {

class DatabaseShelf {
public:
    // `folder`: where the databases are; empty: none. `rejected`: whether files that fail
    // their checks are logged or only listed (Database::rejected, for a face that shows them).
    explicit DatabaseShelf(std::filesystem::path folder = {}, egdb::RejectedFiles rejected = egdb::RejectedFiles::Warn);

    // The folder the engine option names: "none" for none, "" for the cache folder when it
    // holds databases of some variant (docs/egdb.md, Cache folder), else the folder given.
    static std::filesystem::path folder_of_option(const std::string& option);

    const std::filesystem::path& folder() const { return folder_; }
    // The databases of `variant`, or null when the folder holds none of them. Thread-safe.
    std::shared_ptr<const egdb::Database> of(Variant variant);
    // Whether the folder holds the databases of any variant.
    bool holds_any();

private:
    std::filesystem::path folder_;
    egdb::RejectedFiles rejected_;
    std::mutex mutex_;
    std::map<Variant, std::shared_ptr<const egdb::Database>> opened_;  // null: none there
};

}  // namespace kroon::play
