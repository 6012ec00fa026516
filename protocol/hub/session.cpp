#include "protocol/hub/session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <exception>
#include <thread>

#include "protocol/hub/level_command.hpp"
#include "protocol/hub/position_text.hpp"
#include "protocol/hub/report_lines.hpp"

#ifndef KROON_VERSION
#define KROON_VERSION "0"
#endif

namespace kroon::hub {
namespace {

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        const size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) words.emplace_back(text.substr(start, i - start));
    }
    return words;
}

// A move of `moves=`: Hub notation (from, to, every captured square in any order); as a
// courtesy, a capture written with only its from and to squares is accepted when no other
// capture shares them.
Result<Move> read_move(const Game& game, std::string_view text) {
    const auto hub = game.rules().parse_move(game.position(), text, MoveSyntax::Hub);
    if (hub) return hub;
    const auto separators =
        std::count_if(text.begin(), text.end(), [](char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; });
    if (separators == 1) return game.rules().parse_move(game.position(), text, MoveSyntax::Pdn);
    return hub;
}

Game followed_game(const Rulebook& rules, const Position& start) {
    Game game(rules, start);
    game.play_past_end();
    return game;
}

}  // namespace

Session::Session(Writer write, LogSwitch log_switch, bool logging,
                 const std::vector<std::pair<std::string, std::string>>& options)
    : write_(std::move(write)),
      log_switch_(std::move(log_switch)),
      done_sent_(std::make_shared<std::atomic<bool>>(false)) {
    thinker_.set_option("log", logging ? "true" : "false");
    for (const auto& [name, value] : options)
        if (const auto set = thinker_.set_option(name, value); !set) spdlog::error("hub: {}", set.error());
    reset_game();
}

Session::~Session() { finish(); }

