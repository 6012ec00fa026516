// The variants Kroon builds databases for: those where a side without a move loses, with no
// state beyond the pieces and the side to move (Frisian art. 17 counts king moves, so Frisian
// positions carry more than a slice index holds; antidraughts and breakthrough score
// differently). X(EnumName, RulesStruct), as KROON_VARIANTS.
#pragma once

#include "engine/rules/variant.hpp"

namespace kroon::egdb {

#define KROON_EGDB_VARIANTS(X)      \
    X(International, International) \
    X(Brazilian, Brazilian)         \
    X(English, English)

constexpr bool has_databases(Variant v) {
#define KROON_EGDB_CASE(name, rules) \
    if (v == Variant::name) return true;
    KROON_EGDB_VARIANTS(KROON_EGDB_CASE)
#undef KROON_EGDB_CASE
    return false;
}

// Calls f(Tag<Rules>{}) for a variant with databases and returns true; false for the others.
template <class F>
bool with_database_rules(Variant v, F&& f) {
    switch (v) {
#define KROON_EGDB_CASE(name, rules) \
    case Variant::name: f(Tag<rules>{}); return true;
        KROON_EGDB_VARIANTS(KROON_EGDB_CASE)
#undef KROON_EGDB_CASE
        default: return false;
    }
}

}  // namespace kroon::egdb
