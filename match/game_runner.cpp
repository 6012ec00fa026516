#include "match/game_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace kroon::match {
namespace {

using SteadyClock = std::chrono::steady_clock;

// Time the runner allows past the flag before it gives up waiting, so that a move arriving
// just too late is still measured (and loses on time) rather than counted as a hang.
constexpr double flag_grace = 0.05;

std::string side_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string seconds_text(double s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f s", s);
    return buffer;
}

// Scores reported with each move, from White's point of view.
struct ScoreTrail {
    std::vector<std::optional<int>> white_view;

    void add(Color mover, std::optional<int> score) {
        if (!score) return white_view.push_back(std::nullopt);
        const int s = std::clamp(*score, -players::score_limit, players::score_limit);  // -INT_MIN is undefined
        white_view.push_back(mover == Color::White ? s : -s);
    }
    // The last `count` reports all satisfy `pred`.
    template <class Pred>
    bool last(int count, Pred pred) const {
        if (count <= 0 || static_cast<int>(white_view.size()) < count) return false;
        for (int i = static_cast<int>(white_view.size()) - count; i < static_cast<int>(white_view.size()); ++i)
            if (!white_view[i] || !pred(*white_view[i])) return false;
        return true;
    }
};

void adjudicate(Game& game, const ScoreTrail& trail, const Adjudication& a) {
    const int plies = static_cast<int>(game.moves().size());
    const auto win_by_score = [&](int moves) -> std::optional<Color> {
        if (a.win_score <= 0) return std::nullopt;
        if (trail.last(2 * moves, [&](int s) { return s >= a.win_score; })) return Color::White;
        if (trail.last(2 * moves, [&](int s) { return s <= -a.win_score; })) return Color::Black;
        return std::nullopt;
    };
    if (a.win_moves > 0)
        if (const auto winner = win_by_score(a.win_moves)) {
            game.end({win_for(*winner), Reason::Adjudication},
                     "both engines scored " + side_name(*winner) + " at least " + std::to_string(a.win_score) +
                         " for " + std::to_string(a.win_moves) + " moves each");
            return;
        }
    if (a.draw_moves > 0 && plies >= 2 * a.draw_from_move &&
        trail.last(2 * a.draw_moves, [&](int s) { return std::abs(s) <= a.draw_score; })) {
        game.end({GameResult::Draw, Reason::Adjudication}, "both engines scored within " +
                                                               std::to_string(a.draw_score) + " for " +
                                                               std::to_string(a.draw_moves) + " moves each");
        return;
    }
    if (a.max_moves > 0 && plies >= 2 * a.max_moves) {
        // As DXP matches do: at the move limit the engines' own scores decide, else a draw.
        if (const auto winner = win_by_score(1)) {
            game.end({win_for(*winner), Reason::Adjudication},
                     "move limit " + std::to_string(a.max_moves) + " reached; both engines scored " +
                         side_name(*winner) + " at least " + std::to_string(a.win_score));
        } else {
            game.end({GameResult::Draw, Reason::Adjudication},
                     "move limit " + std::to_string(a.max_moves) + " reached");
        }
    }
}

void lose(Game& game, Color side, Reason reason, const std::string& detail) {
    game.end({win_for(~side), reason}, detail);
}

// Tells each player of the new game; one that fails loses it, unless the match was stopped
// meanwhile or the player is gone for good (the game is then abandoned, not played).
void announce_game(players::Player& white, players::Player& black, PlayedGame& out) {
    for (Color side : {Color::White, Color::Black}) {
        if (out.game.is_over()) break;
        if (const auto failure = (side == Color::White ? white : black).new_game(out.game, side)) {
            if (failure->kind == players::Failure::Stopped || failure->kind == players::Failure::Unreachable) {
                out.abandoned = true;
                if (failure->kind == players::Failure::Unreachable) out.unreachable = failure->detail;
                return;
            }
            out.failed = side;
            lose(out.game, side, Reason::EngineFailure, failure->detail);
        }
    }
}

players::MoveRequest move_request(const Limits& limits, const Clock& clock, Color side) {
    players::MoveRequest request;
    request.level = limits;
    request.clock = play::read_clock(clock, side);
    if (request.clock) {
        request.wait = request.clock->time_left + flag_grace;
    } else {
        request.wait = limits.hang_timeout + limits.move_time;
    }
    return request;
}

// A player that gave no move: stopped (the game is abandoned), resigned, or failed and lost.
void settle_failure(PlayedGame& out, Clock& clock, Color side, const players::Failure& failure, double elapsed) {
    if (failure.kind == players::Failure::Stopped) {
        out.abandoned = true;
        return;
    }
    if (failure.kind == players::Failure::Resigned) {
        lose(out.game, side, Reason::Resignation, failure.detail);
        return;
    }
    out.failed = side;
    if (failure.kind == players::Failure::Timeout && !clock.unlimited()) {
        lose(out.game, side, Reason::TimeForfeit,
             side_name(side) + "'s flag fell: no move in the " + seconds_text(clock.remaining(side)) + " left");
        clock.record_move(side, elapsed);  // the time is gone: the record shows the clock at zero
    } else if (failure.kind == players::Failure::IllegalMove) {
        lose(out.game, side, Reason::IllegalMove, failure.detail);
    } else {
        lose(out.game, side, Reason::EngineFailure,
             failure.kind == players::Failure::Timeout ? failure.detail + " (hung)" : failure.detail);
    }
}

// The move on the clock, then on the board; false when that lost the game (flag fall or an
// illegal move).
bool play_reply(PlayedGame& out, Clock& clock, const players::Player& player, Color side,
                const players::MoveReply& reply, double elapsed) {
    const Move& move = reply.move;
    const double left = clock.remaining(side);
    if (!clock.record_move(side, elapsed)) {  // KNDB art. 10.5, 12.1
        lose(out.game, side, Reason::TimeForfeit,
             side_name(side) + "'s flag fell: the move took " + seconds_text(elapsed) + " with " + seconds_text(left) +
                 " left");
        return false;
    }
    if (!out.game.play(move)) {
        out.failed = side;
        lose(out.game, side, Reason::IllegalMove, player.name() + " played a move that is not legal here");
        return false;
    }
    out.notes.push_back({elapsed, clock.unlimited() ? std::nullopt : std::optional<double>(clock.remaining(side)),
                         reply.score, reply.depth});
    return true;
}

}  // namespace

