#include "egdb/database.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <regex>

#include "egdb/indexer.hpp"
#include "egdb/variants.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/referee/draw_rules.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon::egdb {
namespace {

template <RuleSet R>
Probe probe_as(const Database& db, const Position& pos) {
    const Color us = pos.side_to_move();
    const Material m = material_of(pos);
    if (!pos.pieces(us)) return {Value::Loss, Source::GameOver, m, 0};
    if (!pos.pieces(~us)) return {Value::Win, Source::GameOver, m, 0};
    const SliceFile* file = db.slice(m);
    if (!file) return {Value::Unknown, Source::Missing, m, 0};
    MoveList moves;
    generate_moves<R>(pos, moves);
    if (moves.empty()) return {Value::Loss, Source::GameOver, m, 0};  // KNDB art. 8a
    if (moves[0].is_capture()) {
        Value best = Value::Loss;
        for (const Move& move : moves) {
            const Probe child = probe_as<R>(db, pos.after<R>(move));
            if (child.value == Value::Unknown) return {Value::Unknown, Source::Missing, child.material, 0};
            const Value v = from_mover(child.value);
            if (preference(v) > preference(best)) best = v;
            if (best == Value::Win) break;
        }
        return {best, Source::Captures, m, 0};
    }
    const std::uint64_t index = SliceIndexer<R>(m).index(pos);
    return {file->get(index), Source::Stored, m, index};
}

template <RuleSet R>
std::optional<int> distance_as(const Database& db, const Position& pos) {
    const Color us = pos.side_to_move();
    if (!pos.pieces(us) || !pos.pieces(~us)) return 0;
    const Material m = material_of(pos);
    const SliceFile* values = db.slice(m);
    const DistanceFile* distances = db.distances(m);
    if (!values) return std::nullopt;
    MoveList moves;
    generate_moves<R>(pos, moves);
    if (moves.empty()) return 0;
    // A capture leaves the slice on this move, whatever it leads to.
    const std::uint64_t index = SliceIndexer<R>(m).index(pos);
    const Value value = moves[0].is_capture() ? probe_as<R>(db, pos).value : values->get(index);
    if (value != Value::Win && value != Value::Loss) return std::nullopt;
    if (moves[0].is_capture()) return 1;
    return distances ? distances->get(index) : std::nullopt;
}

template <RuleSet R>
std::optional<RootMoves> root_moves_as(const Database& db, const Position& pos) {
    MoveList moves;
    generate_moves<R>(pos, moves);
    if (moves.empty()) return std::nullopt;
    struct Choice {
        Move move;
        Value value;
        std::optional<int> distance;
    };
    std::vector<Choice> choices;
    RootMoves root;
    root.value = Value::Loss;
    for (const Move& m : moves) {
        const Position child = pos.after<R>(m);
        const Probe p = probe_as<R>(db, child);
        ++root.probes;
        if (p.value == Value::Unknown) return std::nullopt;
        const Value v = from_mover(p.value);
        if (preference(v) > preference(root.value)) root.value = v;
        std::optional<int> distance;
        if (v != Value::Draw) {
            // A capture or crowning converts on this move; a quiet move one ply before the child.
            if (m.captured || m.promotes) {
                distance = 1;
            } else if (const auto further = distance_as<R>(db, child)) {
                distance = 1 + *further;
                ++root.probes;
            }
        }
        choices.push_back({m, v, distance});
    }
    std::erase_if(choices, [&](const Choice& c) { return c.value != root.value; });
    // Frisian art. 18: the distances cannot choose the crowning that leaves two kings time
    // enough; the search, which sees the rule, chooses among the moves that keep the value.
    bool by_distance = !(is_frisian<R> && crowning_starts_two_kings_vs_one(pos));
    by_distance = by_distance && root.value != Value::Draw &&
                  std::all_of(choices.begin(), choices.end(), [](const Choice& c) { return c.distance.has_value(); });
    if (by_distance) {
        const auto nearer = [](const Choice& a, const Choice& b) { return *a.distance < *b.distance; };
        const int best = root.value == Value::Win ? *std::min_element(choices.begin(), choices.end(), nearer)->distance
                                                  : *std::max_element(choices.begin(), choices.end(), nearer)->distance;
        std::erase_if(choices, [&](const Choice& c) { return *c.distance != best; });
        root.distance = best;
    }
    for (const Choice& c : choices) root.moves.push_back(c.move);
    return root;
}

}  // namespace

