#include "protocol/hub/parameters.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "engine/rules/traits.hpp"

namespace kroon::hub {
namespace {

Result<long long> read_integer(std::string_view text) {
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return Error{"'" + std::string(text) + "' is not an integer"};
    return value;
}

int mib_of_tt_size(int tt_size) { return 1 << (tt_size - 16); }  // 2^tt_size entries of 16 bytes

int tt_size_of_mib(int mib) {
    int tt_size = 16;
    while (tt_size < max_tt_size && mib_of_tt_size(tt_size + 1) <= mib) ++tt_size;
    return tt_size;
}

// Scan's five variants first, in Scan's order, then the rest of Kroon's.
std::string variant_values() {
    std::vector<Variant> order{Variant::International, Variant::Killer, Variant::Breakthrough, Variant::Frisian,
                               Variant::Antidraughts};
    for (const Variant v : all_variants)
        if (std::find(order.begin(), order.end(), v) == order.end()) order.push_back(v);
    std::string values;
    for (Variant v : order) values += (values.empty() ? "" : " ") + std::string(hub_variant_name(v));
    return values;
}

std::string param_line(const play::OptionSpec& spec, const std::string& value) {
    LineBuilder line("param");
    line.add("name", spec.hub_name);
    if (spec.hub_form == play::HubForm::Variant) {
        const auto variant = parse_variant(value);
        return line.add("value", hub_variant_name(variant.value_or(Variant::International)))
            .add("type", "enum")
            .add("values", variant_values())
            .str();
    }
    if (spec.hub_form == play::HubForm::TableSize)
        return line.add("value", std::to_string(tt_size_of_mib(std::stoi(value))))
            .add("type", "int")
            .add("min", std::to_string(min_tt_size))
            .add("max", std::to_string(max_tt_size))
            .str();
    line.add("value", spec.hub_form == play::HubForm::EmptyIsNone && value == "none" ? "" : value)
        .add("type", play::type_name(spec.type));
    if (spec.type == play::OptionType::Integer)
        line.add("min", std::to_string(spec.low)).add("max", std::to_string(spec.high));
    if (spec.type == play::OptionType::Choice) {
        std::string values;
        for (const auto& choice : spec.choices) values += (values.empty() ? "" : " ") + std::string(choice);
        line.add("values", values);
    }
    return line.str();
}

// Scan's parameters (its scan.ini and Hub names) that mean nothing to Kroon.
constexpr std::array<std::string_view, 2> scan_only_parameters{"bb-size", "book-ply"};

}  // namespace

std::string_view hub_variant_name(Variant variant) {
    switch (variant) {
        case Variant::International: return "normal";
        case Variant::Breakthrough: return "bt";
        case Variant::Antidraughts: return "losing";
        default: return rule_traits(variant).name;
    }
}

std::optional<Variant> parse_hub_variant(std::string_view text) {
    // draughtsnet's name for a game set up from a position; the rules are international.
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "fromposition" || lower == "from-position") return Variant::International;
    return parse_variant(text);
}

std::vector<std::string> param_lines(const play::OptionValues& values) {
    std::vector<std::string> lines;
    for (const play::OptionSpec& spec : play::option_table())
        if (spec.faces & play::Hub) lines.push_back(param_line(spec, values.text(spec.name)));
    return lines;
}

Result<std::optional<OptionRequest>> read_set_param(const Command& command) {
    const auto name = command.value("name");
    if (!name || name->empty()) return Error{"missing name"};
    const play::OptionSpec* spec = play::find_option(*name);
    if (!spec || !(spec->faces & play::Hub) || spec->hub_name != *name) return std::optional<OptionRequest>{};
    const std::string value = command.value("value").value_or("");
    const std::string option(spec->name);
    if (spec->hub_form == play::HubForm::Variant) {
        const auto variant = parse_hub_variant(value);
        if (!variant) return Error{"unknown variant '" + value + "'"};
        return std::optional<OptionRequest>{{option, std::string(rule_traits(*variant).name)}};
    }
    if (spec->type == play::OptionType::Integer) {
        const auto number = read_integer(value);
        if (!number) return Error{*name + ": " + number.error()};
        if (spec->hub_form == play::HubForm::TableSize) {
            const auto tt_size = static_cast<int>(std::clamp<long long>(*number, min_tt_size, max_tt_size));
            return std::optional<OptionRequest>{{option, std::to_string(mib_of_tt_size(tt_size))}};
        }
        // Scan clamps its integer parameters, and clients set up for Scan may count on it;
        // Kroon's own (multipv) refuse a value out of range.
        if (spec->hub_form == play::HubForm::Clamped)
            return std::optional<OptionRequest>{
                {option, std::to_string(std::clamp<long long>(*number, spec->low, spec->high))}};
    }
    if (spec->hub_form == play::HubForm::EmptyIsNone)
        return std::optional<OptionRequest>{{option, value.empty() ? "none" : value}};
    const auto read = play::read_option_value(*spec, value);
    if (!read) return Error{*name + ": " + read.error()};
    return std::optional<OptionRequest>{{option, *read}};
}

std::optional<std::string> ignored_parameter_warning(std::string_view name) {
    if (std::find(scan_only_parameters.begin(), scan_only_parameters.end(), name) != scan_only_parameters.end())
        return std::nullopt;
    const std::string quoted = "set-param name=" + std::string(name) + " ignored: ";
    const play::OptionSpec* spec = play::find_option(name);
    if (spec && (spec->faces & play::Hub)) {
        std::string warning = quoted + "the Hub name of this option is " + std::string(spec->hub_name);
        if (spec->hub_form == play::HubForm::TableSize) {
            const std::string mib(spec->fallback);
            warning += " (log2 of the number of 16-byte entries: " + std::to_string(tt_size_of_mib(std::stoi(mib))) +
                       " is " + mib + " MiB)";
        }
        return warning;
    }
    std::string names;
    for (const play::OptionSpec& offered : play::option_table())
        if (offered.faces & play::Hub) names += (names.empty() ? "" : ", ") + std::string(offered.hub_name);
    return quoted + "not a parameter of Kroon's (they are " + names + ")";
}

}  // namespace kroon::hub
