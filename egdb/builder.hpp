// Builds a variant's databases up to N pieces, slice by slice in dependency order, and
// checks stored databases against their own values (docs/egdb.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "egdb/material.hpp"
#include "egdb/solver.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"

namespace kroon::egdb {

struct SliceReport {
    Material material;
    std::uint64_t positions = 0;  // indices of the slice, both sides to move
    SliceCounts counts;
    std::uint64_t file_bytes = 0;      // the values
    std::uint64_t distance_bytes = 0;  // the distances to conversion
    double seconds = 0;
};

struct BuildRequest {
    Variant variant = Variant::International;
    int pieces = 2;
    std::filesystem::path folder;
    int threads = 1;
    std::function<void(const SliceReport&)> on_slice;  // after each slice is written
};

struct BuildSummary {
    int slices = 0;
    std::uint64_t positions = 0;
    std::uint64_t file_bytes = 0;
    std::uint64_t distance_bytes = 0;
    double seconds = 0;
};

// Every slice of 2..pieces pieces, values and distances to conversion, written into the
// folder (created if needed). An error when the variant has no databases or a file cannot
// be written.
Result<BuildSummary> build_databases(const BuildRequest& request);

struct VerifyReport {
    Material material;
    std::uint64_t checked = 0;              // positions whose stored value was recomputed
    std::uint64_t mismatches = 0;           // stored values one ply over the stored values contradicts
    std::uint64_t distances_checked = 0;    // wins and losses whose stored distance was recomputed
    std::uint64_t distance_mismatches = 0;  // distances one ply over the stored ones contradicts
    double seconds = 0;
};

struct VerifySummary {
    int slices = 0;
    std::uint64_t checked = 0;
    std::uint64_t mismatches = 0;
    std::uint64_t distances_checked = 0;
    std::uint64_t distance_mismatches = 0;
    int skipped = 0;  // slices left out: missing, unreadable, or one they lead to is missing
    // The variant's files that failed their checks (a damaged file), each with why: a
    // verification that finds one fails.
    std::vector<std::string> rejected;
};

// Recomputes every stored value from one ply of moves over the stored values of the same
// and the smaller slices, for every slice file of the variant in the folder; and every
// stored distance to conversion of a win or loss from its children's, where the slice has
// a distance file.
Result<VerifySummary> verify_databases(const std::filesystem::path& folder, Variant variant, int threads,
                                       const std::function<void(const VerifyReport&)>& on_slice);

}  // namespace kroon::egdb
