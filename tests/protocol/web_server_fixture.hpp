// A `kroon serve` server running in the test's process on 127.0.0.1 (any free port), and a
// tab connected to it: what every test of the board over real sockets starts from.
#pragma once

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <thread>

#include "protocol/web/server.hpp"
#include "tests/protocol/web_client.hpp"

namespace kroon::test {

using Json = nlohmann::json;
using web::Server;
using web::ServerConfig;

class RunningServer {
public:
    explicit RunningServer(ServerConfig config = {})
        : server_(started(local(config))), thread_([this] { server_->run(); }) {}
    ~RunningServer() {
        server_->stop();
        thread_.join();
    }
    unsigned short port() const { return server_->port(); }
    Server& server() { return *server_; }

private:
    static ServerConfig local(ServerConfig c) {
        c.host = "127.0.0.1";
        c.port = 0;
        c.hash_mib = 4;
        // The tests play and analyse from known positions: no opening book unless one asks.
        if (std::none_of(c.engine_options.begin(), c.engine_options.end(),
                         [](const auto& option) { return option.first == "book"; }))
            c.engine_options.emplace_back("book", "false");
        return c;
    }
    // A loopback address with any free port: a server that does not start is the machine's fault.
    static std::unique_ptr<Server> started(const ServerConfig& c) {
        auto server = Server::start(c);
        if (!server) throw std::runtime_error("the test server does not start: " + server.error());
        return std::move(server.value());
    }
    std::unique_ptr<Server> server_;
    std::thread thread_;
};

// A connected tab that has read its welcome and first state.
struct Tab {
    explicit Tab(unsigned short port) : client(port) {
        welcome = client.expect("welcome");
        state = client.expect("state");
    }
    WebClient client;
    Json welcome;
    Json state;
};

// Sends `message` and returns the text of the error it is answered with.
inline std::string error_of(WebClient& client, const Json& message) {
    client.send(message);
    return client.expect("error")["message"].get<std::string>();
}

}  // namespace kroon::test