void Session::finish() {
    if (!searching_) return;
    if (running_.ends_by_itself()) {
        // A script piping `go think` gets its move; a depth or time that would keep a search
        // going long after its GUI has gone gets a few seconds, then the search is stopped.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(eof_grace_seconds);
        while (thinker_.searching() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    end_search();
}

bool Session::handle_line(std::string_view line) {
    const auto parsed = parse_line(line);
    if (parsed && parsed->name.empty()) return true;  // blank line
    if (searching_ && parsed) {
        const std::string& name = parsed->name;
        if (name == "ping") {
            write_("pong");
            return true;
        }
        if (name == "ponder-hit") {
            if (!*done_sent_) thinker_.ponder_hit();
            return true;
        }
        if (name == "stop") {
            end_search();
            return true;
        }
    }
    if (searching_) end_search();  // any other line is an implicit stop, then handled
    if (!parsed) {
        error("bad command: " + parsed.error());
        return true;
    }
    if (parsed->name == "quit") return false;
    try {
        handle(*parsed);
    } catch (const std::exception& e) {
        // Only resource failures get here (e.g. no memory for a large tt-size).
        spdlog::error("hub: {} failed: {}", parsed->name, e.what());
        error(parsed->name + " failed: " + e.what());
    }
    return true;
}

void Session::handle(const Command& command) {
    const std::string& name = command.name;
    if (name == "hub") return on_hub();
    if (name == "set-param") return on_set_param(command);
    if (name == "init") return on_init();
    if (name == "new-game") return thinker_.new_game();
    if (name == "pos") return on_pos(command);
    if (name == "level") return on_level(command);
    if (name == "go") return on_go(command);
    if (name == "ping") return write_("pong");
    if (name == "stop" || name == "ponder-hit") return;  // the search already ended: a race
    error("bad command");
}

void Session::on_hub() {
    write_(LineBuilder("id")
               .add("name", "Kroon")
               .add("version", KROON_VERSION)
               .add("author", "Kroon developers")
               .add("country", "Netherlands")
               .str());
    for (const std::string& line : param_lines(thinker_.options())) write_(line);
    write_("wait");
}

void Session::on_set_param(const Command& command) {
    const auto request = read_set_param(command);
    if (!request) return error(request.error());
    if (!*request) {  // not a parameter of ours: ignored, as the protocol asks; stdout stays clean
        if (const auto name = command.value("name"))
            if (const auto warning = ignored_parameter_warning(*name)) spdlog::warn("hub: {}", *warning);
        return;
    }
    const auto& [option, value] = **request;
    const std::string before = thinker_.options().text(option);
    const auto set = thinker_.set_option(option, value);
    if (!set) return error(set.error());
    if (option == "variant" && *set != before) {
        reset_game();
        check_databases();
    }
    if (option == "egdb") {
        databases_by_default_ = false;
        check_databases();
    }
    if (option == "log" && log_switch_) {
        const auto switched = log_switch_(*set == "true");
        if (!switched) {
            thinker_.set_option("log", before);
            return error(switched.error());
        }
    }
}

void Session::on_init() {
    thinker_.prepare();
    write_("ready");
}

void Session::check_databases() {
    const std::string& folder = thinker_.options().text("egdb");
    if (databases_by_default_ || folder == "none" || thinker_.databases()) return;
    error("no endgame databases for " + std::string(game_.rules().name()) + " in " + folder);
}

void Session::reset_game() {
    const Rulebook& rules = game_rulebook();
    game_ = followed_game(rules, rules.start_position());
    pending_ = {};
}

void Session::on_pos(const Command& command) {
    pending_ = {};  // limits are per search: the GUI repeats `level` after `pos`
    const Rulebook& rules = game_rulebook();
    Position start = rules.start_position();
    if (const auto text = command.value("pos"); text && !command.has("start")) {
        const auto parsed = parse_position(rules, *text);
        if (!parsed) return error("bad position: " + parsed.error());
        start = *parsed;
    }
    game_ = followed_game(rules, start);
    const auto list = command.value("moves");
    if (!list) return;
    const auto words = split_words(*list);
    for (size_t i = 0; i < words.size(); ++i) {
        const auto move = read_move(game_, words[i]);
        if (!move) {
            // As Scan: the moves before it stand, the rest of the list is dropped.
            const bool illegal = move.error().rfind("illegal", 0) == 0;
            return error((illegal ? move.error() : "bad move '" + words[i] + "': " + move.error()) + ", move " +
                         std::to_string(i + 1) + " of the list");
        }
        game_.play(*move);
    }
}

void Session::on_level(const Command& command) {
    const auto limits = apply_level(pending_, command);
    if (!limits) return error(limits.error());
    pending_ = *limits;
}

void Session::on_go(const Command& command) {
    search::Limits limits = pending_;
    pending_ = {};
    limits.ponder = command.has("ponder");
    limits.analysis = command.has("analyze");
    running_ = limits;
    thinker_.set_game(game_);
    *done_sent_ = false;
    searching_ = true;
    const Rulebook* rules = &game_.rules();
    const Position root = game_.position();
    Writer write = write_;
    auto done_sent = done_sent_;
    search::Listener listener;
    // Multi-PV lines carry multipv=K, even where a single legal move gives one line.
    if (thinker_.lines_for(limits) > 1)
        listener.on_iteration = [=](const search::Iteration& it) {
            for (const std::string& line : info_lines(*rules, root, it)) write(line);
        };
    else
        listener.on_iteration = [=](const search::Iteration& it) { write(info_line(*rules, root, it)); };
    listener.on_done = [=](const search::Outcome& outcome) {
        write(done_line(*rules, root, outcome));
        *done_sent = true;
    };
    thinker_.go(limits, std::move(listener));
}

void Session::end_search() {
    if (!*done_sent_) thinker_.stop();
    thinker_.wait();
    searching_ = false;
}

const Rulebook& Session::game_rulebook() const { return rulebook(*parse_variant(thinker_.options().text("variant"))); }

void Session::error(const std::string& message) { write_(error_line(message)); }

}  // namespace kroon::hub
