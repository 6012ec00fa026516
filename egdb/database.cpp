#include "egdb/database.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <regex>

#include "egdb/indexer.hpp"
#include "egdb/variants.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/rules/rulebook.hpp"

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
    const std::uint64_t index = SliceIndexer<typename R::Board>(m).index(pos);
    return {file->get(index), Source::Stored, m, index};
}

}  // namespace

int variant_code(Variant variant) { return rulebook(variant).traits().pdn_game_type; }

std::shared_ptr<const Database> Database::open(const std::filesystem::path& dir, Variant variant) {
    std::shared_ptr<Database> db(new Database());
    db->variant_ = variant;
    db->folder_ = dir;
    const std::string prefix(rulebook(variant).name());
    with_database_rules(variant, [&](auto tag) {
        using B = typename decltype(tag)::Rules::Board;
        std::error_code ec;
        std::vector<std::filesystem::path> paths;
        for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) paths.push_back(entry.path());
        if (ec) {
            spdlog::warn("endgame databases: cannot read {}: {}", dir.string(), ec.message());
            return;
        }
        std::sort(paths.begin(), paths.end());
        const std::regex pattern(prefix + "-wm([0-7])wk([0-7])bm([0-7])bk([0-7])\\.egdb");
        for (const auto& path : paths) {
            std::smatch match;
            const std::string name = path.filename().string();
            if (!std::regex_match(name, match, pattern)) continue;
            const Material m{match[1].str()[0] - '0', match[2].str()[0] - '0', match[3].str()[0] - '0',
                             match[4].str()[0] - '0'};
            if (m.pieces() > max_database_pieces || m.white() == 0 || m.black() == 0) continue;
            auto file = SliceFile::open(path, variant_code(variant), m, SliceIndexer<B>(m).size());
            if (!file) {
                spdlog::warn("endgame databases: ignoring {}", file.error());
                continue;
            }
            db->slots_[m.key()] = file->get();
            db->files_.push_back(*file);
        }
    });
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
    return total;
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
        using B = typename decltype(tag)::Rules::Board;
        v = file->get(SliceIndexer<B>(m).index(pos));
    });
    return v;
}

}  // namespace kroon::egdb
