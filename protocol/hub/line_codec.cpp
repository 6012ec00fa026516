#include "protocol/hub/line_codec.hpp"

#include <algorithm>

namespace kroon::hub {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

}  // namespace

std::optional<std::string> Command::value(std::string_view item_name) const {
    for (const Item& item : items)
        if (item.name == item_name) return item.value;
    return std::nullopt;
}

Result<Command> parse_line(std::string_view line) {
    Command command;
    size_t i = 0;
    const auto skip_blanks = [&] {
        while (i < line.size() && is_blank(line[i])) ++i;
    };
    skip_blanks();
    const size_t word = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    command.name = std::string(line.substr(word, i - word));
    for (;;) {
        skip_blanks();
        if (i >= line.size()) return command;
        Item item;
        const size_t name_start = i;
        while (i < line.size() && !is_blank(line[i]) && line[i] != '=') ++i;
        item.name = std::string(line.substr(name_start, i - name_start));
        if (i >= line.size() || line[i] != '=') {
            item.is_flag = true;
            command.items.push_back(std::move(item));
            continue;
        }
        ++i;  // '='
        if (i < line.size() && line[i] == '"') {
            const size_t close = line.find('"', i + 1);
            if (close == std::string_view::npos) return Error{"unterminated quote after " + item.name};
            item.value = std::string(line.substr(i + 1, close - i - 1));
            i = close + 1;
        } else {
            const size_t value_start = i;
            while (i < line.size() && !is_blank(line[i])) ++i;
            item.value = std::string(line.substr(value_start, i - value_start));
        }
        command.items.push_back(std::move(item));
    }
}

bool needs_quotes(std::string_view value) {
    if (value.empty()) return true;
    return std::any_of(value.begin(), value.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u <= ' ' || u >= 127 || c == '=' || c == '"';
    });
}

LineBuilder& LineBuilder::add(std::string_view name, std::string_view value) {
    std::string text(value);
    std::replace(text.begin(), text.end(), '"', '\'');
    line_ += ' ';
    line_ += name;
    line_ += '=';
    if (needs_quotes(text))
        line_ += '"' + text + '"';
    else
        line_ += text;
    return *this;
}

std::string error_line(std::string_view message) {
    // Messages quote the GUI's own input back: only printable ASCII goes out, so that a NUL
    // or an escape sequence in a bad line cannot reach a client's parser or terminal.
    std::string text;
    for (const char c : message) {
        const auto u = static_cast<unsigned char>(c);
        text += c == '=' ? ':' : c == '\n' || c == '\r' ? ' ' : u < 0x20 || u >= 0x7f ? '?' : c;
    }
    return LineBuilder("error").add("message", text).str();
}

}  // namespace kroon::hub
