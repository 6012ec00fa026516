// Small helpers for the `kroon` subcommands: options of the form `--name value` and errors
// that say what was wrong.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/result.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::cli {

struct Arguments {
    std::vector<std::string> positional;
    std::vector<std::pair<std::string, std::string>> options;  // --name value
    std::vector<std::string> flags;                             // --name without value

    bool has_flag(const std::string& name) const;
    std::optional<std::string> option(const std::string& name) const;
};

// Splits argv; `valued` lists the options that take a value. Unknown `--x` is an error.
Result<Arguments> parse_arguments(const std::vector<std::string>& args,
                                  const std::vector<std::string>& valued,
                                  const std::vector<std::string>& flags);

Result<int> parse_int(const std::string& text, const std::string& what, int low, int high);

struct Setup {
    Variant variant = Variant::International;
    Position position;
};
// Reads --variant and --fen (or the word `start` among the positional arguments).
Result<Setup> read_setup(const Arguments& args);

}  // namespace kroon::cli
