#include "learn/training_data.hpp"

#include "platform/file_kind.hpp"
#include "platform/file_reader.hpp"
#include "platform/little_endian.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"

namespace kroon::learn {
namespace {

constexpr platform::FileKind training_file{"KROONPOS", "training data file", 1, 2};

std::string header(Variant variant) {
    std::string h;
    platform::append_kind(h, training_file);
    platform::append_le(h, record_size, 2);
    platform::append_name_field(h, rulebook(variant).name());
    h.resize(header_size, '\0');
    return h;
}

Result<Variant> parse_header(std::string_view h) {
    if (const auto wrong = platform::check_kind(h, training_file)) return *wrong;
    if (h.size() < header_size) return Error{"not a Kroon training data file: its header is cut short"};
    const int size = static_cast<unsigned char>(h[10]) | static_cast<unsigned char>(h[11]) << 8;
    if (size != static_cast<int>(record_size))
        return Error{"training data of " + std::to_string(size) + "-byte records; this Kroon reads " +
                     std::to_string(record_size) + "-byte records"};
    const std::string name = platform::read_name_field(h, 12);
    const auto variant = parse_variant(name);
    if (!variant) return Error{"training data for an unknown variant '" + name + "'"};
    return *variant;
}

// Square-numbered bits (bit s-1 for square s) to the board's bits and back.
std::uint64_t to_squares(const Rulebook& rules, Bitboard b) {
    std::uint64_t s = 0;
    for (int x : Bits{b}) s |= std::uint64_t{1} << (rules.square_number(x) - 1);
    return s;
}

Result<Bitboard> from_squares(const Rulebook& rules, std::uint64_t s) {
    if (s >> rules.squares()) return Error{"a piece off the board"};
    Bitboard b = 0;
    for (int x : Bits{s}) b |= bit(rules.bit_of_square(x + 1));
    return b;
}

void put(char* at, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) at[i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

std::uint64_t get(const char* at, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t{static_cast<unsigned char>(at[i])} << (8 * i);
    return value;
}

Result<TrainingPosition> decode(const Rulebook& rules, const char* r) {
    const auto white = from_squares(rules, get(r, 7));
    const auto black = from_squares(rules, get(r + 7, 7));
    const auto kings = from_squares(rules, get(r + 14, 7));
    if (!white || !black || !kings) return Error{"a piece off the board"};
    if (*white & *black) return Error{"a square with a white and a black piece"};
    if (*kings & ~(*white | *black)) return Error{"a king on an empty square"};
    const auto flags = static_cast<unsigned char>(r[21]);
    const int result = (flags >> 1) & 3;
    if (result == 3 || (flags >> 3)) return Error{"bad flags byte"};
    TrainingPosition p;
    p.position = Position::from_sets(*white, *black, *kings, flags & 1 ? Color::Black : Color::White);
    p.result = result / 2.0;
    p.score = static_cast<std::int16_t>(get(r + 22, 2));
    return p;
}

}  // namespace

Result<std::unique_ptr<TrainingWriter>> TrainingWriter::open(const std::string& path, Variant variant) {
    std::error_code ec;
    const bool fresh = !std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0;
    if (!fresh) {
        const auto existing = training_file_variant(path);
        if (!existing) return Error{path + ": " + existing.error()};
        if (*existing != variant)
            return Error{path + " holds " + std::string(rulebook(*existing).name()) + " positions, not " +
                         std::string(rulebook(variant).name())};
    }
    std::ofstream out(path, std::ios::binary | std::ios::app);
    if (!out) return Error{"cannot open " + path + ": " + std::strerror(errno)};
    if (fresh) {
        const std::string h = header(variant);
        out.write(h.data(), static_cast<std::streamsize>(h.size()));
    }
    std::unique_ptr<TrainingWriter> writer(new TrainingWriter(std::move(out), variant));
    writer->path_ = path;
    return writer;
}

void TrainingWriter::write(const TrainingPosition& p) {
    const Rulebook& rules = rulebook(variant_);
    char r[record_size] = {};
    put(r, to_squares(rules, p.position.pieces(Color::White)), 7);
    put(r + 7, to_squares(rules, p.position.pieces(Color::Black)), 7);
    put(r + 14, to_squares(rules, p.position.kings()), 7);
    const int result = p.result > 0.75 ? 2 : p.result < 0.25 ? 0 : 1;
    r[21] = static_cast<char>((p.position.side_to_move() == Color::Black ? 1 : 0) | result << 1);
    put(r + 22, static_cast<std::uint16_t>(static_cast<std::int16_t>(std::clamp(p.score, -32000, 32000))), 2);
    out_.write(r, record_size);
    ++written_;
}

std::optional<Error> TrainingWriter::flush() {
    out_.flush();
    if (!out_) return Error{"cannot write " + path_ + ": " + std::strerror(errno)};
    return std::nullopt;
}

Result<Variant> training_file_variant(const std::string& path) {
    const auto h = platform::read_file_start(path, header_size, "training data");
    if (!h) return Error{h.error()};
    return parse_header(*h);
}

Result<TrainingFile> read_training_file(const std::string& path) {
    // The records are held in memory to train on; far more than any machine holds is refused.
    constexpr std::uint64_t max_training_bytes = std::uint64_t{1} << 40;
    const auto read = platform::read_file(path, max_training_bytes, "training data");
    if (!read) return Error{read.error()};
    const std::string& bytes = *read;
    const auto variant = parse_header(bytes);
    if (!variant) return Error{path + ": " + variant.error()};
    if ((bytes.size() - header_size) % record_size != 0)
        return Error{path + ": " + std::to_string(bytes.size() - header_size) +
                     " bytes of records is not a whole "
                     "number of 24-byte records (truncated?)"};
    TrainingFile file;
    file.variant = *variant;
    const Rulebook& rules = rulebook(*variant);
    const std::size_t count = (bytes.size() - header_size) / record_size;
    file.positions.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        auto p = decode(rules, bytes.data() + header_size + i * record_size);
        if (!p) return Error{path + ": record " + std::to_string(i + 1) + ": " + p.error()};
        file.positions.push_back(*p);
    }
    return file;
}

Result<std::uint64_t> merge_training_files(const std::vector<std::string>& inputs, const std::string& out) {
    if (inputs.empty()) return Error{"nothing to merge"};
    std::optional<Variant> variant;
    std::vector<TrainingFile> files;
    for (const auto& path : inputs) {
        auto file = read_training_file(path);
        if (!file) return Error{file.error()};
        if (variant && file->variant != *variant)
            return Error{path + " holds " + std::string(rulebook(file->variant).name()) + " positions, the others " +
                         std::string(rulebook(*variant).name())};
        variant = file->variant;
        files.push_back(std::move(file.value()));
    }
    std::error_code ec;
    std::filesystem::remove(out, ec);
    auto writer = TrainingWriter::open(out, *variant);
    if (!writer) return Error{writer.error()};
    for (const auto& f : files)
        for (const auto& p : f.positions) (*writer)->write(p);
    if (const auto error = (*writer)->flush()) return *error;
    return (*writer)->written();
}

}  // namespace kroon::learn
