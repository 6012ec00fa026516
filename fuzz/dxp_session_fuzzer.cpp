// The DXP session state machine (protocol/dxp/dialogue.cpp), without sockets or searches.
// The input is a configuration byte, then NUL-separated steps: a message from the peer, or a
// control byte for the other events (our engine's move, a timeout, a disconnect, an abort).
// Invariants: nothing crashes; every message Kroon sends is printable ASCII that decodes;
// every game the session finishes becomes a PDN record that reads back to the same game.
#include <spdlog/spdlog.h>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "fuzz/fuzz_check.hpp"
#include "protocol/dxp/dialogue.hpp"
#include "protocol/dxp/game_record.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;

namespace {

enum Control : char { EngineMoves = 1, Timeout = 2, Disconnect = 3, Abort = 4, TakeBack = 5 };

struct Driver {
    dxp::Dialogue session;
    std::optional<dxp::Think> thinking;
    bool closed = false;

    explicit Driver(dxp::DialogueConfig config) : session(std::move(config)) {}

    void take(const dxp::Actions& actions) {
        for (const dxp::Action& action : actions) {
            if (const auto* send = std::get_if<dxp::Send>(&action)) check_sent(*send);
            if (const auto* think = std::get_if<dxp::Think>(&action)) thinking = *think;
            if (std::holds_alternative<dxp::StopThinking>(action)) thinking.reset();
            if (const auto* finished = std::get_if<dxp::GameFinished>(&action)) check_record(finished->record);
            if (std::holds_alternative<dxp::Close>(action)) closed = true;
        }
    }

    static void check_sent(const dxp::Send& send) {
        const std::string wire = dxp::format_message(send.message);
        for (const char c : wire) {
            const auto u = static_cast<unsigned char>(c);
            require(u >= 0x20 && u < 0x7f, "Kroon sends printable ASCII only", [&] { return shown(wire); });
        }
        const auto back = dxp::parse_message(wire);
        require(back.ok(), "what Kroon sends decodes", [&] { return shown(wire) + (back ? "" : ": " + back.error()); });
    }

    static void check_record(const dxp::GameRecord& record) {
        const PdnGame pdn = dxp::pdn_record(record, {});
        const std::string written = write_pdn(pdn);
        const PdnFile back = read_pdn(written);
        require(back.errors.empty(), "a DXP game's record reads back without errors",
                [&] { return written + "\n" + (back.errors.empty() ? "" : back.errors[0].text()); });
        require(back.games.size() == 1, "a DXP game's record is one game", [&] { return written; });
        const PdnGame& g = back.games[0];
        require(g.start == pdn.start && g.moves == pdn.moves && g.result == pdn.result,
                "a DXP game's record reads back to the same game", [&] { return written; });
    }

    // Our engine answers with its first legal move (or none when there is none).
    void engine_moves(double now) {
        if (!thinking) return;
        const dxp::Think think = *thinking;
        thinking.reset();
        MoveList legal;
        think.game.rules().generate_moves(think.game.position(), legal);
        std::optional<Move> move;
        if (!legal.empty()) move = legal[0];
        take(session.engine_move(think.id, move, now));
    }
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    dxp::DialogueConfig config;
    config.role = data[0] & 1 ? dxp::Role::Initiator : dxp::Role::Follower;
    config.grant_takebacks = (data[0] & 2) != 0;
    config.follower_max_games = (data[0] >> 2) & 3;
    config.match.games = 1 + ((data[0] >> 4) & 3);
    config.match.minutes = 1 + (data[0] >> 6);
    config.match.moves = data[0] & 0x80 ? 20 : 0;
    config.max_warnings = 5;
    Driver driver(config);
    double now = 0;
    driver.take(driver.session.connected(now));
    std::string_view steps = fuzz::as_text(data + 1, size - 1);
    while (!steps.empty() && !driver.closed) {
        const size_t end = steps.find('\0');
        const std::string_view step = steps.substr(0, end);
        steps.remove_prefix(end == std::string_view::npos ? steps.size() : end + 1);
        now += 1;
        if (step.size() == 1 && step[0] >= EngineMoves && step[0] <= TakeBack) {
            switch (step[0]) {
                case EngineMoves: driver.engine_moves(now); break;
                case Timeout:
                    if (const auto at = driver.session.deadline()) {
                        now = std::max(now, *at);
                        driver.take(driver.session.timeout(now));
                    }
                    break;
                case Disconnect: driver.take(driver.session.disconnected(now)); return 0;
                case Abort: driver.take(driver.session.abort("fuzz", now)); return 0;
                case TakeBack: driver.take(driver.session.request_takeback(1, Color::White, now)); break;
                default: break;
            }
            continue;
        }
        if (step.size() > static_cast<size_t>(dxp::max_message_length))
            driver.take(driver.session.receive_invalid("message longer than 127 characters", now));
        else
            driver.take(driver.session.receive(step, now));
    }
    if (!driver.closed) driver.take(driver.session.disconnected(now));
    return 0;
}
