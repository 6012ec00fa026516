// The Hub line codec (docs/protocols.md, Hub 2): a command word followed by `name=value` items and bare
// flags, values quoted with double quotes when they hold blanks, `=` or `"` or are empty.
// Reading is lenient (extra blanks, `\r\n`, unknown items kept for the caller to ignore);
// writing is strict, because client parsers are weaker than the grammar (docs/protocols.md, Hub 10).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/result.hpp"

namespace kroon::hub {

struct Item {
    std::string name;
    std::string value;  // "" for a flag
    bool is_flag = false;
};

struct Command {
    std::string name;  // "" for a blank line
    std::vector<Item> items;

    // The value of the first item called `name`, flags included (as "").
    std::optional<std::string> value(std::string_view item_name) const;
    bool has(std::string_view item_name) const { return value(item_name).has_value(); }
};

// Splits one input line. Fails only on an unterminated quoted value.
Result<Command> parse_line(std::string_view line);

// True when a value must be quoted on output: empty, or holding anything other than
// printable non-blank characters other than `=` and `"`.
bool needs_quotes(std::string_view value);

// Builds one output line: `command name=value ...`. Values are quoted only when needed; a `"`
// inside a value cannot be written in Hub, so it becomes `'`.
class LineBuilder {
public:
    explicit LineBuilder(std::string_view command) : line_(command) {}
    LineBuilder& add(std::string_view name, std::string_view value);
    const std::string& str() const { return line_; }

private:
    std::string line_;
};

// `error message="..."`; `=` in the text becomes `:` so that every client can split the line.
std::string error_line(std::string_view message);

}  // namespace kroon::hub
