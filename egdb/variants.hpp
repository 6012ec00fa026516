// The variants Kroon builds databases for: those where a side without a piece or a move loses
// and a crowning only makes a king (Frisian's slices also number the art. 17 king-move state).
// Antidraughts, where the side without a move wins, and breakthrough, where the first king
// wins, score differently. A property of the rules, so a new variant of KROON_VARIANTS
// (engine/rules/variant.hpp) gets its databases by its rules alone.
#pragma once

#include <string>
#include <vector>

#include "engine/rulebook/rulebook.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::egdb {

template <class R>
inline constexpr bool has_database_rules = !R::first_king_wins && !R::losing_game;

constexpr bool has_databases(Variant v) {
    return with_rules(v, [](auto tag) { return has_database_rules<typename decltype(tag)::Rules>; });
}

// Whether the engine probes v's databases in play. Killer's kings win endings of two kings
// against one (a king that takes the last piece stops right behind it) that KNDB art. 9b draws
// after five moves each; its stored wins and distances cannot count that article, and in
// self-play from endgames the engine with them drew most of the wins it steered into (-52 Elo,
// docs/egdb.md). Its files are built, verified and probed by `kroon egdb`, not used in play.
constexpr bool plays_with_databases(Variant v) { return has_databases(v) && v != Variant::Killer; }

// The variant whose files hold v's databases: frysk! differs from Frisian only in its start, so
// its endings are Frisian's and it reads Frisian's files (half the build, 50 MB less).
constexpr Variant database_files_of(Variant v) { return v == Variant::Frysk ? Variant::Frisian : v; }

// Calls f(Tag<Rules>{}) for a variant with databases and returns true; false for the others.
template <class F>
bool with_database_rules(Variant v, F&& f) {
    return with_rules(v, [&](auto tag) {
        if constexpr (has_database_rules<typename decltype(tag)::Rules>) {
            f(tag);
            return true;
        } else {
            return false;
        }
    });
}

// Their names for messages: "international, frisian, english, brazilian and frysk".
inline std::string variants_with_databases() {
    std::vector<std::string> names;
    for (const Variant v : all_variants)
        if (has_databases(v)) names.emplace_back(rulebook(v).name());
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return text;
}

}  // namespace kroon::egdb
