#include "players/hub_analyser.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <future>
#include <map>
#include <thread>
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

// A line of the program's quoted in a message: its start.
std::string quoted(const std::string& line) { return line.size() <= 200 ? line : line.substr(0, 200) + "..."; }

// One analysis line as the program wrote it; its moves are read only when it is reported.
struct LineText {
    search::Score score = 0;
    std::string pv;
};

// An iteration as the program wrote it: the numbers of its best line, and its lines by their
// `multipv` number.
struct IterationText {
    int depth = 0;
    std::uint64_t nodes = 0;
    std::optional<double> seconds;
    std::uint64_t database_hits = 0;
    std::map<int, LineText> lines;
};

// The `info` lines of a search, of which only the latest whole iteration is kept.
class InfoReader {
public:
    explicit InfoReader(int lines) : lines_(lines) {}

    void take(const hub::Command& info) {
        int k = 1;
        if (const auto text = info.value("multipv")) {
            const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), k);
            if (error != std::errc() || end != text->data() + text->size()) return;
        }
        if (k < 1 || k > lines_) return;  // a line nobody asked for
        LineText& line = building_.lines[k];
        // Scores beyond a win are no scores; a decisive one stays decisive.
        line.score = std::clamp(parse_hub_score(info.value("score").value_or("")).value_or(0), -search::win_score,
                                search::win_score);
        line.pv = info.value("pv").value_or("").substr(0, max_pv_text);
        if (k != 1) return;
        // The best line closes the iteration: its numbers are the iteration's.
        building_.depth = parse_hub_depth(info.value("depth").value_or("")).value_or(0);
        building_.nodes = parse_hub_count(info.value("nodes").value_or("")).value_or(0);
        building_.seconds = parse_hub_seconds(info.value("time").value_or(""));
        building_.database_hits = parse_hub_count(info.value("tbhits").value_or("")).value_or(0);
        complete_ = std::move(building_);
        building_ = {};
    }

    bool has_iteration() const { return complete_.has_value(); }

    // The latest whole iteration, its lines read as moves from `pos`.
    search::Iteration iteration(const Rulebook& rules, const Position& pos, double elapsed) {
        search::Iteration it;
        it.depth = complete_->depth;
        it.nodes = complete_->nodes;
        it.seconds = complete_->seconds.value_or(elapsed);
        it.database_hits = complete_->database_hits;
        for (const auto& [number, text] : complete_->lines)
            it.lines.push_back({text.score, parse_hub_line(rules, pos, text.pv, HubAnalyser::max_line_moves)});
        it.score = it.lines.front().score;
        it.pv = it.lines.front().pv;
        complete_.reset();
        return it;
    }

private:
    // Enough for max_line_moves moves in any notation.
    static constexpr std::size_t max_pv_text = 4096;
    int lines_;
    IterationText building_;
    std::optional<IterationText> complete_;
};

}  // namespace

HubAnalyser::HubAnalyser(const std::string& command, const PlayerSettings& settings)
    : command_(command), settings_(settings), game_(rulebook(settings.variant)) {}

Result<std::unique_ptr<HubAnalyser>> HubAnalyser::start(const std::string& command, const PlayerSettings& settings) {
    std::unique_ptr<HubAnalyser> analyser(new HubAnalyser(command, settings));
    std::promise<std::optional<std::string>> started;
    auto greeted = started.get_future();
    analyser->owner_ = std::thread([a = analyser.get(), &started] { a->own(started); });
    if (const auto error = greeted.get()) {
        analyser->owner_.join();
        return Error{*error};
    }
    return analyser;
}

HubAnalyser::~HubAnalyser() {
    stop();
    wait();
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    changed_.notify_all();
    if (owner_.joinable()) owner_.join();
}

void HubAnalyser::own(std::promise<std::optional<std::string>>& started) {
    const auto error = open(settings_.variant);
    if (!error) name_ = engine_.name;
    started.set_value(error);  // `started` is gone after this
    if (error) return;
    for (;;) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return quit_ || request_; });
        if (!request_) break;
        const Request request = std::move(*request_);
        request_.reset();
        lock.unlock();
        const search::Outcome outcome = run(request.game, request.limits, request.listener);
        if (request.listener.on_done) request.listener.on_done(outcome);
        lock.lock();
        searching_ = false;
        changed_.notify_all();
    }
    if (!engine_.process) return;
    engine_.process->send("quit", 0.5);
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
    {
        std::lock_guard lock(failure_mutex_);
        failure_.clear();
    }
    stop_requested_ = false;
    {
        std::lock_guard lock(mutex_);
        request_ = Request{game_, limits, std::move(listener)};
        searching_ = true;
    }
    changed_.notify_all();
}

void HubAnalyser::stop() { stop_requested_ = true; }

void HubAnalyser::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !searching_; });
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

std::string HubAnalyser::unreachable(const std::string& when) {
    platform::ChildProcess& child = *engine_.process;
    if (child.input_stalled())
        return name_ + " stopped reading its input (nothing read for " +
               hub_seconds(platform::ChildProcess::send_timeout) + " s) " + when;
    child.wait_exit(1.0);
    return name_ + " " + child.exit_description() + " " + when;
}

