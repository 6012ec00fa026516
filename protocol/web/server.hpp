// `kroon serve`: an HTTP and WebSocket server on Boost.Beast. GET serves the page's files,
// built into the binary (assets.hpp), and nothing else; a WebSocket on /ws is one tab, with a
// Tab of its own (tab.hpp, the messages of docs/web.md). Every tab's searches share
// one SearchPool of `threads` slots. One I/O thread runs every connection.
//
// Safe by default: loopback unless told otherwise, a limit on open connections and on the
// size of a message, WebSocket upgrades from other sites' pages refused (Origin), timeouts on
// idle HTTP connections and on clients that do not read what is sent to them.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "platform/result.hpp"
#include "protocol/web/search_pool.hpp"

namespace kroon::web {

struct ServerConfig {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;  // 0: any free port (the bound one is in url())
    int threads = 1;             // searches at once, over all tabs
    int hash_mib = 64;           // shared out over the search slots
    int max_connections = 100;   // open TCP connections (pages and WebSockets)
    std::size_t max_message_bytes = 1 << 20;
    double slice = 10;       // seconds a search keeps its slot while a request waits
    double max_search = 60;  // seconds: the longest search a tab may ask
    int max_depth = 40;      // the deepest
    // Other host names the server may be reached by (--allow-origin), with its port: a name of
    // this machine on the network when listening on every address.
    std::vector<std::string> allowed_hosts;
    // Options of the searches' engines (play/options.hpp, checked): eval, eval-file, egdb.
    std::vector<std::pair<std::string, std::string>> engine_options;
    // Another program (`--engine`, a Hub engine) for the tabs' analyses and hints beside
    // Kroon: one search at a time over all tabs, with the same bounds and slices. Null: none.
    std::shared_ptr<play::Analyser> other_engine;
};

class Server {
public:
    // A server bound to the address; an error saying why when it cannot be (a bad host, a
    // port in use).
    static Result<std::unique_ptr<Server>> start(const ServerConfig& config);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // "http://127.0.0.1:8080/", with the port actually bound.
    std::string url() const;
    unsigned short port() const;
    // Serves until stop(); with `handle_signals`, SIGINT and SIGTERM stop it too.
    void run(bool handle_signals = false);
    // From any thread: close every connection, stop every search, return from run().
    void stop();

    SearchPool& pool();
    int open_connections() const;  // for tests; approximate off the I/O thread
    // The most bytes any tab has had queued, unsent, since the server started.
    std::size_t largest_outbox() const;

private:
    struct Impl;
    explicit Server(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace kroon::web
