#include "engine/rules/variant.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "engine/rules/traits.hpp"

namespace kroon {

std::optional<Variant> parse_variant(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Other names players and protocols use (Scan's Hub values among them).
    static constexpr std::pair<std::string_view, Variant> aliases[] = {
        {"normal", Variant::International}, {"10x10", Variant::International}, {"standard", Variant::International},
        {"fries", Variant::Frisian},        {"checkers", Variant::English},    {"american", Variant::English},
        {"draughts", Variant::English},     {"shashki", Variant::Russian},     {"swedish", Variant::Brazilian},
        {"danish", Variant::Brazilian},     {"tammi", Variant::Finnish},       {"bt", Variant::Breakthrough},
        {"losing", Variant::Antidraughts},  {"frysk!", Variant::Frysk},        {"mak-hos", Variant::Thai},
    };
    for (const auto& [alias, variant] : aliases)
        if (lower == alias) return variant;
    for (const Variant v : all_variants)
        if (lower == rule_traits(v).name) return v;
    return std::nullopt;
}

std::string variant_names() {
    std::string names;
    for (const Variant v : all_variants) names += (names.empty() ? "" : ", ") + std::string(rule_traits(v).name);
    return names;
}

}  // namespace kroon
