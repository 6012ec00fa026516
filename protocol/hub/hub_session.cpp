#include "protocol/hub/hub_session.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <exception>
#include <thread>

#include "egdb/database.hpp"
#include "protocol/hub/hub_level.hpp"
#include "protocol/hub/hub_output.hpp"
#include "protocol/hub/hub_position.hpp"

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

// MiB for the hash table: what tt-size asks, but never more than half the machine's memory
// (clients compute tt-size from their own idea of the memory; Scan's maximum is 16 GiB).
int table_mib(const Params& params) {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    const long long half =
        pages > 0 && page_size > 0 ? (static_cast<long long>(pages) * page_size / 2) >> 20 : (1LL << 30);
    int mib = params.hash_mib();
    while (mib > 1 && mib > half) mib /= 2;
    if (mib != params.hash_mib())
        spdlog::warn("hub: tt-size {} would take {} MiB; using {} MiB, half the memory", params.tt_size,
                     params.hash_mib(), mib);
    return mib;
}

}  // namespace

Session::Session(Writer write, LogSwitch log_switch, bool logging, eval::Evaluation evaluation, std::string eval_file,
                 std::string egdb_path)
    : write_(std::move(write)),
      log_switch_(std::move(log_switch)),
      evaluation_(std::move(evaluation)),
      done_sent_(std::make_shared<std::atomic<bool>>(false)) {
    params_.log = logging;
    params_.eval = evaluation_.kind;
    params_.eval_file = std::move(eval_file);
    reset_game();
    if (!egdb_path.empty()) {
        params_.egdb_path = std::move(egdb_path);
        databases_by_default_ = true;
        open_databases();
    }
}

Session::~Session() { finish(); }

void Session::finish() {
    if (!searching_) return;
    if (running_.ends_by_itself()) {
        // A script piping `go think` gets its move; a depth or time that would keep a search
        // going long after its GUI has gone gets a few seconds, then the search is stopped.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(eof_grace_seconds);
        while (searcher_->is_searching() && std::chrono::steady_clock::now() < deadline)
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
            if (!*done_sent_) searcher().ponder_hit();
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
    if (name == "new-game") return searcher().new_game();
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
    for (const std::string& line : param_lines(params_)) write_(line);
    write_("wait");
}

void Session::on_set_param(const Command& command) {
    const Variant old_variant = params_.variant;
    const std::string old_eval_file = params_.eval_file;
    const auto change = set_param(params_, command);
    if (!change) return error(change.error());
    switch (*change) {
        case ParamChange::Variant:
            if (params_.variant != old_variant) reset_game();
            if (params_.variant != old_variant && !params_.egdb_path.empty()) open_databases();
            break;
        case ParamChange::EgdbPath: databases_by_default_ = false; return open_databases();
        case ParamChange::Threads:
            if (searcher_) searcher_->set_threads(params_.threads);
            break;
        case ParamChange::Hash:
            if (searcher_) searcher_->set_hash_size(table_mib(params_));
            break;
        case ParamChange::Log:
            if (log_switch_) {
                const auto switched = log_switch_(params_.log);
                if (!switched) {
                    params_.log = !params_.log;
                    return error(switched.error());
                }
            }
            break;
        case ParamChange::Eval:
            evaluation_.kind = params_.eval;
            if (searcher_) searcher_->set_evaluation(evaluation_);
            break;
        case ParamChange::EvalFile:
            if (params_.eval_file.empty()) {
                evaluation_.file = nullptr;
            } else {
                const auto weights = eval::read_weights_file(params_.eval_file);
                if (!weights) {
                    params_.eval_file = evaluation_.file ? old_eval_file : "";
                    return error(weights.error());
                }
                evaluation_.file = *weights;
            }
            if (searcher_) searcher_->set_evaluation(evaluation_);
            break;
        case ParamChange::Ponder:
        case ParamChange::None: break;
    }
}

void Session::on_init() {
    searcher();
    write_("ready");
}

search::Searcher& Session::searcher() {
    if (!searcher_) {
        search::Options options;
        options.threads = params_.threads;
        options.hash_mib = table_mib(params_);
        options.evaluation = evaluation_;
        options.databases = databases_;
        searcher_ = std::make_unique<search::Searcher>(options);
    }
    return *searcher_;
}

void Session::open_databases() {
    databases_ = nullptr;
    if (!params_.egdb_path.empty()) {
        auto opened = egdb::Database::open(params_.egdb_path, params_.variant);
        if (opened->slice_count() > 0) databases_ = std::move(opened);
    }
    if (searcher_) searcher_->set_databases(databases_);
    if (!params_.egdb_path.empty() && !databases_ && !databases_by_default_)
        error("no endgame databases for " + std::string(rulebook(params_.variant).name()) + " in " + params_.egdb_path);
}

void Session::reset_game() {
    const Rulebook& rules = rulebook(params_.variant);
    game_ = followed_game(rules, rules.start_position());
    pending_ = {};
}

void Session::on_pos(const Command& command) {
    pending_ = {};  // limits are per search: the GUI repeats `level` after `pos`
    const Rulebook& rules = rulebook(params_.variant);
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
    limits.pondering_enabled = params_.ponder;
    running_ = limits;
    search::Searcher& s = searcher();
    s.set_position(game_);
    *done_sent_ = false;
    searching_ = true;
    const Rulebook* rules = &game_.rules();
    const Position root = game_.position();
    Writer write = write_;
    auto done_sent = done_sent_;
    search::Listener listener;
    listener.on_iteration = [=](const search::Iteration& it) { write(info_line(*rules, root, it)); };
    listener.on_done = [=](const search::Outcome& outcome) {
        write(done_line(*rules, root, outcome));
        *done_sent = true;
    };
    s.start(limits, std::move(listener));
}

void Session::end_search() {
    if (!*done_sent_) searcher_->stop();
    searcher_->wait();
    searching_ = false;
}

void Session::error(const std::string& message) { write_(error_line(message)); }

}  // namespace kroon::hub
