#include "players/hub_engine.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/parameters.hpp"
#include "protocol/hub/position_text.hpp"

namespace kroon::players {
namespace {

using SteadyClock = std::chrono::steady_clock;

template <typename TimePoint>
double seconds_until(TimePoint deadline) {
    return std::chrono::duration<double>(deadline - SteadyClock::now()).count();
}

// The words of a parameter's `values` item.
std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

// Reads lines until one starts with `word`; the reason when none comes in time.
std::optional<std::string> read_until(platform::ChildProcess& process, const std::string& word, double timeout,
                                      const std::atomic<bool>* stop) {
    const auto deadline = SteadyClock::now() + std::chrono::duration<double>(timeout);
    std::string line;
    for (;;) {
        if (stop && stop->load()) return "the match was stopped";
        const double left = seconds_until(deadline);
        if (left <= 0) return "no `" + word + "` within " + hub_seconds(timeout) + " s";
        const auto read = process.read_line(line, std::min(left, 0.2));
        if (read == platform::ChildProcess::Read::Closed) {
            process.wait_exit(1.0);
            return process.exit_description() + " while we waited for `" + word + "`";
        }
        if (read == platform::ChildProcess::Read::Line && hub_first_word(line) == word) return std::nullopt;
    }
}

}  // namespace

std::string hub_first_word(const std::string& line) {
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) return {};
    return line.substr(start, line.find_first_of(" \t", start) - start);
}

std::string hub_seconds(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", std::max(seconds, 0.0));
    return buffer;
}

std::string hub_pos_line(const Game& game) {
    const Rulebook& rules = game.rules();
    hub::LineBuilder pos("pos");
    pos.add("pos", hub::format_position(rules, game.start()));
    if (!game.moves().empty()) {
        std::string moves;
        Position p = game.start();
        for (const Move& m : game.moves()) {
            if (!moves.empty()) moves += ' ';
            moves += rules.format_move(p, m, MoveNotation::Hub);
            rules.play(p, m);
        }
        pos.add("moves", moves);
    }
    return pos.str();
}

std::optional<int> parse_hub_score(const std::string& text) {
    char* end = nullptr;
    const double men = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !std::isfinite(men)) return std::nullopt;
    // Clamped while still a double: converting a value beyond int's range is undefined.
    const double limit = score_limit;
    return static_cast<int>(std::lround(std::clamp(men * 100, -limit, limit)));
}

std::optional<int> parse_hub_depth(const std::string& text) {
    int depth = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
    if (error != std::errc() || end == text.data() || depth <= 0 || depth > max_hub_depth) return std::nullopt;
    return depth;
}

std::optional<std::uint64_t> parse_hub_count(const std::string& text) {
    std::uint64_t count = 0;
    const char* last = text.data() + text.size();
    const auto [end, error] = std::from_chars(text.data(), last, count);
    if (error != std::errc() || end != last || text.empty() || count >= (std::uint64_t{1} << 63)) return std::nullopt;
    return count;
}

std::optional<double> parse_hub_seconds(const std::string& text) {
    char* end = nullptr;
    const double seconds = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !std::isfinite(seconds)) return std::nullopt;
    if (seconds < 0 || seconds > 366.0 * 24 * 3600) return std::nullopt;
    return seconds;
}

Result<Move> parse_hub_move(const Rulebook& rules, const Position& pos, const std::string& text) {
    auto move = rules.parse_move(pos, text, MoveSyntax::Hub);
    if (!move) move = rules.parse_move(pos, text, MoveSyntax::Any);
    return move;
}

bool looks_like_a_move(const std::string& text) {
    if (text.empty()) return false;
    for (char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != 'x' && c != 'X' && c != ':') return false;
    return true;
}

std::vector<Move> parse_hub_line(const Rulebook& rules, Position pos, const std::string& text, std::size_t max_moves) {
    std::vector<Move> line;
    std::istringstream in(text);
    for (std::string word; line.size() < max_moves && in >> word;) {
        const auto move = parse_hub_move(rules, pos, word);
        if (!move) break;
        line.push_back(*move);
        rules.play(pos, *move);
    }
    return line;
}

bool HubEngine::offers(Variant v) const {
    return std::find(variants.begin(), variants.end(), hub::hub_variant_name(v)) != variants.end();
}

Result<HubEngine> open_hub_engine(const std::string& command, const PlayerSettings& settings) {
    auto process = platform::ChildProcess::start(command, settings.stderr_path);
    if (!process) return Error{process.error()};
    HubEngine engine;
    engine.process = std::move(process.value());
    engine.name = command;
    platform::ChildProcess& child = *engine.process;

    if (!child.send("hub")) {
        // It left before reading a line (a command that does not exist): say how, as below.
        child.wait_exit(1);
        return Error{"'" + command + "' " + child.exit_description() + " before `wait`"};
    }
    // id and param lines up to `wait`.
    const auto deadline = SteadyClock::now() + std::chrono::duration<double>(settings.start_timeout);
    std::string line;
    for (;;) {
        // A stopped match does not wait out the start timeout of an engine that hangs.
        if (settings.stop && settings.stop->load()) return Error{"'" + command + "': the match was stopped"};
        const double left = seconds_until(deadline);
        const auto read = left > 0 ? child.read_line(line, std::min(left, 0.2)) : platform::ChildProcess::Read::Timeout;
        if (read == platform::ChildProcess::Read::Timeout && left <= 0)
            return Error{"'" + command + "' did not answer `hub` with `wait` within " +
                         hub_seconds(settings.start_timeout) + " s"};
        if (read == platform::ChildProcess::Read::Timeout) continue;
        if (read == platform::ChildProcess::Read::Closed) {
            child.wait_exit(1);
            return Error{"'" + command + "' " + child.exit_description() + " before `wait`"};
        }
        const auto message = hub::parse_line(line);
        if (!message) continue;
        if (message->name == "wait") break;
        if (message->name == "id") {
            std::string name = message->value("name").value_or("");
            if (const auto version = message->value("version"); version && !version->empty()) name += " " + *version;
            if (!name.empty()) engine.name = name;
        } else if (message->name == "param" && message->value("name") == "variant") {
            engine.declares_variant = true;
            engine.variants = words_of(message->value("values").value_or(""));
        } else if (message->name == "param" && message->value("name") == "multipv") {
            engine.declares_multipv = true;
        }
    }
    const std::string wanted(hub::hub_variant_name(settings.variant));
    if (settings.variant != Variant::International && !engine.offers(settings.variant))
        return Error{engine.name + " does not offer the variant '" + wanted + "'" +
                     (engine.declares_variant ? "" : " (it declares no variant parameter)")};
    if (engine.declares_variant)
        child.send(hub::LineBuilder("set-param").add("name", "variant").add("value", wanted).str());
    for (const auto& [name, value] : settings.hub_options)
        child.send(hub::LineBuilder("set-param").add("name", name).add("value", value).str());
    child.send("init");
    if (const auto failure = read_until(child, "ready", settings.start_timeout, settings.stop))
        return Error{engine.name + ": " + *failure + " (waiting for `ready` after `init`)"};
    return engine;
}

}  // namespace kroon::players
