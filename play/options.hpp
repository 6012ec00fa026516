// The engine's options in one typed table: name, type, range, default, help, the Hub's name and
// form, and the option's effect on a thinker. The command line, the Hub's `param` lines and
// `set-param`, the console's `set` (and its own commands for options) and the web's engines are
// all made from it (docs/architecture.md, The play layer), so an option is added in one row.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/result.hpp"

namespace kroon::play {

enum class OptionType { Integer, Boolean, Choice, Text };

// Which faces offer an option; the engine reads all of them.
enum Face : unsigned { CommandLine = 1, Hub = 2, Console = 4, Web = 8 };

// How the Hub writes an option where it differs from the table (protocol/hub/parameters.cpp).
enum class HubForm {
    Plain,
    Clamped,      // an integer out of range is clamped, as Scan does, not refused
    TableSize,    // tt-size: log2 of the number of 16-byte entries, not MiB
    Variant,      // Scan's variant names (normal, bt, losing)
    EmptyIsNone,  // an empty value is none
};

class Thinker;
// What setting the option does to a thinker, given a value read by read_option_value: the
// value, or why it cannot be applied (a file that does not open); an error changes nothing.
using OptionEffect = Result<std::string> (*)(Thinker& thinker, const std::string& value);

struct OptionSpec {
    std::string_view name{};  // as the command line (--name), the console and the web write it
    OptionType type = OptionType::Text;
    int low = 0;  // Integer: the range
    int high = 0;
    std::string_view fallback{};              // the default, as text
    std::vector<std::string_view> choices{};  // Choice: the values, as the engine writes them
    std::string_view help{};
    std::string_view hub_name{};  // the Hub parameter (Scan's name where Scan has one)
    unsigned faces = CommandLine | Hub | Console;
    std::string_view value_name{};  // the command line's placeholder; by default N for an integer, else FILE
    HubForm hub_form = HubForm::Plain;
    // The canonical text of other spellings ("normal" is "international"), none for no value.
    std::optional<std::string> (*canonical)(std::string_view text) = nullptr;
    OptionEffect effect = nullptr;  // none: the option is read where it is used
};

// The most principal variations an analysis may ask for (the multipv option).
inline constexpr int max_multi_pv = 100;

const std::vector<OptionSpec>& option_table();
// By its name or its Hub name; null for an unknown option.
const OptionSpec* find_option(std::string_view name);

// "int", "bool", "enum", "string": the Hub's words for the types.
std::string_view type_name(OptionType type);
// The range and default for a help text: "1 to 64, default 1".
std::string option_range_text(const OptionSpec& spec);

// The canonical text of a value for the option ("true" for "on", "international" for
// "normal"), or why it is not one. Integers must lie in the range.
Result<std::string> read_option_value(const OptionSpec& spec, std::string_view text);

// Option values as text, every option of the table present.
class OptionValues {
public:
    OptionValues();  // the defaults
    // Sets a value read by read_option_value; an unknown name or a bad value is an error and
    // changes nothing.
    Result<std::string> set(std::string_view name, std::string_view text);
    const std::string& text(std::string_view name) const;
    int integer(std::string_view name) const;
    bool boolean(std::string_view name) const;

private:
    std::map<std::string, std::string, std::less<>> values_;
};

}  // namespace kroon::play
