#include "egdb/builder.hpp"

#include <chrono>
#include <memory>
#include <vector>

#include "egdb/database.hpp"
#include "egdb/distance_file.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/variants.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"

namespace kroon::egdb {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

template <RuleSet R>
Result<BuildSummary> build_as(const BuildRequest& request) {
    const auto start = Clock::now();
    // Every slice stays in memory with its true values: the captures of the larger slices
    // are looked up in them (the files store free choices there).
    auto tables = std::make_unique<SolvedTables<R>>();
    std::vector<std::unique_ptr<SolvedSlice>> solved;
    BuildSummary summary;
    const std::string variant_name(rulebook(database_files_of(request.variant)).name());
    for (const Material& m : slices_up_to(request.pieces)) {
        const auto slice_start = Clock::now();
        solved.push_back(std::make_unique<SolvedSlice>(solve_slice<R>(m, *tables, request.threads)));
        SolvedSlice& slice = *solved.back();
        tables->add(slice.material, slice.values);
        const int code = variant_code(request.variant);
        const auto bytes = write_slice_file(request.folder / slice_file_name(variant_name, m), code, slice);
        if (!bytes) return Error{bytes.error()};
        const auto distance_bytes =
            write_distance_file(request.folder / distance_file_name(variant_name, m), code, slice);
        if (!distance_bytes) return Error{distance_bytes.error()};
        // Distances end at a conversion: the larger slices never look them up. Swapped out,
        // not assigned `{}`, which keeps the capacity: two bytes a position of every slice
        // stayed resident (7.7 GB at the end of the 5-piece build).
        std::vector<std::uint16_t>().swap(slice.distances);
        SliceReport report{m, slice.values.size(), slice.counts, *bytes, *distance_bytes, seconds_since(slice_start)};
        ++summary.slices;
        summary.positions += report.positions;
        summary.file_bytes += report.file_bytes;
        summary.distance_bytes += report.distance_bytes;
        if (request.on_slice) request.on_slice(report);
    }
    summary.seconds = seconds_since(start);
    return summary;
}

}  // namespace

namespace {

// Removes the temporary files (NAME.partial.PID) that builds which died left behind; those of
// a build still running in the same folder are its own.
void remove_stale_partials(const std::filesystem::path& folder) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        const auto at = name.rfind(".partial.");
        if (at == std::string::npos) continue;
        const std::string digits = name.substr(at + 9);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9)
            continue;
        if (platform::process_running(std::stol(digits))) continue;
        std::filesystem::remove(entry.path(), ec);
    }
}

}  // namespace

Result<BuildSummary> build_databases(const BuildRequest& request) {
    if (request.pieces < 2 || request.pieces > max_database_pieces)
        return Error{"pieces must be from 2 to " + std::to_string(max_database_pieces)};
    std::error_code ec;
    std::filesystem::create_directories(request.folder, ec);
    if (ec) return Error{"cannot create " + request.folder.string() + ": " + ec.message()};
    remove_stale_partials(request.folder);
    std::optional<Result<BuildSummary>> result;
    const bool supported = with_database_rules(
        request.variant, [&](auto tag) { result.emplace(build_as<typename decltype(tag)::Rules>(request)); });
    if (!supported) return Error{"no endgame databases for " + std::string(rulebook(request.variant).name())};
    return *result;
}

}  // namespace kroon::egdb
