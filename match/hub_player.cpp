#include "match/hub_player.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/parameters.hpp"
#include "protocol/hub/position_text.hpp"

namespace kroon::match {
namespace {

using Clock = std::chrono::steady_clock;

std::string first_word(const std::string& line) {
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) return {};
    return line.substr(start, line.find_first_of(" \t", start) - start);
}

std::string seconds_text(double s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", std::max(s, 0.0));
    return buffer;
}

bool looks_like_a_move(const std::string& text) {
    if (text.empty()) return false;
    for (char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != 'x' && c != 'X' && c != ':') return false;
    return true;
}

// `pos` with the game's start and every move since, so that the engine sees the history.
std::string pos_line(const Game& game) {
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

// "level" alone when the request sets no limit.
std::string level_line(const MoveRequest& request) {
    std::string level = "level";
    if (request.time_left >= 0) {
        // docs/protocols.md, Hub 6: the engine counts the increment as added before the move.
        level += " time=" + seconds_text(request.time_left - request.increment);
        if (request.increment > 0) level += " inc=" + seconds_text(request.increment);
        if (request.moves_to_go > 0) level += " moves=" + std::to_string(request.moves_to_go);
    }
    if (request.move_time > 0) level += " move-time=" + seconds_text(request.move_time);
    if (request.depth > 0) level += " depth=" + std::to_string(request.depth);
    if (request.nodes > 0) level += " nodes=" + std::to_string(request.nodes);
    return level;
}

}  // namespace

std::optional<int> parse_hub_score(const std::string& text) {
    char* end = nullptr;
    const double men = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !std::isfinite(men)) return std::nullopt;
    // Clamped while still a double: converting a value beyond int's range is undefined.
    const double limit = score_limit;
    return static_cast<int>(std::lround(std::clamp(men * 100, -limit, limit)));
}

Result<std::unique_ptr<Player>> HubPlayer::start(const PlayerSpec& spec, const PlayerSettings& settings) {
    auto process = ChildProcess::start(spec.command, settings.stderr_path);
    if (!process) return Error{process.error()};
    std::unique_ptr<HubPlayer> player(new HubPlayer());
    player->process_ = std::move(process.value());
    player->settings_ = settings;
    player->name_ = spec.command;

    std::string line;
    if (!player->process_->send("hub")) return Error{"'" + spec.command + "' did not start"};
    // id and param lines up to `wait`.
    bool variant_declared = false;
    const std::string wanted(hub::hub_variant_name(settings.variant));
    bool variant_offered = false;
    const auto deadline = Clock::now() + std::chrono::duration<double>(settings.start_timeout);
    for (;;) {
        const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
        const auto read = player->process_->read_line(line, left);
        if (read == ChildProcess::Read::Timeout)
            return Error{"'" + spec.command + "' did not answer `hub` with `wait` within " +
                         seconds_text(settings.start_timeout) + " s"};
        if (read == ChildProcess::Read::Closed) {
            player->process_->wait_exit(1);
            return Error{"'" + spec.command + "' " + player->process_->exit_description() + " before `wait`"};
        }
        const auto command = hub::parse_line(line);
        if (!command) continue;
        if (command->name == "wait") break;
        if (command->name == "id") {
            std::string name = command->value("name").value_or("");
            if (const auto version = command->value("version"); version && !version->empty()) name += " " + *version;
            if (!name.empty()) player->name_ = name;
        } else if (command->name == "param" && command->value("name") == "variant") {
            variant_declared = true;
            const std::string values = command->value("values").value_or("");
            size_t at = 0;
            while (at < values.size()) {
                const size_t end = values.find(' ', at);
                if (values.substr(at, end - at) == wanted) variant_offered = true;
                if (end == std::string::npos) break;
                at = end + 1;
            }
        }
    }
    if (settings.variant != Variant::International && !variant_offered)
        return Error{player->name_ + " does not offer the variant '" + wanted + "'" +
                     (variant_declared ? "" : " (it declares no variant parameter)")};
    if (variant_declared)
        player->process_->send(hub::LineBuilder("set-param").add("name", "variant").add("value", wanted).str());
    for (const auto& [name, value] : settings.hub_options)
        player->process_->send(hub::LineBuilder("set-param").add("name", name).add("value", value).str());
    player->process_->send("init");
    if (const auto failure = player->read_until("ready", settings.start_timeout, line))
        return Error{player->name_ + ": " + failure->detail + " (waiting for `ready` after `init`)"};
    return std::unique_ptr<Player>(std::move(player));
}

