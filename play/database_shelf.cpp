#include "play/database_shelf.hpp"

#include "egdb/cache.hpp"
#include "egdb/variants.hpp"

namespace kroon::play {

DatabaseShelf::DatabaseShelf(std::filesystem::path folder, egdb::RejectedFiles rejected)
    : folder_(std::move(folder)), rejected_(rejected) {}

std::filesystem::path DatabaseShelf::folder_of_option(const std::string& option) {
    if (option == "none") return {};
    if (!option.empty()) return option;
    const auto cache = egdb::cache_folder();
    if (!cache) return {};
    DatabaseShelf shelf(*cache, egdb::RejectedFiles::ListOnly);
    return shelf.holds_any() ? *cache : std::filesystem::path{};
}

std::shared_ptr<const egdb::Database> DatabaseShelf::of(Variant variant) {
    if (folder_.empty() || !egdb::plays_with_databases(variant)) return nullptr;
    std::lock_guard lock(mutex_);
    if (const auto it = opened_.find(variant); it != opened_.end()) return it->second;
    auto databases = egdb::Database::open(folder_, variant, rejected_);
    if (databases->slice_count() == 0) databases = nullptr;
    opened_[variant] = databases;
    return databases;
}

bool DatabaseShelf::holds_any() {
    for (const Variant v : all_variants)
        if (of(v)) return true;
    return false;
}

}  // namespace kroon::play
