// The engine's options in one typed table: name, type, range, default and help. The command
// line, the Hub's `param` lines and `set-param`, the console's `set` and the web's welcome are
// all made from it (docs/architecture.md, The play layer), so an option is added in one place.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "platform/result.hpp"

namespace kroon::play {

enum class OptionType { Integer, Boolean, Choice, Text };

// Which faces offer an option; the engine reads all of them.
enum Face : unsigned { CommandLine = 1, Hub = 2, Console = 4, Web = 8 };

struct OptionSpec {
    std::string_view name;  // as the command line (--name), the console and the web write it
    OptionType type = OptionType::Text;
    int low = 0;  // Integer: the range
    int high = 0;
    std::string_view fallback;              // the default, as text
    std::vector<std::string_view> choices;  // Choice: the values, as the engine writes them
    std::string_view help;
    std::string_view hub_name;  // the Hub parameter (Scan's name where Scan has one)
    unsigned faces = CommandLine | Hub | Console;
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