HubPlayer::~HubPlayer() {
    if (!process_) return;
    process_->send("quit");
    process_->close_input();
    if (!process_->wait_exit(1.0)) process_->kill();
}

Failure HubPlayer::gone(const std::string& while_doing) {
    process_->wait_exit(1.0);
    return {Failure::Crashed, name_ + " " + process_->exit_description() + " " + while_doing};
}

std::optional<Failure> HubPlayer::read_until(const std::string& word, double timeout, std::string& line) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeout);
    for (;;) {
        if (settings_.stop && settings_.stop->load()) return Failure{Failure::Stopped, "the match was stopped"};
        const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
        if (left <= 0) return Failure{Failure::Timeout, "no `" + word + "` within " + seconds_text(timeout) + " s"};
        const auto read = process_->read_line(line, std::min(left, 0.2));
        if (read == ChildProcess::Read::Closed) return gone("while we waited for `" + word + "`");
        if (read == ChildProcess::Read::Line && first_word(line) == word) return std::nullopt;
    }
}

std::optional<Failure> HubPlayer::new_game(const Game&, Color) {
    if (!process_->send("new-game")) return gone("before the game");
    return std::nullopt;
}

Answer HubPlayer::think(const Game& game, const MoveRequest& request) {
    const std::string level = level_line(request);
    if (!process_->send(pos_line(game)) || (level != "level" && !process_->send(level)) || !process_->send("go think"))
        return gone("when asked for a move");
    return read_move(game, request.wait);
}

Answer HubPlayer::read_move(const Game& game, double wait) {
    std::optional<int> score;
    std::string line;
    const auto deadline = Clock::now() + std::chrono::duration<double>(wait);
    for (;;) {
        if (settings_.stop && settings_.stop->load()) return Failure{Failure::Stopped, "the match was stopped"};
        const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
        if (left <= 0) {
            process_->send("stop");
            return Failure{Failure::Timeout, name_ + " gave no move within " + seconds_text(wait) + " s"};
        }
        const auto read = process_->read_line(line, std::min(left, 0.2));
        if (read == ChildProcess::Read::Closed) return gone("while thinking");
        if (read != ChildProcess::Read::Line) continue;
        const std::string word = first_word(line);
        if (word != "info" && word != "done") continue;  // docs/protocols.md, Hub 2: ignore what we do not know
        const auto command = hub::parse_line(line);
        if (!command) return Failure{Failure::Garbage, name_ + " sent an unreadable line: " + line};
        if (word == "done") return done_move(game, line, command->value("move").value_or(""), score);
        if (const auto s = command->value("score"))
            if (const auto parsed = parse_hub_score(*s)) score = parsed;
    }
}

Answer HubPlayer::done_move(const Game& game, const std::string& line, const std::string& text,
                            std::optional<int> score) const {
    if (text.empty()) return Failure{Failure::Garbage, name_ + " answered `" + line + "` without a move"};
    const Rulebook& rules = game.rules();
    auto move = rules.parse_move(game.position(), text, MoveSyntax::Hub);
    if (!move) move = rules.parse_move(game.position(), text, MoveSyntax::Any);
    if (!move) {
        if (!looks_like_a_move(text))
            return Failure{Failure::Garbage, name_ + " sent `" + line + "`, which is no move"};
        return Failure{Failure::IllegalMove, name_ + " played " + text + ": " + move.error()};
    }
    return MoveReply{*move, score};
}

}  // namespace kroon::match
