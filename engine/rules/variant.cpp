#include "engine/rules/variant.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace kroon {

std::string_view variant_name(Variant v) {
    return with_rules(v, [](auto tag) -> std::string_view { return decltype(tag)::Rules::name; });
}

std::optional<Variant> parse_variant(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Other names players and protocols use (Scan's Hub values among them).
    static constexpr std::pair<std::string_view, Variant> aliases[] = {
        {"normal", Variant::International}, {"10x10", Variant::International},
        {"standard", Variant::International}, {"fries", Variant::Frisian},
        {"checkers", Variant::English},      {"american", Variant::English},
        {"draughts", Variant::English},      {"shashki", Variant::Russian},
        {"swedish", Variant::Brazilian},     {"danish", Variant::Brazilian},
        {"tammi", Variant::Finnish},         {"bt", Variant::Breakthrough},
        {"losing", Variant::Antidraughts},   {"frysk!", Variant::Frysk},
        {"mak-hos", Variant::Thai},
    };
    for (const auto& [alias, variant] : aliases)
        if (lower == alias) return variant;
#define KROON_VARIANT_NAME(enum_name, rules) \
    if (lower == rules::name) return Variant::enum_name;
    KROON_VARIANTS(KROON_VARIANT_NAME)
#undef KROON_VARIANT_NAME
    return std::nullopt;
}

std::string variant_names() {
    std::string names;
#define KROON_VARIANT_LIST(enum_name, rules) names += names.empty() ? rules::name : std::string(", ") + rules::name;
    KROON_VARIANTS(KROON_VARIANT_LIST)
#undef KROON_VARIANT_LIST
    return names;
}

int board_squares(Variant v) {
    return with_rules(v, [](auto tag) { return decltype(tag)::Rules::Board::squares; });
}

}  // namespace kroon