std::optional<std::string> HubAnalyser::open(Variant variant) {
    PlayerSettings settings = settings_;
    settings.variant = variant;
    auto engine = open_hub_engine(command_, settings);
    if (!engine) return engine.error();
    engine_ = std::move(engine.value());
    params_.clear();
    if (engine_.declares_variant) params_["variant"] = std::string(hub::hub_variant_name(variant));
    return std::nullopt;
}

bool HubAnalyser::set_param(const std::string& name, const std::string& value) {
    const auto known = params_.find(name);
    if (known != params_.end() && known->second == value) return true;
    params_[name] = value;
    return engine_.process->send(hub::LineBuilder("set-param").add("name", name).add("value", value).str());
}

std::optional<std::string> HubAnalyser::prepare(const Game& game, const search::Limits& limits) {
    if (!engine_.process || !engine_.process->running()) {
        // Started again, greeted in the game's variant (a program that left takes one search).
        if (const auto error = open(game.variant())) return drop_engine(*error);
    }
    const std::string variant(hub::hub_variant_name(game.variant()));
    if (engine_.declares_variant) {
        if (!engine_.offers(game.variant())) return fail(name_ + " does not offer the variant '" + variant + "'");
        if (!set_param("variant", variant)) return drop_engine(unreachable("before the search"));
    } else if (game.variant() != Variant::International) {
        return fail(name_ + " plays international draughts only (it declares no variant parameter)");
    }
    if (engine_.declares_multipv &&
        !set_param("multipv", std::to_string(std::clamp(limits.multi_pv, 1, HubAnalyser::max_lines))))
        return drop_engine(unreachable("before the search"));
    return std::nullopt;
}

search::Outcome HubAnalyser::run(const Game& game, const search::Limits& limits, const search::Listener& listener) {
    search::Outcome outcome;
    if (stop_requested_ || prepare(game, limits)) return outcome;
    platform::ChildProcess& child = *engine_.process;
    const bool analysis = limits.infinite || limits.analysis;
    if (!child.send(hub_pos_line(game)) || !child.send(level_line(limits)) ||
        !child.send(analysis ? "go analyze" : "go think")) {
        drop_engine(unreachable("before the search"));
        return outcome;
    }
    const Rulebook& rules = game.rules();
    const Position& pos = game.position();
    const auto started = SteadyClock::now();
    std::optional<SteadyClock::time_point> stop_sent;
    std::optional<SteadyClock::time_point> reported;
    InfoReader infos(std::clamp(limits.multi_pv, 1, max_lines));
    search::Iteration last;
    const auto report = [&] {
        last = infos.iteration(rules, pos, seconds_since(started));
        reported = SteadyClock::now();
        if (listener.on_iteration) listener.on_iteration(last);
    };
    std::string line;
    for (bool finished = false; !finished;) {
        // A limited search that outlives its limit by the grace is stopped as if asked to.
        const bool overdue = limits.move_time > 0 && seconds_since(started) > limits.move_time + stop_grace;
        if ((stop_requested_ || overdue) && !stop_sent) {
            if (!child.send("stop")) {
                drop_engine(unreachable("when told to stop"));
                break;
            }
            stop_sent = SteadyClock::now();
        }
        if (stop_sent && seconds_since(*stop_sent) > stop_grace) {
            drop_engine(name_ + " did not answer `stop` within " + hub_seconds(stop_grace) + " s");
            break;
        }
        // A batch: the first line waited for a moment, then what has arrived, up to batch_lines.
        int count = 0;
        for (; count < batch_lines && !finished; ++count) {
            const auto read = child.read_line(line, count == 0 ? 0.1 : 0);
            if (read == platform::ChildProcess::Read::Timeout) break;
            if (read == platform::ChildProcess::Read::Closed) {
                child.wait_exit(1.0);
                drop_engine(name_ + " " + child.exit_description() + " during the search");
                finished = true;
                break;
            }
            const std::string word = hub_first_word(line);
            if (word == "error") {
                // It did not take the position or the level (an older dialect of the protocol).
                drop_engine(name_ + " refused the search: " + quoted(line));
                finished = true;
                break;
            }
            if (word != "info" && word != "done") continue;  // docs/protocols.md, Hub 2: ignore what we do not know
            const auto message = hub::parse_line(line);
            if (!message) continue;
            if (word == "info") {
                infos.take(*message);
                continue;
            }
            if (infos.has_iteration()) report();
            const std::string text = message->value("move").value_or("");
            if (const auto move = parse_hub_move(rules, pos, text)) {
                outcome.best = *move;
            } else if (last.pv.empty()) {
                fail(name_ + " answered `" + quoted(line) + "`, which is no legal move here");
            }
            finished = true;
        }
        if (finished) break;
        if (infos.has_iteration() && (!reported || seconds_since(*reported) >= report_interval)) report();
        // A program that writes faster than a batch a moment waits for its pipe to empty.
        if (count == batch_lines) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (infos.has_iteration()) report();  // what came before the end
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
