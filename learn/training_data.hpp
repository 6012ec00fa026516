// Positions from Kroon's own games with what became of them, for training the learned
// evaluation: the file format described in docs/evaluation.md ("Training data files").
// A 32-byte header (magic KROONPOS, version, record size, variant), then 24-byte records:
// the squares of White's pieces, Black's pieces and the kings (bit s-1 for square s, 7
// bytes each), a byte with the side to move and the game's result for White, and the
// search's score from White's side. Records of one game follow each other.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"

namespace kroon::learn {

constexpr std::size_t header_size = 32;
constexpr std::size_t record_size = 24;

struct TrainingPosition {
    Position position;
    double result = 0.5;  // the game's result for White: 1, 0.5 or 0
    int score = 0;        // the search's score for White, hundredths of a man
    friend bool operator==(const TrainingPosition&, const TrainingPosition&) = default;
};

// Appends records to a file, writing the header first when the file is new or empty.
class TrainingWriter {
public:
    static Result<std::unique_ptr<TrainingWriter>> open(const std::string& path, Variant variant);
    void write(const TrainingPosition& p);
    // Flushes to disk; an error when writing failed.
    std::optional<Error> flush();
    std::uint64_t written() const { return written_; }

private:
    TrainingWriter(std::ofstream out, Variant variant) : out_(std::move(out)), variant_(variant) {}
    std::ofstream out_;
    Variant variant_;
    std::uint64_t written_ = 0;
    std::string path_;
};

struct TrainingFile {
    Variant variant = Variant::International;
    std::vector<TrainingPosition> positions;
};

// Reads a whole file; a bad header, a damaged record or a partial last record is an error.
Result<TrainingFile> read_training_file(const std::string& path);
// The variant of a file from its header alone.
Result<Variant> training_file_variant(const std::string& path);

// Joins files of one variant into `out` (the shards of `kroon selfplay --shard`), in the
// order given; returns the number of positions.
Result<std::uint64_t> merge_training_files(const std::vector<std::string>& inputs, const std::string& out);

}  // namespace kroon::learn
