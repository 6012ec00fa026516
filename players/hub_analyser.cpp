#include "players/hub_analyser.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/parameters.hpp"

namespace kroon::players {
namespace {

using SteadyClock = std::chrono::steady_clock;

double seconds_since(SteadyClock::time_point start) {
    return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// The limits as one `level` line; "level infinite" for an endless analysis.
std::string level_line(const search::Limits& limits) {
    std::string level = "level";
    if (limits.infinite) return level + " infinite";
    if (limits.move_time > 0) level += " move-time=" + hub_seconds(limits.move_time);
    if (limits.depth > 0) level += " depth=" + std::to_string(limits.depth);
    if (limits.nodes > 0) level += " nodes=" + std::to_string(limits.nodes);
    return level == "level" ? level + " infinite" : level;
}

template <typename Number>
Number number_or(const std::optional<std::string>& text, Number fallback) {
    if (!text) return fallback;
    try {
        if constexpr (std::is_floating_point_v<Number>)
            return static_cast<Number>(std::stod(*text));
        else
            return static_cast<Number>(std::stoull(*text));
    } catch (const std::exception&) {
        return fallback;
    }
}

}  // namespace

Result<std::unique_ptr<HubAnalyser>> HubAnalyser::start(const std::string& command, const PlayerSettings& settings) {
    auto engine = open_hub_engine(command, settings);
    if (!engine) return Error{engine.error()};
    std::unique_ptr<HubAnalyser> analyser(new HubAnalyser(settings));
    analyser->command_ = command;
    analyser->name_ = engine->name;
    analyser->engine_ = std::move(engine.value());
    analyser->game_ = Game(rulebook(settings.variant));
    return analyser;
}

HubAnalyser::~HubAnalyser() {
    stop();
    wait();
    if (!engine_.process) return;
    engine_.process->send("quit");
    engine_.process->close_input();
    if (!engine_.process->wait_exit(1.0)) engine_.process->kill();
}

std::string HubAnalyser::name() const { return name_; }

void HubAnalyser::set_game(const Game& game) { game_ = game; }

std::string HubAnalyser::failure() const {
    std::lock_guard lock(failure_mutex_);
    return failure_;
}

void HubAnalyser::go(search::Limits limits, search::Listener listener) {
    wait();
    stop_requested_ = false;
    {
        std::lock_guard lock(failure_mutex_);
        failure_.clear();
    }
    thread_ = std::thread([this, game = game_, limits, listener = std::move(listener)] {
        const search::Outcome outcome = run(game, limits, listener);
        if (listener.on_done) listener.on_done(outcome);
    });
}

void HubAnalyser::stop() { stop_requested_ = true; }

void HubAnalyser::wait() {
    if (thread_.joinable()) thread_.join();
}

std::string HubAnalyser::fail(const std::string& reason) {
    std::lock_guard lock(failure_mutex_);
    return failure_ = reason;
}

std::string HubAnalyser::drop_engine(const std::string& reason) {
    if (engine_.process) engine_.process->kill();
    engine_ = HubEngine{};
    params_.clear();
    return fail(reason);
}

void HubAnalyser::set_param(const std::string& name, const std::string& value) {
    const auto known = params_.find(name);
    if (known != params_.end() && known->second == value) return;
    engine_.process->send(hub::LineBuilder("set-param").add("name", name).add("value", value).str());
    params_[name] = value;
}

std::optional<std::string> HubAnalyser::prepare(const Game& game, const search::Limits& limits) {
    if (!engine_.process || !engine_.process->running()) {
        // Started again, greeted in the game's variant (a program that left takes one search).
        PlayerSettings settings = settings_;
        settings.variant = game.variant();
        auto engine = open_hub_engine(command_, settings);
        if (!engine) return drop_engine(engine.error());
        engine_ = std::move(engine.value());
        params_.clear();
        if (engine_.declares_variant) params_["variant"] = std::string(hub::hub_variant_name(game.variant()));
    }
    const std::string variant(hub::hub_variant_name(game.variant()));
    if (engine_.declares_variant) {
        if (!engine_.offers(game.variant())) return fail(name_ + " does not offer the variant '" + variant + "'");
        set_param("variant", variant);
    } else if (game.variant() != Variant::International) {
        return fail(name_ + " plays international draughts only (it declares no variant parameter)");
    }
    if (engine_.declares_multipv) set_param("multipv", std::to_string(std::max(1, limits.multi_pv)));
    return std::nullopt;
}

search::Outcome HubAnalyser::run(const Game& game, const search::Limits& limits, const search::Listener& listener) {
    search::Outcome outcome;
    if (stop_requested_ || prepare(game, limits)) return outcome;
    platform::ChildProcess& child = *engine_.process;
    const bool analysis = limits.infinite || limits.analysis;
    if (!child.send(hub_pos_line(game)) || !child.send(level_line(limits)) ||
        !child.send(analysis ? "go analyze" : "go think")) {
        drop_engine(name_ + " left before the search");
        return outcome;
    }
    const Rulebook& rules = game.rules();
    const Position& pos = game.position();
    const auto started = SteadyClock::now();
    std::optional<SteadyClock::time_point> stop_sent;
    // One iteration's lines by their `multipv` number, reported once the best (1) comes.
    std::map<int, search::Line> lines;
    search::Iteration last;
    std::string line;
    for (;;) {
        // A limited search that outlives its limit by the grace is stopped as if asked to.
        const bool overdue = limits.move_time > 0 && seconds_since(started) > limits.move_time + stop_grace;
        if ((stop_requested_ || overdue) && !stop_sent) {
            child.send("stop");
            stop_sent = SteadyClock::now();
        }
        if (stop_sent && seconds_since(*stop_sent) > stop_grace) {
            drop_engine(name_ + " did not answer `stop` within " + hub_seconds(stop_grace) + " s");
            break;
        }
        const auto read = child.read_line(line, 0.1);
        if (read == platform::ChildProcess::Read::Closed) {
            child.wait_exit(1.0);
            drop_engine(name_ + " " + child.exit_description() + " during the search");
            break;
        }
        if (read != platform::ChildProcess::Read::Line) continue;
        const std::string word = hub_first_word(line);
        if (word == "error") {
            // It did not take the position or the level (an older dialect of the protocol).
            drop_engine(name_ + " refused the search: " + line);
            break;
        }
        if (word != "info" && word != "done") continue;  // docs/protocols.md, Hub 2: ignore what we do not know
        const auto message = hub::parse_line(line);
        if (!message) continue;
        if (word == "done") {
            const std::string text = message->value("move").value_or("");
            if (const auto move = parse_hub_move(rules, pos, text)) {
                outcome.best = *move;
            } else if (last.pv.empty()) {
                fail(name_ + " answered `" + line + "`, which is no legal move here");
            }
            break;
        }
        search::Line reported;
        reported.score = parse_hub_score(message->value("score").value_or("")).value_or(0);
        reported.pv = parse_hub_line(rules, pos, message->value("pv").value_or(""));
        const int k = std::max(1, number_or<int>(message->value("multipv"), 1));
        lines[k] = reported;
        if (k != 1) continue;
        search::Iteration it;
        it.depth = number_or<int>(message->value("depth"), 0);
        it.nodes = number_or<std::uint64_t>(message->value("nodes"), 0);
        it.seconds = number_or<double>(message->value("time"), seconds_since(started));
        it.database_hits = number_or<std::uint64_t>(message->value("tbhits"), 0);
        it.score = reported.score;
        it.pv = reported.pv;
        for (const auto& [number, entry] : lines) it.lines.push_back(entry);
        lines.clear();
        last = it;
        if (listener.on_iteration) listener.on_iteration(it);
    }
    if (!outcome.best && !last.pv.empty()) outcome.best = last.pv.front();
    outcome.score = last.score;
    outcome.depth = last.depth;
    outcome.nodes = last.nodes;
    outcome.seconds = seconds_since(started);
    outcome.database_hits = last.database_hits;
    if (outcome.best && last.pv.size() > 1 && last.pv.front() == *outcome.best) outcome.ponder = last.pv[1];
    return outcome;
}

}  // namespace kroon::players
