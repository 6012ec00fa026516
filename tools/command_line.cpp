#include "tools/command_line.hpp"

#include <algorithm>
#include <charconv>

#include "engine/rules/rulebook.hpp"

namespace kroon::cli {

bool Arguments::has_flag(const std::string& name) const {
    return std::find(flags.begin(), flags.end(), name) != flags.end();
}

std::optional<std::string> Arguments::option(const std::string& name) const {
    for (const auto& [key, value] : options)
        if (key == name) return value;
    return std::nullopt;
}

Result<Arguments> parse_arguments(const std::vector<std::string>& args,
                                  const std::vector<std::string>& valued,
                                  const std::vector<std::string>& flags) {
    Arguments out;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            std::string name = a.substr(2);
            std::optional<std::string> inline_value;
            if (const auto eq = name.find('='); eq != std::string::npos) {
                inline_value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            if (std::find(valued.begin(), valued.end(), name) != valued.end()) {
                if (inline_value) {
                    out.options.emplace_back(name, *inline_value);
                } else {
                    if (i + 1 >= args.size()) return Error{"option --" + name + " needs a value"};
                    out.options.emplace_back(name, args[++i]);
                }
            } else if (std::find(flags.begin(), flags.end(), name) != flags.end() && !inline_value) {
                out.flags.push_back(name);
            } else {
                return Error{"unknown option --" + name};
            }
        } else {
            out.positional.push_back(a);
        }
    }
    return out;
}

Result<int> parse_int(const std::string& text, const std::string& what, int low, int high) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return Error{what + " must be a whole number, not '" + text + "'"};
    if (value < low || value > high)
        return Error{what + " must be between " + std::to_string(low) + " and " + std::to_string(high)};
    return value;
}

Result<Setup> read_setup(const Arguments& args) {
    Setup setup;
    if (const auto v = args.option("variant")) {
        const auto parsed = parse_variant(*v);
        if (!parsed) return Error{"unknown variant '" + *v + "' (one of: " + variant_names() + ")"};
        setup.variant = *parsed;
    }
    const Rulebook& rules = rulebook(setup.variant);
    setup.position = rules.start_position();
    if (const auto fen = args.option("fen"); fen && *fen != "start") {
        const auto pos = rules.parse_fen(*fen);
        if (!pos) return Error{"bad FEN: " + pos.error()};
        setup.position = *pos;
    }
    return setup;
}

}  // namespace kroon::cli
