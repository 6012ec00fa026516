// The Hub front end (protocol/hub): input lines through hub::Session as a GUI would send
// them, without starting searches. Invariants: the session never crashes; every line it
// writes is one Hub line of printable ASCII that reads back; a command line rebuilt with
// LineBuilder reads back to the same items; a `pos=` string that parses prints back to
// itself (docs/protocols.md, Hub 2 and 8).
#include <spdlog/spdlog.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/rulebook/rulebook.hpp"
#include "fuzz/fuzz_check.hpp"
#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/position_text.hpp"
#include "protocol/hub/session.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;

namespace {

bool printable_line(const std::string& line) {
    for (const char c : line) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f) return false;
    }
    return true;
}

// Items that LineBuilder writes as they are: a plain name, and no '"' in the value (which
// Hub cannot write, so LineBuilder turns it into '\'').
bool rebuildable(const hub::Command& command) {
    for (const hub::Item& item : command.items)
        if (item.is_flag || item.name.empty() || hub::needs_quotes(item.name) ||
            item.value.find('"') != std::string::npos)
            return false;
    return !command.name.empty() && !hub::needs_quotes(command.name);
}

void check_line_codec(std::string_view line) {
    const auto command = hub::parse_line(line);
    if (!command || !rebuildable(*command)) return;
    hub::LineBuilder builder(command->name);
    for (const hub::Item& item : command->items) builder.add(item.name, item.value);
    const auto again = hub::parse_line(builder.str());
    require(again.ok(), "a rebuilt line parses", [&] { return shown(line) + " -> " + shown(builder.str()); });
    require(again->name == command->name && again->items.size() == command->items.size(),
            "a rebuilt line has the same items", [&] { return shown(line) + " -> " + shown(builder.str()); });
    for (size_t i = 0; i < command->items.size(); ++i)
        require(again->items[i].name == command->items[i].name && again->items[i].value == command->items[i].value,
                "a rebuilt item reads back", [&] { return shown(line) + " -> " + shown(builder.str()); });
}

void check_position(const Rulebook& rules, const std::string& text) {
    const auto pos = hub::parse_position(rules, text);
    if (!pos) return;
    const std::string printed = hub::format_position(rules, *pos);
    const auto again = hub::parse_position(rules, printed);
    require(again.ok() && *again == *pos, "a Hub position prints back to itself",
            [&] { return shown(text) + " -> " + printed; });
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);  // the session's warnings are not what is tested
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> written;
    hub::Session session([&](const std::string& line) { written.push_back(line); });
    std::string_view input = fuzz::as_text(data, size);
    while (!input.empty()) {
        const size_t end = input.find('\n');
        const std::string_view line = input.substr(0, end);
        input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
        check_line_codec(line);
        const auto command = hub::parse_line(line);
        if (command) {
            // No searches (they would measure the search, not the front end) and no files.
            const std::string& name = command->name;
            if (name == "go" || name == "init" || name == "new-game") continue;
            if (name == "set-param" && command->value("name") == "eval-file") continue;
            if (name == "pos")
                if (const auto text = command->value("pos"))
                    check_position(rulebook(*parse_variant(session.options().text("variant"))), *text);
        }
        if (!session.handle_line(line)) break;  // quit
    }
    for (const std::string& line : written) {
        require(printable_line(line), "the engine writes printable ASCII only", [&] { return shown(line); });
        const auto parsed = hub::parse_line(line);
        require(parsed.ok() && !parsed->name.empty(), "the engine writes lines that parse",
                [&] { return shown(line); });
    }
    return 0;
}
