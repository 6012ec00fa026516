#include "play/options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "engine/rules/traits.hpp"
#include "eval/evaluate.hpp"

namespace kroon::play {
namespace {

std::vector<std::string_view> variant_choices() {
    std::vector<std::string_view> names;
    for (const Variant v : all_variants) names.push_back(rule_traits(v).name);
    return names;
}

std::vector<OptionSpec> make_table() {
    // In the order of the Hub's `param` lines, which clients show as they come.
    return {
        {"variant", OptionType::Choice, 0, 0, "international", variant_choices(),
         "the variant (kroon variants lists them; Scan's names normal, bt and losing work too)", "variant",
         CommandLine | Hub | Console | Web},
        {"ponder",
         OptionType::Boolean,
         0,
         0,
         "false",
         {},
         "the GUI ponders for the engine, so each move may take 1.2 times its share of the clock",
         "ponder",
         Hub},
        {"threads",
         OptionType::Integer,
         1,
         64,
         "1",
         {},
         "search threads",
         "threads",
         CommandLine | Hub | Console | Web},
        {"hash",
         OptionType::Integer,
         1,
         1 << 16,
         "64",
         {},
         "transposition table in MiB, at most half the memory the process may use",
         "tt-size",
         CommandLine | Hub | Console | Web},
        {"log",
         OptionType::Boolean,
         0,
         0,
         "false",
         {},
         "log every protocol line to a file (kroon hub --log FILE, else kroon-hub.log)",
         "log",
         Hub},
        {"eval",
         OptionType::Choice,
         0,
         0,
         "learned",
         {"learned", "hand"},
         "the evaluation: learned (weights learned from Kroon's games, where the variant has them) or hand (the "
         "hand-written terms)",
         "eval",
         CommandLine | Hub | Console | Web},
        {"eval-file",
         OptionType::Text,
         0,
         0,
         "",
         {},
         "learned weights from FILE instead of the built-in ones",
         "eval-file",
         CommandLine | Hub | Console | Web},
        {"egdb",
         OptionType::Text,
         0,
         0,
         "",
         {},
         "the folder of the endgame databases probed while searching (kroon egdb build), or none; by default the "
         "cache folder when it holds some",
         "egdb-path",
         CommandLine | Hub | Console | Web},
        {"book",
         OptionType::Text,
         0,
         0,
         "true",
         {},
         "the opening book: true (the built-in one, where the variant has one), false (none) or a book FILE (kroon "
         "book build)",
         "book",
         CommandLine | Hub | Console | Web},
        {"book-margin",
         OptionType::Integer,
         0,
         1000,
         "0",
         {},
         "play any book move within N hundredths of a man of the best, chosen at random (0: always the best)",
         "book-margin",
         CommandLine | Hub | Console | Web},
        {"multipv",
         OptionType::Integer,
         1,
         max_multi_pv,
         "1",
         {},
         "an analysis shows the best N moves, each with its score and line (a move to play is searched alone)",
         "multipv",
         CommandLine | Hub | Console},
    };
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Choices with other spellings: every name parse_variant and parse_eval_kind accept.
std::optional<std::string> canonical_choice(const OptionSpec& spec, std::string_view text) {
    if (spec.name == "variant") {
        const auto variant = parse_variant(text);
        if (!variant) return std::nullopt;
        return std::string(rule_traits(*variant).name);
    }
    if (spec.name == "eval") {
        const auto kind = eval::parse_eval_kind(lower(text));
        if (!kind) return std::nullopt;
        return std::string(eval::eval_kind_name(*kind));
    }
    const auto it = std::find(spec.choices.begin(), spec.choices.end(), text);
    if (it == spec.choices.end()) return std::nullopt;
    return std::string(*it);
}

// The book option: Scan's true and false (and none, the word of the other file options), or a
// file.
std::string canonical_book(std::string_view text) {
    const std::string word = lower(text);
    if (word == "true" || word == "on" || word == "yes" || word == "1" || word == "built-in") return "true";
    if (word == "false" || word == "off" || word == "no" || word == "0" || word == "none" || word.empty())
        return "false";
    return std::string(text);
}

std::string joined(const std::vector<std::string_view>& words, std::string_view separator) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : std::string(separator)) + std::string(w);
    return out;
}

// "learned or hand", "a, b or c".
std::string either(const std::vector<std::string_view>& words) {
    if (words.size() < 2) return joined(words, "");
    std::vector<std::string_view> head(words.begin(), words.end() - 1);
    return joined(head, ", ") + " or " + std::string(words.back());
}

}  // namespace

const std::vector<OptionSpec>& option_table() {
    static const std::vector<OptionSpec> table = make_table();
    return table;
}

const OptionSpec* find_option(std::string_view name) {
    for (const OptionSpec& spec : option_table())
        if (spec.name == name || spec.hub_name == name) return &spec;
    return nullptr;
}

std::string_view type_name(OptionType type) {
    switch (type) {
        case OptionType::Integer: return "int";
        case OptionType::Boolean: return "bool";
        case OptionType::Choice: return "enum";
        case OptionType::Text: return "string";
    }
    return "string";
}

std::string option_range_text(const OptionSpec& spec) {
    std::string range;
    if (spec.type == OptionType::Integer) range = std::to_string(spec.low) + " to " + std::to_string(spec.high);
    if (spec.type == OptionType::Choice && spec.name != "variant") range = joined(spec.choices, ", ");
    if (spec.fallback.empty()) return range;
    return range + (range.empty() ? "" : ", ") + "default " + std::string(spec.fallback);
}

Result<std::string> read_option_value(const OptionSpec& spec, std::string_view text) {
    const std::string quoted = "'" + std::string(text) + "'";
    switch (spec.type) {
        case OptionType::Integer: {
            long long value = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || ec != std::errc() || end != text.data() + text.size())
                return Error{quoted + " is not an integer"};
            if (value < spec.low || value > spec.high)
                return Error{quoted + " is not from " + std::to_string(spec.low) + " to " + std::to_string(spec.high)};
            return std::to_string(value);
        }
        case OptionType::Boolean: {
            const std::string word = lower(text);
            if (word == "true" || word == "1" || word == "yes" || word == "on") return std::string("true");
            if (word == "false" || word == "0" || word == "no" || word == "off") return std::string("false");
            return Error{quoted + " is not true or false"};
        }
        case OptionType::Choice: {
            if (auto value = canonical_choice(spec, text)) return *value;
            return Error{quoted + " is not " + either(spec.choices)};
        }
        case OptionType::Text:
            if (spec.name == "book") return canonical_book(text);
            return std::string(text);
    }
    return Error{"unknown option type"};
}

OptionValues::OptionValues() {
    for (const OptionSpec& spec : option_table()) values_[std::string(spec.name)] = spec.fallback;
}

Result<std::string> OptionValues::set(std::string_view name, std::string_view text) {
    const OptionSpec* spec = find_option(name);
    if (!spec) return Error{"no option '" + std::string(name) + "'"};
    auto value = read_option_value(*spec, text);
    if (!value) return Error{std::string(spec->name) + ": " + value.error()};
    values_[std::string(spec->name)] = *value;
    return *value;
}

const std::string& OptionValues::text(std::string_view name) const {
    const OptionSpec* spec = find_option(name);
    const auto it = values_.find(spec ? spec->name : name);
    if (it == values_.end()) throw std::invalid_argument("no option '" + std::string(name) + "'");  // our bug
    return it->second;
}

int OptionValues::integer(std::string_view name) const { return std::stoi(text(name)); }

bool OptionValues::boolean(std::string_view name) const { return text(name) == "true"; }

}  // namespace kroon::play
