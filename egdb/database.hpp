// The endgame databases of one variant, opened from a folder and probed by position.
//
// Slice files that fail their checks (wrong header, truncated, checksum) are reported as
// spdlog warnings and left out: the database then simply does not cover those positions.
// The same goes for the distance files: without one, its slice's values are still probed,
// and the root moves are chosen by value alone.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "egdb/distance_file.hpp"
#include "egdb/material.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/value.hpp"
#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::egdb {

// How a probe found its value.
enum class Source {
    Stored,    // read from the slice file
    Captures,  // the side to move must capture: the best capture's value, probed in turn
    GameOver,  // a side without pieces or without a move
    Missing,   // the slice (or one a capture leads to) is not there
};

struct Probe {
    Value value = Value::Unknown;
    Source source = Source::Missing;
    Material material;
    std::uint64_t index = 0;  // for Source::Stored
};

// The root moves that keep the database value (docs/egdb.md, Root moves).
struct RootMoves {
    Value value = Value::Unknown;  // the root's value for the side to move
    // The moves that keep it, in generation order: for a win the nearest to conversion, for
    // a loss the farthest, when the distances are there; every one of them for a draw.
    std::vector<Move> moves;
    // Plies to conversion through the kept moves (the move itself counted), or nothing when
    // the moves were chosen by value alone (a draw, or a distance file missing).
    std::optional<int> distance;
    int probes = 0;  // positions probed to find them
};

// A variant's database code in file headers: its PDN GameType number, or 100 + its place in
// all_variants for the variants PDN has no number for (the file names tell the others apart).
int variant_code(Variant variant);

// What Database::open does with a file it leaves out, besides listing it in rejected().
enum class RejectedFiles { Warn, ListOnly };

class Database {
public:
    // Opens every slice file of `variant` in `dir` (none when the variant has no databases).
    // A file that fails its checks is left out, listed in rejected() and, unless told
    // otherwise, reported as an spdlog warning.
    static std::shared_ptr<const Database> open(const std::filesystem::path& dir, Variant variant,
                                                RejectedFiles rejected = RejectedFiles::Warn);

    Variant variant() const { return variant_; }
    const std::filesystem::path& folder() const { return folder_; }
    // The most pieces N such that every slice of 2..N pieces is there (0: none).
    int complete_pieces() const { return complete_pieces_; }
    std::size_t slice_count() const { return files_.size(); }
    std::uint64_t file_bytes() const;
    const SliceFile* slice(const Material& m) const {
        return m.pieces() <= max_database_pieces ? slots_[m.key()] : nullptr;
    }

    // Any position: where the side to move must capture, the captures are played and their
    // results probed (they lead to fewer pieces).
    Probe probe(const Position& pos) const;
    // A position where the side to move has no capture (the caller has generated its moves):
    // the stored value, or Unknown when the slice is not there.
    Value probe_quiet(const Position& pos) const;
    // Plies to conversion for the side to move of a won or lost position (docs/egdb.md,
    // Distance to conversion): 0 without a piece or a move, 1 when it must capture, else the
    // stored distance. Nothing for a draw, an unknown value or a missing distance file.
    std::optional<int> distance(const Position& pos) const;
    // The root moves that keep the value, when every move's result is known: each move is
    // played and its result probed. Nothing when one is not known or there is no move.
    // Won and lost ones are narrowed to the nearest conversion, except where a rule that
    // counts moves decides which conversion is in time (Frisian art. 18): then every move
    // that keeps the value is kept, for the search to choose.
    std::optional<RootMoves> root_moves(const Position& pos) const;
    const DistanceFile* distances(const Material& m) const {
        return m.pieces() <= max_database_pieces ? distance_slots_[m.key()] : nullptr;
    }
    std::size_t distance_file_count() const { return distance_files_.size(); }
    // The variant's files that were left out, each with why ("PATH: truncated (1 bytes)"), or
    // the folder when it cannot be read.
    const std::vector<std::string>& rejected() const { return rejected_; }

private:
    Database() = default;

    Variant variant_ = Variant::International;
    std::filesystem::path folder_;
    int complete_pieces_ = 0;
    std::vector<std::shared_ptr<const SliceFile>> files_;
    std::array<const SliceFile*, material_keys> slots_{};
    std::vector<std::shared_ptr<const DistanceFile>> distance_files_;
    std::array<const DistanceFile*, material_keys> distance_slots_{};
    std::vector<std::string> rejected_;
};

}  // namespace kroon::egdb
