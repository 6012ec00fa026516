// Two DXP sessions, initiator and follower, play a short match against each other without
// sockets; every message on the wire, every game record and every log note is compared with
// a golden transcript (tests/protocol/golden/dxp_match.out). The engines are stand-ins that
// pick a legal move by a fixed rule, so the transcript depends on the protocol code alone.
#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/dxp/dialogue.hpp"
#include "tests/support/golden_file.hpp"

namespace kroon::dxp {
namespace {

struct Side {
    Side(std::string name, DialogueConfig config) : label(std::move(name)), session(std::move(config)) {}
    std::string label;
    Dialogue session;
    std::optional<Think> thinking;
};

class Match {
public:
    Match(DialogueConfig initiator, DialogueConfig follower)
        : sides_{Side("I", std::move(initiator)), Side("F", std::move(follower))} {}

    // The finished games as each side recorded them.
    std::vector<GameRecord> games[2];

    std::vector<std::string> play() {
        take(0, sides_[0].session.connected(now_));
        for (int step = 0; step < 2000 && !(closed_[0] && closed_[1]); ++step) {
            now_ += 0.5;
            if (!wire_[0].empty() || !wire_[1].empty()) {
                const int to = wire_[1].empty() ? 1 : wire_[0].empty() ? 0 : step % 2;
                const std::string text = wire_[1 - to].front();
                wire_[1 - to].pop_front();
                take(to, sides_[to].session.receive(text, now_));
                continue;
            }
            bool answered = false;
            for (int s = 0; s < 2 && !answered; ++s) {
                Side& side = sides_[s];
                if (!side.thinking) continue;
                const Think t = *side.thinking;
                side.thinking.reset();
                take(s, side.session.engine_move(t.id, choose(t), now_));
                answered = true;
                if (s == 0 && ++initiator_moves_ == 6) take(0, side.session.request_takeback(2, Color::White, now_));
            }
            if (answered) continue;
            for (int s = 0; s < 2; ++s)
                if (const auto at = sides_[s].session.deadline(); at && !closed_[s])
                    take(s, sides_[s].session.timeout(*at));
            if (!sides_[0].session.deadline() && !sides_[1].session.deadline()) break;
        }
        return lines_;
    }

private:
    // A stand-in engine: the legal move at a fixed place in the generator's order.
    std::optional<Move> choose(const Think& t) const {
        MoveList legal;
        t.game.rules().generate_moves(t.game.position(), legal);
        if (legal.empty()) return std::nullopt;
        return legal[static_cast<int>(t.game.moves().size() * 7 % static_cast<size_t>(legal.size()))];
    }

    void take(int s, const Actions& actions) {
        const std::string& who = sides_[s].label;
        for (const auto& a : actions) {
            if (const auto* send = std::get_if<Send>(&a)) {
                const std::string text = format_message(send->message);
                lines_.push_back(who + "> " + text);
                wire_[s].push_back(text);
            } else if (const auto* t = std::get_if<Think>(&a)) {
                sides_[s].thinking = *t;
            } else if (std::holds_alternative<StopThinking>(a)) {
                sides_[s].thinking.reset();
                lines_.push_back(who + " stop thinking");
            } else if (const auto* g = std::get_if<GameFinished>(&a)) {
                games[s].push_back(g->record);
                lines_.push_back(who + " game " + std::to_string(g->record.game_number) + " " + g->record.white +
                                 " - " + g->record.black + ": " + result_text(g->record.result(), Scoring::TwoPoints) +
                                 " " + g->record.termination + " (" + std::to_string(g->record.game.moves().size()) +
                                 " plies)");
            } else if (const auto* c = std::get_if<Close>(&a)) {
                lines_.push_back(who + " close: " + c->reason);
                closed_[s] = true;
            } else if (const auto* n = std::get_if<Note>(&a)) {
                lines_.push_back(who + " note: " + n->text);
            }
        }
    }

    Side sides_[2];
    std::deque<std::string> wire_[2];  // messages sent by side 0 and side 1, not yet delivered
    bool closed_[2] = {false, false};
    double now_ = 0;
    int initiator_moves_ = 0;
    std::vector<std::string> lines_;
};

TEST(DxpGolden, InitiatorAndFollowerPlayAMatch) {
    DialogueConfig initiator;
    initiator.role = Role::Initiator;
    initiator.name = "Golden initiator";
    initiator.match.games = 4;
    initiator.match.minutes = 2;
    initiator.match.moves = 30;
    initiator.match.start_positions = {rulebook(Variant::International).start_position(),
                                       *rulebook(Variant::International).parse_fen("W:W27,28,32,K45:B8,12,13,K4")};
    DialogueConfig follower;
    follower.role = Role::Follower;
    follower.name = "Golden follower";
    Match match(initiator, follower);
    const auto lines = match.play();
    kroon::test::expect_golden("tests/protocol/golden/dxp_match.out", lines);
    // Both sides keep the same record of the same games.
    ASSERT_EQ(match.games[0].size(), 4u);
    ASSERT_EQ(match.games[1].size(), 4u);
    for (size_t g = 0; g < 4; ++g) {
        EXPECT_EQ(match.games[0][g].game.moves(), match.games[1][g].game.moves());
        EXPECT_EQ(match.games[0][g].white, match.games[1][g].white);
        EXPECT_EQ(match.games[0][g].result(), match.games[1][g].result());
    }
    EXPECT_EQ(match.games[0][0].white, "Golden initiator");
    EXPECT_EQ(match.games[0][1].white, "Golden follower");
}

}  // namespace
}  // namespace kroon::dxp
