#include "eval/weights.hpp"

#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"
#include "platform/little_endian.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"
#include "platform/embedded_file.hpp"
#include "platform/file_kind.hpp"

// The weight files built into the program (eval/CMakeLists.txt, from eval/weights/*.kw).
extern const kroon::platform::EmbeddedFile kroon_builtin_weights[];
extern const std::size_t kroon_builtin_weights_count;

namespace kroon::eval {

namespace {

constexpr platform::FileKind weights_file{"KROONEVW", "weights file", 1, 2};
constexpr std::size_t header_bytes = 8 + 2 + platform::name_field_bytes + 2 + 2 + 4 + 4 + 8;  // 46

WindowCounts windows_of(Variant variant) { return window_counts(rulebook(variant).traits().rows); }

std::uint64_t checksum(std::string_view bytes) {
    return platform::fnv1a64(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

void put(std::string& out, std::uint64_t value, int bytes) { platform::append_le(out, value, bytes); }

std::uint64_t get(std::string_view in, std::size_t at, int bytes) {
    return platform::read_le(reinterpret_cast<const std::uint8_t*>(in.data()) + at, bytes);
}

void put_weight(std::string& out, const PhaseWeight& w) {
    put(out, static_cast<std::uint16_t>(w.mg), 2);
    put(out, static_cast<std::uint16_t>(w.eg), 2);
}

PhaseWeight get_weight(std::string_view in, std::size_t at) {
    return {static_cast<std::int16_t>(get(in, at, 2)), static_cast<std::int16_t>(get(in, at + 2, 2))};
}

// Black's reading of every White's pattern, worked out once per process: every window of every
// variant's built-in weights folds through all 6561 of them at start-up.
const std::array<std::uint16_t, pattern_count>& black_readings() {
    static const std::array<std::uint16_t, pattern_count> readings = [] {
        std::array<std::uint16_t, pattern_count> r{};
        for (int white = 0; white < pattern_count; ++white) r[white] = static_cast<std::uint16_t>(black_reading(white));
        return r;
    }();
    return readings;
}

}  // namespace

void fold_patterns(Weights& weights) {
    const auto& readings = black_readings();
    const int base = weights.base_windows();
    weights.folded.clear();
    for (int f = 0; f < dense_count; ++f) {
        weights.padded_dense_mg[f] = weights.dense[f].mg;
        weights.padded_dense_eg[f] = weights.dense[f].eg;
    }
    const int movers = weights.by_side_to_move ? 2 : 1;
    std::vector<PhaseWeight> folded(static_cast<std::size_t>(movers * weights.windows) * pattern_count);
    for (int mover = 0; mover < movers; ++mover) {
        // As visit_features offsets the tables: White's by 0 when White moves.
        const int white_offset = mover == 0 ? 0 : weights.waiting_offset();
        const int black_offset = weights.waiting_offset() - white_offset;
        for (int w = 0; w < weights.windows; ++w) {
            const int turned = turned_window(base, weights.windows, w);
            for (int white_pattern = 0; white_pattern < pattern_count; ++white_pattern) {
                const int black_pattern = readings[white_pattern];
                const PhaseWeight& white = weights.pattern(w + white_offset, white_pattern);
                const PhaseWeight& black = weights.pattern(turned + black_offset, black_pattern);
                const int mg = white.mg - black.mg;
                const int eg = white.eg - black.eg;
                constexpr int low = std::numeric_limits<std::int16_t>::min();
                constexpr int high = std::numeric_limits<std::int16_t>::max();
                if (mg < low || mg > high || eg < low || eg > high) return;
                folded[(static_cast<std::size_t>(mover * weights.windows + w)) * pattern_count +
                       static_cast<std::size_t>(white_pattern)] = {static_cast<std::int16_t>(mg),
                                                                   static_cast<std::int16_t>(eg)};
            }
        }
    }
    weights.folded = std::move(folded);
}

Weights empty_weights(Variant variant, bool by_side_to_move, bool shifted_windows) {
    Weights w;
    w.variant = variant;
    const WindowCounts counts = windows_of(variant);
    w.windows = shifted_windows ? counts.with_shifted : counts.base;
    w.by_side_to_move = by_side_to_move;
    w.patterns.assign(static_cast<std::size_t>(w.tables()) * pattern_count, PhaseWeight{});
    return w;
}

Weights split_by_side_to_move(const Weights& one_table) {
    if (one_table.by_side_to_move) return one_table;
    Weights two = empty_weights(one_table.variant, true, one_table.shifted_windows());
    const auto half = static_cast<std::ptrdiff_t>(one_table.patterns.size());
    std::copy(one_table.patterns.begin(), one_table.patterns.end(), two.patterns.begin());
    std::copy(one_table.patterns.begin(), one_table.patterns.end(), two.patterns.begin() + half);
    two.dense = one_table.dense;
    return two;
}

int Weights::base_windows() const { return windows_of(variant).base; }

Weights add_shifted_windows(const Weights& base) {
    if (base.shifted_windows()) return base;
    Weights out = empty_weights(base.variant, base.by_side_to_move, true);
    // Table by table: a split layout's second half starts at its own window count.
    const auto table_size = static_cast<std::ptrdiff_t>(pattern_count);
    for (int half = 0; half < (base.by_side_to_move ? 2 : 1); ++half)
        std::copy_n(base.patterns.begin() + half * base.windows * table_size, base.windows * table_size,
                    out.patterns.begin() + half * out.windows * table_size);
    out.dense = base.dense;
    return out;
}

std::string serialize(const Weights& weights) {
    std::string payload;
    for (const PhaseWeight& w : weights.patterns) put_weight(payload, w);
    for (const PhaseWeight& w : weights.dense) put_weight(payload, w);
    std::string out;
    platform::append_kind(out, weights_file);
    platform::append_name_field(out, rulebook(weights.variant).name());
    put(out, static_cast<std::uint16_t>(weights.tables()), 2);
    put(out, dense_count, 2);
    put(out, pattern_count, 4);
    put(out, payload.size(), 4);
    put(out, checksum(payload), 8);
    return out + payload;
}

Result<Weights> parse_weights(std::string_view bytes) {
    if (const auto wrong = platform::check_kind(bytes, weights_file)) return *wrong;
    if (bytes.size() < header_bytes)
        return Error{"not a Kroon weights file: " + std::to_string(bytes.size()) + " bytes"};
    std::size_t at = 8 + 2;
    const std::string name = platform::read_name_field(bytes, at);
    at += platform::name_field_bytes;
    const auto variant = parse_variant(name);
    if (!variant) return Error{"weights file for an unknown variant '" + name + "'"};
    const auto tables = get(bytes, at, 2);
    const auto dense = get(bytes, at + 2, 2);
    const auto patterns = get(bytes, at + 4, 4);
    const auto payload_size = get(bytes, at + 8, 4);
    const auto sum = get(bytes, at + 12, 8);
    const WindowCounts windows = windows_of(*variant);
    // A table a window, or two when the tables are split by the side to move, with or without
    // the shifted windows: the four counts differ on every board.
    const int t = static_cast<int>(tables);
    const bool shifted = t == windows.with_shifted || t == 2 * windows.with_shifted;
    const bool two_tables = t == 2 * windows.base || t == 2 * windows.with_shifted;
    if ((t != windows.base && t != windows.with_shifted && !two_tables) || dense != dense_count ||
        patterns != pattern_count)
        return Error{"weights file layout (" + std::to_string(tables) + " tables, " + std::to_string(dense) +
                     " counts) does not fit " + name + " (" + std::to_string(windows.base) + ", " +
                     std::to_string(2 * windows.base) + ", " + std::to_string(windows.with_shifted) + " or " +
                     std::to_string(2 * windows.with_shifted) + " tables, " + std::to_string(dense_count) + " counts)"};
    Weights w = empty_weights(*variant, two_tables, shifted);
    const std::size_t expected = (w.patterns.size() + dense_count) * 4;
    if (payload_size != expected || bytes.size() != header_bytes + expected)
        return Error{"weights file is " + std::to_string(bytes.size()) + " bytes, expected " +
                     std::to_string(header_bytes + expected) + " (truncated or damaged)"};
    const std::string_view payload = bytes.substr(header_bytes);
    if (checksum(payload) != sum) return Error{"weights file checksum does not match (damaged)"};
    std::size_t p = 0;
    for (PhaseWeight& pw : w.patterns) pw = get_weight(payload, 4 * p++);
    for (PhaseWeight& pw : w.dense) pw = get_weight(payload, 4 * p++);
    fold_patterns(w);
    return w;
}

Result<std::shared_ptr<const Weights>> read_weights_file(const std::string& path) {
    // Far above any layout's size (16 windows of 3^12 patterns would be 34 MB).
    constexpr std::uint64_t max_weights_bytes = std::uint64_t{64} << 20;
    const auto bytes = platform::read_file(path, max_weights_bytes, "weights file");
    if (!bytes) return Error{bytes.error()};
    auto parsed = parse_weights(*bytes);
    if (!parsed) return Error{path + ": " + parsed.error()};
    return std::shared_ptr<const Weights>(std::make_shared<Weights>(std::move(parsed.value())));
}

std::optional<Error> write_weights_file(const std::string& path, const Weights& weights) {
    const std::string bytes = serialize(weights);
    const auto written =
        platform::write_file_atomically(path, {{reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}});
    if (!written) return Error{written.error()};
    return std::nullopt;
}

std::shared_ptr<const Weights> builtin_weights(Variant variant) {
    static const auto all = [] {
        std::array<std::shared_ptr<const Weights>, std::size(all_variants)> table{};
        for (std::size_t i = 0; i < kroon_builtin_weights_count; ++i) {
            const platform::EmbeddedFile& f = kroon_builtin_weights[i];
            auto parsed = parse_weights(f.contents());
            // The build embeds only files the tests have read; a bad one is a build defect.
            if (parsed && rulebook(parsed->variant).name() == f.name)
                table[static_cast<std::size_t>(parsed->variant)] = std::make_shared<Weights>(std::move(parsed.value()));
        }
        return table;
    }();
    return all[static_cast<std::size_t>(variant)];
}

}  // namespace kroon::eval
