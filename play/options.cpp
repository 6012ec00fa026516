#include "play/options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "engine/rules/traits.hpp"
#include "eval/evaluate.hpp"
#include "play/strength.hpp"
#include "play/thinker.hpp"

namespace kroon::play {
namespace {

const std::string elo_fallback = std::to_string(full_strength_elo);

std::vector<std::string_view> variant_choices() {
    std::vector<std::string_view> names;
    for (const Variant v : all_variants) names.push_back(rule_traits(v).name);
    return names;
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The other spellings of a choice: every name parse_variant and parse_eval_kind accept.
std::optional<std::string> canonical_variant(std::string_view text) {
    const auto variant = parse_variant(text);
    if (!variant) return std::nullopt;
    return std::string(rule_traits(*variant).name);
}

std::optional<std::string> canonical_eval(std::string_view text) {
    const auto kind = eval::parse_eval_kind(lower(text));
    if (!kind) return std::nullopt;
    return std::string(eval::eval_kind_name(*kind));
}

// The book option: Scan's true and false (and none, the word of the other file options), or a
// file.
std::optional<std::string> canonical_book(std::string_view text) {
    const std::string word = lower(text);
    if (word == "true" || word == "on" || word == "yes" || word == "1" || word == "built-in") return "true";
    if (word == "false" || word == "off" || word == "no" || word == "0" || word == "none" || word.empty())
        return "false";
    return std::string(text);
}

std::vector<OptionSpec> make_table() {
    // In the order of the Hub's `param` lines, which clients show as they come. Each row's
    // effect is what setting it does to a thinker (play/thinker.hpp); a row without one is read
    // where it is used (ponder and multipv by each search, book-margin by the book's choice).
    return {
        {.name = "variant",
         .type = OptionType::Choice,
         .fallback = "international",
         .choices = variant_choices(),
         .help = "the variant (kroon variants lists them; Scan's names normal, bt and losing work too)",
         .hub_name = "variant",
         .faces = CommandLine | Hub | Console | Web,
         .value_name = "V",
         .hub_form = HubForm::Variant,
         .canonical = canonical_variant,
         .effect = [](Thinker& t, const std::string& v) -> Result<std::string> {
             t.set_variant(*parse_variant(v));
             return v;
         }},
        {.name = "ponder",
         .type = OptionType::Boolean,
         .fallback = "false",
         .help = "the GUI ponders for the engine, so each move may take 1.2 times its share of the clock",
         .hub_name = "ponder",
         .faces = Hub},
        {.name = "threads",
         .type = OptionType::Integer,
         .low = 1,
         .high = 64,
         .fallback = "1",
         .help = "search threads",
         .hub_name = "threads",
         .faces = CommandLine | Hub | Console | Web,
         .hub_form = HubForm::Clamped,
         .effect = [](Thinker& t, const std::string& v) -> Result<std::string> {
             t.set_threads(std::stoi(v));
             return v;
         }},
        {.name = "hash",
         .type = OptionType::Integer,
         .low = 1,
         .high = 1 << 16,
         .fallback = "64",
         .help = "transposition table in MiB, at most half the memory the process may use",
         .hub_name = "tt-size",
         .faces = CommandLine | Hub | Console | Web,
         .value_name = "MIB",
         .hub_form = HubForm::TableSize,
         .effect = [](Thinker& t, const std::string& v) -> Result<std::string> {
             t.set_hash_mib(std::stoi(v));
             return v;
         }},
        {.name = "log",
         .type = OptionType::Boolean,
         .fallback = "false",
         .help = "log every protocol line to a file (kroon hub --log FILE, else kroon-hub.log)",
         .hub_name = "log",
         .faces = Hub},
        {.name = "eval",
         .type = OptionType::Choice,
         .fallback = "learned",
         .choices = {"learned", "hand"},
         .help = "the evaluation: learned (weights learned from Kroon's games, where the variant has them) or hand "
                 "(the hand-written terms)",
         .hub_name = "eval",
         .faces = CommandLine | Hub | Console | Web,
         .value_name = "KIND",
         .canonical = canonical_eval,
         .effect = [](Thinker& t, const std::string& v) -> Result<std::string> {
             t.set_evaluation_kind(*eval::parse_eval_kind(v));
             return v;
         }},
        {.name = "eval-file",
         .type = OptionType::Text,
         .help = "learned weights from FILE instead of the built-in ones",
         .hub_name = "eval-file",
         .faces = CommandLine | Hub | Console | Web,
         .effect = [](Thinker& t, const std::string& v) { return t.set_eval_file(v); }},
        {.name = "egdb",
         .type = OptionType::Text,
         .help = "the folder of the endgame databases probed while searching (kroon egdb build), or none; by "
                 "default the cache folder when it holds some",
         .hub_name = "egdb-path",
         .faces = CommandLine | Hub | Console | Web,
         .value_name = "DIR|none",
         .hub_form = HubForm::EmptyIsNone,
         .effect = [](Thinker& t, const std::string& v) { return t.set_egdb_folder(v); }},
        {.name = "book",
         .type = OptionType::Text,
         .fallback = "true",
         .help = "the opening book: true (the built-in one, where the variant has one), false (none) or a book FILE "
                 "(kroon book build)",
         .hub_name = "book",
         .faces = CommandLine | Hub | Console | Web,
         .value_name = "FILE|true|false",
         .canonical = canonical_book,
         .effect = [](Thinker& t, const std::string& v) { return t.set_book(v); }},
        {.name = "book-margin",
         .type = OptionType::Integer,
         .low = 0,
         .high = 1000,
         .fallback = "0",
         .help = "play any book move within N hundredths of a man of the best, chosen at random (0: always the best)",
         .hub_name = "book-margin",
         .faces = CommandLine | Hub | Console | Web,
         .hub_form = HubForm::Clamped},
        {.name = "multipv",
         .type = OptionType::Integer,
         .low = 1,
         .high = max_multi_pv,
         .fallback = "1",
         .help = "an analysis shows the best N moves, each with its score and line (a move to play is searched alone)",
         .hub_name = "multipv",
         .faces = CommandLine | Hub | Console},
        {.name = "skill",
         .type = OptionType::Integer,
         .low = 0,
         .high = static_cast<int>(full_skill),
         .fallback = "100",
         .help = "the knob under the Elo scale, from 0 (the weakest) to 100 (full strength), for calibrating it "
                 "(docs/levels.md); people choose an elo",
         .hub_name = "skill",
         .faces = CommandLine,
         .effect = [](Thinker& t, const std::string& v) -> Result<std::string> {
             t.set_strength(Strength{std::stod(v)});
             return v;
         }},
        // After skill: given both, the Elo wins.
        {.name = "elo",
         .type = OptionType::Integer,
         .low = elo_steps().front().elo,
         .high = full_strength_elo,
         .fallback = elo_fallback,
         .help = "play at about this Elo, from a beginner to full strength (the top of the range); the scale and what "
                 "each step scored are in docs/levels.md",
         .hub_name = "elo",
         .faces = CommandLine | Hub | Console | Web,
         .effect = [](Thinker& t, const std::string& v) -> Result<std::string> {
             t.set_strength(strength_of_elo(std::stoi(v)));
             return v;
         }},
    };
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
    // The variants are too many to list here (kroon variants lists them).
    if (spec.type == OptionType::Choice && spec.hub_form != HubForm::Variant) range = joined(spec.choices, ", ");
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
            if (spec.canonical) {
                if (auto value = spec.canonical(text)) return *value;
            } else if (std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end()) {
                return std::string(text);
            }
            return Error{quoted + " is not " + either(spec.choices)};
        }
        case OptionType::Text:
            if (spec.canonical) return *spec.canonical(text);
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
