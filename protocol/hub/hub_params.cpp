#include "protocol/hub/hub_params.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/rulebook/rulebook.hpp"

namespace kroon::hub {
namespace {

Result<int> read_int(std::string_view text, int low, int high) {
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return Error{"'" + std::string(text) + "' is not an integer"};
    return static_cast<int>(std::clamp<long long>(value, low, high));
}

Result<bool> read_bool(std::string_view text) {
    if (text == "true" || text == "1" || text == "yes" || text == "on") return true;
    if (text == "false" || text == "0" || text == "no" || text == "off") return false;
    return Error{"'" + std::string(text) + "' is not true or false"};
}

std::string int_param(std::string_view name, int value, int low, int high) {
    return LineBuilder("param")
        .add("name", name)
        .add("value", std::to_string(value))
        .add("type", "int")
        .add("min", std::to_string(low))
        .add("max", std::to_string(high))
        .str();
}

}  // namespace

int Params::hash_mib() const { return 1 << (tt_size - 16); }

std::string_view hub_variant_name(Variant variant) {
    switch (variant) {
        case Variant::International: return "normal";
        case Variant::Breakthrough: return "bt";
        case Variant::Antidraughts: return "losing";
        default: return rulebook(variant).name();
    }
}

std::optional<Variant> parse_hub_variant(std::string_view text) {
    // draughtsnet's name for a game set up from a position; the rules are international.
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "fromposition" || lower == "from-position") return Variant::International;
    return parse_variant(text);
}

std::vector<std::string> param_lines(const Params& params) {
    // Scan's five first, in Scan's order, then the rest of Kroon's.
    std::vector<Variant> order{Variant::International, Variant::Killer, Variant::Breakthrough, Variant::Frisian,
                               Variant::Antidraughts};
    for (const Variant v : all_variants)
        if (std::find(order.begin(), order.end(), v) == order.end()) order.push_back(v);
    std::string values;
    for (Variant v : order) values += (values.empty() ? "" : " ") + std::string(hub_variant_name(v));
    return {
        LineBuilder("param")
            .add("name", "variant")
            .add("value", hub_variant_name(params.variant))
            .add("type", "enum")
            .add("values", values)
            .str(),
        LineBuilder("param")
            .add("name", "ponder")
            .add("value", params.ponder ? "true" : "false")
            .add("type", "bool")
            .str(),
        int_param("threads", params.threads, min_threads, max_threads),
        int_param("tt-size", params.tt_size, min_tt_size, max_tt_size),
        LineBuilder("param").add("name", "log").add("value", params.log ? "true" : "false").add("type", "bool").str(),
        LineBuilder("param")
            .add("name", "eval")
            .add("value", eval::eval_kind_name(params.eval))
            .add("type", "enum")
            .add("values", "learned hand")
            .str(),
        LineBuilder("param").add("name", "eval-file").add("value", params.eval_file).add("type", "string").str(),
        LineBuilder("param").add("name", "egdb-path").add("value", params.egdb_path).add("type", "string").str(),
    };
}

Result<ParamChange> set_param(Params& params, const Command& command) {
    const auto name = command.value("name");
    if (!name || name->empty()) return Error{"missing name"};
    const auto given = command.value("value");
    const std::string value = given ? *given : "";
    if (*name == "variant") {
        const auto variant = parse_hub_variant(value);
        if (!variant) return Error{"unknown variant '" + value + "'"};
        params.variant = *variant;
        return ParamChange::Variant;
    }
    if (*name == "threads") {
        const auto n = read_int(value, min_threads, max_threads);
        if (!n) return Error{"threads: " + n.error()};
        params.threads = *n;
        return ParamChange::Threads;
    }
    if (*name == "tt-size") {
        const auto n = read_int(value, min_tt_size, max_tt_size);
        if (!n) return Error{"tt-size: " + n.error()};
        params.tt_size = *n;
        return ParamChange::Hash;
    }
    if (*name == "ponder") {
        const auto b = read_bool(value);
        if (!b) return Error{"ponder: " + b.error()};
        params.ponder = *b;
        return ParamChange::Ponder;
    }
    if (*name == "eval") {
        const auto kind = eval::parse_eval_kind(value);
        if (!kind) return Error{"eval: '" + value + "' is not learned or hand"};
        params.eval = *kind;
        return ParamChange::Eval;
    }
    if (*name == "eval-file") {
        params.eval_file = value;
        return ParamChange::EvalFile;
    }
    if (*name == "egdb-path") {
        params.egdb_path = value == "none" ? "" : value;
        return ParamChange::EgdbPath;
    }
    if (*name == "log") {
        const auto b = read_bool(value);
        if (!b) return Error{"log: " + b.error()};
        params.log = *b;
        return ParamChange::Log;
    }
    return ParamChange::None;
}

}  // namespace kroon::hub
