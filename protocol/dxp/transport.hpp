// DXP over TCP with Boost.Asio: one I/O thread runs every connection; each connection owns a
// Dialogue (the dialogue) and, once it has to think, an EngineWorker (the search, off the I/O
// thread, posting its move back). Listening serves connection after connection until stopped
// by SIGINT/SIGTERM; connecting plays one session and returns.
#pragma once

#include <functional>
#include <string>

#include <utility>
#include <vector>
#include "platform/result.hpp"

#include "protocol/dxp/dialogue.hpp"

namespace kroon::dxp {

constexpr unsigned short default_port = 27531;

struct Endpoint {
    std::string host = "127.0.0.1";
    unsigned short port = default_port;
};

// "[HOST:]PORT", "HOST", "[IPv6]:PORT" or a bare IPv6 address; missing parts keep defaults.
Result<Endpoint> parse_endpoint(const std::string& text);

struct TransportConfig {
    bool listen = true;
    Endpoint endpoint;
    DialogueConfig session;
    std::vector<std::pair<std::string, std::string>> engine_options;  // play/options.hpp, checked
    std::string pdn_path;                                             // games appended here, one flush per game
    std::string log_path;                                             // all protocol traffic logged here (spdlog)
    bool verbose = false;                                             // traffic on stderr too
    int max_connections = 4;                                          // served at once; more are closed at once
    std::size_t max_write_queue = 64 * 1024;                          // bytes the peer may leave unread
    // Called once the listening socket is bound, with the real port (useful with port 0).
    std::function<void(const Endpoint&)> on_listening;
};

// Runs until the session ends (connect) or a signal arrives (listen). An address that cannot
// be resolved, listened on or connected to is an error, with the system's reason.
Result<bool> run_transport(const TransportConfig& config);

}  // namespace kroon::dxp