PlayedGame play_game(players::Player& white, players::Player& black, const Opening& opening,
                     const GameSettings& settings, const std::atomic<bool>* stop) {
    PlayedGame out{Game(rulebook(settings.variant), opening.start, settings.rule_options),
                   std::nullopt,
                   false,
                   {},
                   std::nullopt,
                   std::nullopt};
    Game& game = out.game;
    for (const Move& m : opening.moves)
        if (!game.play(m)) break;  // openings are checked when read; a finished opening is a finished game
    Clock clock(settings.limits.clock);
    ScoreTrail trail;
    announce_game(white, black, out);

    while (!out.abandoned && !game.is_over()) {
        if (stop && stop->load()) {
            out.abandoned = true;
            break;
        }
        const Color side = game.side_to_move();
        players::Player& player = side == Color::White ? white : black;
        const players::MoveRequest request = move_request(settings.limits, clock, side);
        const auto started = SteadyClock::now();
        const players::Answer answer = player.think(game, request);
        const double elapsed = std::chrono::duration<double>(SteadyClock::now() - started).count();
        if (const players::Failure* failure = std::get_if<players::Failure>(&answer)) {
            settle_failure(out, clock, side, *failure, elapsed);
            break;
        }
        const players::MoveReply& reply = std::get<players::MoveReply>(answer);
        if (!play_reply(out, clock, player, side, reply, elapsed)) break;
        trail.add(side, reply.score);
        if (!game.is_over()) adjudicate(game, trail, settings.adjudication);
    }
    if (!clock.unlimited())
        out.clock_left = {std::max(0.0, clock.remaining(Color::White)), std::max(0.0, clock.remaining(Color::Black))};
    if (!out.abandoned) {
        white.game_over(game);
        black.game_over(game);
    }
    return out;
}

}  // namespace kroon::match
