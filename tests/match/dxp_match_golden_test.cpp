// `kroon match` as the DXP initiator, byte for byte: the built-in engine (fixed depth, so
// its moves are fixed) plays a scripted DXP follower on a loopback socket, and everything
// on the wire plus the PDN file is compared with a golden transcript
// (tests/match/golden/dxp_match_runner.out). The follower is Kroon's own DXP session with a
// stand-in engine that picks legal moves by a fixed rule. MOVE time fields and the PDN date,
// which the clock decides, are masked.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "engine/movegen/movegen.hpp"
#include "match/match_runner.hpp"
#include "match/openings.hpp"
#include "platform/process.hpp"
#include "protocol/dxp/dialogue.hpp"
#include "tests/support/golden_file.hpp"
#include "tests/support/loopback_server.hpp"

namespace kroon::match {
namespace {

std::string masked(std::string text) {
    if (!text.empty() && text[0] == 'M' && text.size() >= 5) text.replace(1, 4, "####");
    return text;
}

// A follower on 127.0.0.1 that plays one connection with a dxp::Dialogue and a stand-in
// engine, keeping every message both ways.
class ScriptedFollower {
public:
    ScriptedFollower()
        : server_([this](test::LoopbackSocket& fd, const std::atomic<bool>& stop) { serve(fd, stop); }) {}
    int port() const { return server_.port(); }
    // Everything seen, once the connection has ended.
    std::vector<std::string> lines() {
        server_.join();
        return lines_;
    }

private:
    void serve(test::LoopbackSocket& fd, const std::atomic<bool>& stop) {
        dxp::DialogueConfig config;
        config.role = dxp::Role::Follower;
        config.name = "Scripted follower";
        dxp::Dialogue session(config);
        const auto start = std::chrono::steady_clock::now();
        const auto now = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        bool open = true;
        std::function<void(const dxp::Actions&)> apply = [&](const dxp::Actions& actions) {
            for (const auto& a : actions) {
                if (const auto* s = std::get_if<dxp::Send>(&a)) {
                    const std::string text = dxp::format_message(s->message);
                    lines_.push_back("F> " + masked(text));
                    test::send_dxp(fd, text);
                } else if (const auto* t = std::get_if<dxp::Think>(&a)) {
                    MoveList legal;
                    t->game.rules().generate_moves(t->game.position(), legal);
                    std::optional<Move> move;
                    if (!legal.empty()) move = legal[static_cast<int>(t->game.moves().size() * 5 % legal.size())];
                    apply(session.engine_move(t->id, move, now()));
                } else if (const auto* g = std::get_if<dxp::GameFinished>(&a)) {
                    lines_.push_back("F game " + std::to_string(g->record.game_number) + ": " + g->record.white +
                                     " - " + g->record.black + " " +
                                     result_text(g->record.result(), Scoring::TwoPoints) + " " + g->record.termination);
                } else if (std::holds_alternative<dxp::Close>(a)) {
                    open = false;
                }
            }
        };
        test::serve_dxp(
            fd, stop,
            [&](const std::string& text) {
                if (text.empty()) {
                    lines_.push_back("F connection closed by the initiator");
                    apply(session.disconnected(now()));
                    return false;
                }
                lines_.push_back("F< " + masked(text));
                apply(session.receive(text, now()));
                return open;
            },
            [&] {
                if (const auto at = session.deadline(); at && now() >= *at) apply(session.timeout(now()));
                return open;
            });
    }

    std::vector<std::string> lines_;
    test::LoopbackServer server_;  // last: its thread uses the members above
};

TEST(DxpMatchGolden, BuiltinEngineAgainstAScriptedFollower) {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("kroon_dxp_golden_" + std::to_string(kroon::platform::current_process_id()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    ScriptedFollower follower;

    MatchConfig c;
    c.engines = {*players::parse_player_spec("dxp://127.0.0.1:" + std::to_string(follower.port())),
                 *players::parse_player_spec("builtin")};
    c.games = 2;
    c.game.limits.clock = TimeControl::sudden_death(60);
    c.game.limits.depth = 2;
    c.game.adjudication.max_moves = 25;
    c.player.engine_options = {{"hash", "8"}};
    c.openings = random_openings(Variant::International, 1, 4, 7);
    c.pdn_path = (dir / "games.pdn").string();
    std::atomic<bool> stop{false};
    const auto state = MatchRunner(c).run(stop);
    ASSERT_TRUE(state.ok()) << state.error();

    std::vector<std::string> lines = follower.lines();
    lines.push_back("--- match.pdn");
    std::ifstream pdn(c.pdn_path);
    static const std::regex date(R"(\[Date "[0-9.?]+"\])");
    static const std::regex port(R"(127\.0\.0\.1:[0-9]+)");
    // The clocks left depend on the machine's speed (a sanitizer build, a loaded machine).
    static const std::regex clock(R"(\[(White|Black)Clock "[0-9:.]+"\])");
    // So do the move comments' clocks and times (their width does not: h:mm:ss.d).
    static const std::regex move_times(R"(\[%(clk|emt) [0-9]:[0-9]{2}:[0-9]{2}\.[0-9]\])");
    for (std::string line; std::getline(pdn, line);) {
        line = std::regex_replace(std::regex_replace(line, date, "[Date \"#\"]"), port, "127.0.0.1:#");
        line = std::regex_replace(std::regex_replace(line, clock, "[$1Clock \"#\"]"), move_times, "[%$1 #:##:##.#]");
        lines.push_back(line);
    }
    for (const auto& e : state->engines) lines.push_back("engine " + std::regex_replace(e.name, port, "127.0.0.1:#"));
    pdn.close();  // Windows removes no file that is open
    fs::remove_all(dir);
    kroon::test::expect_golden("tests/match/golden/dxp_match_runner.out", lines);
}

}  // namespace
}  // namespace kroon::match
