#include "players/hub_player.hpp"

#include <algorithm>
#include <chrono>

#include "protocol/hub/line_codec.hpp"

namespace kroon::players {
namespace {

using Clock = std::chrono::steady_clock;

// "level" alone when the request sets no limit.
std::string level_line(const MoveRequest& request) {
    std::string level = "level";
    if (const auto& clock = request.clock) {
        // docs/protocols.md, Hub 6: the engine counts the increment as added before the move.
        level += " time=" + hub_seconds(clock->time_left - clock->increment);
        if (clock->increment > 0) level += " inc=" + hub_seconds(clock->increment);
        if (clock->moves_to_go > 0) level += " moves=" + std::to_string(clock->moves_to_go);
    }
    if (request.level.move_time > 0) level += " move-time=" + hub_seconds(request.level.move_time);
    if (request.level.depth > 0) level += " depth=" + std::to_string(request.level.depth);
    if (request.level.nodes > 0) level += " nodes=" + std::to_string(request.level.nodes);
    return level;
}

}  // namespace

Result<std::unique_ptr<Player>> HubPlayer::start(const PlayerSpec& spec, const PlayerSettings& settings) {
    auto engine = open_hub_engine(spec.command, settings);
    if (!engine) return Error{engine.error()};
    std::unique_ptr<HubPlayer> player(new HubPlayer());
    player->process_ = std::move(engine.value().process);
    player->settings_ = settings;
    player->name_ = engine->name;
    return std::unique_ptr<Player>(std::move(player));
}

HubPlayer::~HubPlayer() {
    if (!process_) return;
    process_->send("quit");
    process_->close_input();
    if (!process_->wait_exit(1.0)) process_->kill();
}

Failure HubPlayer::gone(const std::string& while_doing) {
    if (process_->input_stalled())
        return {Failure::Crashed, name_ + " stopped reading its input (nothing read for " +
                                      hub_seconds(platform::ChildProcess::send_timeout) + " s) " + while_doing};
    process_->wait_exit(1.0);
    return {Failure::Crashed, name_ + " " + process_->exit_description() + " " + while_doing};
}

std::optional<Failure> HubPlayer::new_game(const Game&, Color) {
    if (!process_->send("new-game")) return gone("before the game");
    return std::nullopt;
}

Answer HubPlayer::think(const Game& game, const MoveRequest& request) {
    const std::string level = level_line(request);
    if (!process_->send(hub_pos_line(game)) || (level != "level" && !process_->send(level)) ||
        !process_->send("go think"))
        return gone("when asked for a move");
    return read_move(game, request.wait);
}

Answer HubPlayer::read_move(const Game& game, double wait) {
    MoveReply report;  // the score and depth of the last `info` that gave them
    std::string line;
    const auto deadline = Clock::now() + std::chrono::duration<double>(wait);
    for (;;) {
        if (settings_.stop && settings_.stop->load()) return Failure{Failure::Stopped, "the match was stopped"};
        const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
        if (left <= 0) {
            process_->send("stop");
            return Failure{Failure::Timeout, name_ + " gave no move within " + hub_seconds(wait) + " s"};
        }
        const auto read = process_->read_line(line, std::min(left, 0.2));
        if (read == platform::ChildProcess::Read::Closed) return gone("while thinking");
        if (read != platform::ChildProcess::Read::Line) continue;
        const std::string word = hub_first_word(line);
        if (word != "info" && word != "done") continue;  // docs/protocols.md, Hub 2: ignore what we do not know
        const auto command = hub::parse_line(line);
        if (!command) return Failure{Failure::Garbage, name_ + " sent an unreadable line: " + line};
        if (word == "done") return done_move(game, line, command->value("move").value_or(""), report);
        if (const auto s = command->value("score"))
            if (const auto parsed = parse_hub_score(*s)) {
                report.score = parsed;
                report.depth = parse_hub_depth(command->value("depth").value_or(""));
            }
    }
}

Answer HubPlayer::done_move(const Game& game, const std::string& line, const std::string& text,
                            const MoveReply& report) const {
    if (text.empty()) return Failure{Failure::Garbage, name_ + " answered `" + line + "` without a move"};
    const auto move = parse_hub_move(game.rules(), game.position(), text);
    if (!move) {
        if (!looks_like_a_move(text))
            return Failure{Failure::Garbage, name_ + " sent `" + line + "`, which is no move"};
        return Failure{Failure::IllegalMove, name_ + " played " + text + ": " + move.error()};
    }
    return MoveReply{*move, report.score, report.depth};
}

}  // namespace kroon::players