int variant_code(Variant variant) {
    variant = database_files_of(variant);
    const int pdn = rulebook(variant).traits().pdn_game_type;
    if (pdn != 0) return pdn;
    const auto place = std::find(std::begin(all_variants), std::end(all_variants), variant) - std::begin(all_variants);
    return 100 + static_cast<int>(place);
}

std::shared_ptr<const Database> Database::open(const std::filesystem::path& dir, Variant variant,
                                               RejectedFiles rejected) {
    std::shared_ptr<Database> db(new Database());
    db->variant_ = variant;
    db->folder_ = dir;
    // A folder of an older format refuses every file for the same reason: a few lines name
    // it, one more counts the rest, so that an engine's log does not open with a page of them.
    constexpr std::size_t warned_one_by_one = 3;
    const auto reject = [&](const std::string& why) {
        if (rejected == RejectedFiles::Warn && db->rejected_.size() < warned_one_by_one)
            spdlog::warn("endgame databases: ignoring {}", why);
        db->rejected_.push_back(why);
    };
    const std::string prefix(rulebook(database_files_of(variant)).name());
    with_database_rules(variant, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        std::error_code ec;
        std::vector<std::filesystem::path> paths;
        for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) paths.push_back(entry.path());
        if (ec) {
            reject(dir.string() + ": cannot read: " + ec.message());
            return;
        }
        std::sort(paths.begin(), paths.end());
        const std::regex pattern(prefix + "-wm([0-7])wk([0-7])bm([0-7])bk([0-7])\\.(egdb|dtc)");
        for (const auto& path : paths) {
            std::smatch match;
            const std::string name = path.filename().string();
            if (!std::regex_match(name, match, pattern)) continue;
            const Material m{match[1].str()[0] - '0', match[2].str()[0] - '0', match[3].str()[0] - '0',
                             match[4].str()[0] - '0'};
            if (m.pieces() > max_database_pieces || m.white() == 0 || m.black() == 0) continue;
            if (match[5] == "dtc") {
                auto distances = DistanceFile::open(path, variant_code(variant), m, SliceIndexer<R>(m).size());
                if (!distances) {
                    reject(distances.error());
                    continue;
                }
                db->distance_slots_[m.key()] = distances->get();
                db->distance_files_.push_back(*distances);
                continue;
            }
            auto file = SliceFile::open(path, variant_code(variant), m, SliceIndexer<R>(m).size());
            if (!file) {
                reject(file.error());
                continue;
            }
            db->slots_[m.key()] = file->get();
            db->files_.push_back(*file);
        }
    });
    if (rejected == RejectedFiles::Warn && db->rejected_.size() > warned_one_by_one)
        spdlog::warn("endgame databases: ignoring {} more files in {} (kroon egdb verify --dir lists every one)",
                     db->rejected_.size() - warned_one_by_one, dir.string());
    for (int n = 2; n <= max_database_pieces; ++n) {
        const auto needed = slices_up_to(n);
        if (!std::all_of(needed.begin(), needed.end(), [&](const Material& m) { return db->slots_[m.key()]; })) break;
        db->complete_pieces_ = n;
    }
    return db;
}

std::uint64_t Database::file_bytes() const {
    std::uint64_t total = 0;
    for (const auto& f : files_) total += f->file_bytes();
    for (const auto& f : distance_files_) total += f->file_bytes();
    return total;
}

std::optional<int> Database::distance(const Position& pos) const {
    std::optional<int> result;
    with_database_rules(variant_, [&](auto tag) { result = distance_as<typename decltype(tag)::Rules>(*this, pos); });
    return result;
}

std::optional<RootMoves> Database::root_moves(const Position& pos) const {
    std::optional<RootMoves> result;
    with_database_rules(variant_, [&](auto tag) { result = root_moves_as<typename decltype(tag)::Rules>(*this, pos); });
    return result;
}

Probe Database::probe(const Position& pos) const {
    Probe result;
    with_database_rules(variant_, [&](auto tag) { result = probe_as<typename decltype(tag)::Rules>(*this, pos); });
    return result;
}

Value Database::probe_quiet(const Position& pos) const {
    const Material m = material_of(pos);
    const SliceFile* file = slice(m);
    if (!file) return Value::Unknown;
    Value v = Value::Unknown;
    with_database_rules(variant_, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        v = file->get(SliceIndexer<R>(m).index(pos));
    });
    return v;
}

}  // namespace kroon::egdb
