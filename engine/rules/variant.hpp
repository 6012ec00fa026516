// The variants Kroon plays and the run-time switch that maps a Variant value (from the
// command line, Hub set-param or DXP) to the rules struct the hot code is instantiated for.
// Code above the hot loop asks the variant's Rulebook (engine/rulebook/) instead; with_rules
// is for the Rulebook itself and for the templated search and evaluation.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/rules/rules.hpp"
#include "engine/rules/variants_10x10.hpp"
#include "engine/rules/variants_8x8.hpp"

namespace kroon {

// Every supported variant, in one list: X(EnumName, RulesStruct).
#define KROON_VARIANTS(X)           \
    X(International, International) \
    X(Frisian, Frisian)             \
    X(English, English)             \
    X(Brazilian, Brazilian)         \
    X(Russian, Russian)             \
    X(Pool, Pool)                   \
    X(Czech, Czech)                 \
    X(Spanish, Spanish)             \
    X(Italian, Italian)             \
    X(Thai, Thai)                   \
    X(Norwegian, Norwegian)         \
    X(Finnish, Finnish)             \
    X(Killer, Killer)               \
    X(Breakthrough, Breakthrough)   \
    X(Antidraughts, Antidraughts)   \
    X(Frysk, Frysk)

enum class Variant {
#define KROON_VARIANT_ENUM(name, rules) name,
    KROON_VARIANTS(KROON_VARIANT_ENUM)
#undef KROON_VARIANT_ENUM
};

inline constexpr Variant all_variants[] = {
#define KROON_VARIANT_VALUE(name, rules) Variant::name,
    KROON_VARIANTS(KROON_VARIANT_VALUE)
#undef KROON_VARIANT_VALUE
};

template <class R>
struct Tag {
    using Rules = R;
};

// Calls f(Tag<Rules>{}) with the rules of the variant; use once per command, never per node.
template <class F>
constexpr decltype(auto) with_rules(Variant v, F&& f) {
    switch (v) {
#define KROON_VARIANT_CASE(name, rules) \
    case Variant::name: return std::forward<F>(f)(Tag<rules>{});
        KROON_VARIANTS(KROON_VARIANT_CASE)
#undef KROON_VARIANT_CASE
    }
    return std::forward<F>(f)(Tag<International>{});
}

// Accepts the names users type: "international"/"normal"/"10x10", "frisian", "english"/"checkers".
std::optional<Variant> parse_variant(std::string_view text);
// Every variant's name, comma separated, for help texts and error messages.
std::string variant_names();

}  // namespace kroon
