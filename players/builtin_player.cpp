#include "players/builtin_player.hpp"

#include <chrono>
#include <future>

namespace kroon::players {

BuiltinPlayer::BuiltinPlayer(const PlayerSettings& settings) : settings_(settings) {
    for (const auto& [name, value] : settings.engine_options) thinker_.set_option(name, value);
}

std::string BuiltinPlayer::name() const { return "Kroon (built-in)"; }

std::optional<Failure> BuiltinPlayer::new_game(const Game&, Color) {
    thinker_.new_game();
    return std::nullopt;
}

Answer BuiltinPlayer::think(const Game& game, const MoveRequest& request) {
    thinker_.set_game(game);
    const search::Limits limits = play::search_limits(request.level, request.clock);
    std::promise<search::Outcome> done;
    auto outcome = done.get_future();
    thinker_.go(limits, search::Listener{{}, [&done](const search::Outcome& o) { done.set_value(o); }});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(request.wait);
    while (outcome.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
        const bool stopped = settings_.stop && settings_.stop->load();
        if (stopped || std::chrono::steady_clock::now() >= deadline) {
            thinker_.stop();
            thinker_.wait();
            return Failure{stopped ? Failure::Stopped : Failure::Timeout,
                           stopped ? "the match was stopped" : name() + " did not finish its search in time"};
        }
    }
    thinker_.wait();
    const search::Outcome o = outcome.get();
    if (!o.best) return Failure{Failure::Garbage, name() + " found no move"};
    return MoveReply{*o.best, o.score, o.depth > 0 ? std::optional<int>(o.depth) : std::nullopt};
}

}  // namespace kroon::players
