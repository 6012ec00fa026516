#include "tests/protocol/hub_client.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "engine/rulebook/rulebook.hpp"
#include "protocol/hub/line_codec.hpp"

namespace kroon::test {

std::unique_ptr<EngineProcess> start_hub(const std::vector<std::string>& extra_args) {
    // Without the opening book: these tests search from known positions (its own test turns
    // it on).
    std::vector<std::string> args{"hub"};
    if (std::find(extra_args.begin(), extra_args.end(), "--book") == extra_args.end()) {
        args.push_back("--book");
        args.push_back("false");
    }
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    auto engine = std::make_unique<EngineProcess>(KROON_BINARY, args);
    EXPECT_TRUE(engine->started()) << "cannot start " << KROON_BINARY;
    return engine;
}

std::optional<std::vector<std::string>> handshake(EngineProcess& engine, const std::vector<std::string>& set_params) {
    engine.send("hub");
    auto lines = engine.read_until("wait");
    if (!lines) return std::nullopt;
    for (const auto& p : set_params) engine.send(p);
    engine.send("init");
    auto ready = engine.read_until("ready");
    if (!ready) return std::nullopt;
    lines->insert(lines->end(), ready->begin(), ready->end());
    return lines;
}

bool is_scan_info(const std::string& line) {
    static const std::regex pattern(
        R"(info( depth=[1-9][0-9]*)?( multipv=[1-9][0-9]*)? score=-?[0-9]+\.[0-9]{2}( nodes=[1-9][0-9]*)?)"
        R"(( time=[0-9]+\.[0-9]{3} nps=[0-9]+\.[0-9])?( hashfull=[1-9][0-9]*)?( pv=([0-9x-]+|"[0-9x-]+( [0-9x-]+)+"))?)");
    return std::regex_match(line, pattern);
}

std::optional<Done> parse_done(const std::string& line) {
    const auto parsed = hub::parse_line(line);
    if (!parsed || parsed->name != "done") return std::nullopt;
    Done d;
    // pydraughts reads `ponder` only with exactly two items, the move first.
    if (parsed->items.size() > 2) return std::nullopt;
    if (!parsed->items.empty()) {
        if (parsed->items[0].name != "move" || parsed->items[0].is_flag) return std::nullopt;
        d.move = parsed->items[0].value;
    }
    if (parsed->items.size() == 2) {
        if (parsed->items[1].name != "ponder" || parsed->items[1].is_flag) return std::nullopt;
        d.ponder = parsed->items[1].value;
    }
    return d;
}

std::optional<Done> read_search(EngineProcess& engine, std::chrono::milliseconds timeout) {
    const auto lines = engine.read_until("done", timeout);
    if (!lines) {
        ADD_FAILURE() << "no done within " << timeout.count() << " ms";
        return std::nullopt;
    }
    std::vector<std::string> infos(lines->begin(), lines->end() - 1);
    for (const auto& info : infos)
        if (!is_scan_info(info)) {
            ADD_FAILURE() << "not a Scan info line: " << info;
            return std::nullopt;
        }
    auto done = parse_done(lines->back());
    if (!done) {
        ADD_FAILURE() << "malformed done line: " << lines->back();
        return std::nullopt;
    }
    done->infos = std::move(infos);
    return done;
}

bool is_canonical_hub_move(Variant variant, const Position& pos, const std::string& text, Move* played) {
    const auto move = rulebook(variant).parse_move(pos, text, MoveSyntax::Hub);
    if (!move) return false;
    if (rulebook(variant).format_move(pos, *move, MoveNotation::Hub) != text) return false;
    if (played) *played = *move;
    return true;
}

std::vector<std::pair<std::string, std::string>> info_items(const std::string& line) {
    std::vector<std::pair<std::string, std::string>> out;
    const auto parsed = hub::parse_line(line);
    if (parsed)
        for (const auto& item : parsed->items) out.emplace_back(item.name, item.value);
    return out;
}

}  // namespace kroon::test
