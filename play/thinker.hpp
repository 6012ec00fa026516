// The thinker behind every face: one object per game being played or analysed, which thinks
// about that game (set_game, go, stop, the book, the options). It owns the searcher (threads,
// transposition table and its memory cap), the evaluation chosen, the endgame databases of the
// game's variant, and the options table's values; a face (Hub, DXP, the console, the web
// board, the match runner's built-in player, self-play) parses its own input into these calls
// and formats the reports back. Not "engine": engine/ is the rules engine (docs/architecture.md).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/record/game.hpp"
#include "eval/evaluate.hpp"
#include "platform/result.hpp"
#include "play/analyser.hpp"
#include "play/book.hpp"
#include "play/database_shelf.hpp"
#include "play/options.hpp"
#include "play/strength.hpp"
#include "search/searcher.hpp"

namespace kroon::play {

class Thinker final : public Analyser {
public:
    // The options at their defaults. `shelf`: databases shared with other engines, or null for
    // the engine's own, from its egdb option when a game first needs them. The searcher is
    // made on first use, so options set before it cost nothing.
    explicit Thinker(std::shared_ptr<DatabaseShelf> shelf = nullptr);
    ~Thinker() override;
    Thinker(const Thinker&) = delete;
    Thinker& operator=(const Thinker&) = delete;

    // Checks a value against the options table and applies it: the table is resized, a
    // weights file read, a databases folder opened, the variant's start position set up.
    // Returns the value as stored; an error changes nothing. Ends a running search first.
    Result<std::string> set_option(std::string_view name, std::string_view value);
    const OptionValues& options() const { return options_; }

    // The options' effects, called from the table's rows (play/options.cpp) by set_option,
    // which checks the value first and keeps options() in step: a face sets an option through
    // set_option, never these.
    void set_threads(int threads);
    void set_hash_mib(int mib);  // capped by the machine's memory (play/memory.hpp)
    void set_evaluation_kind(eval::EvalKind kind);
    Result<std::string> set_eval_file(const std::string& file);      // "" for none
    Result<std::string> set_egdb_folder(const std::string& folder);  // "none" for none
    Result<std::string> set_book(const std::string& value);          // true, false or a file
    void set_variant(Variant variant);                               // a new game if it changes

    // The game to search from: its position, the history (repetitions) and the rule options.
    // The databases follow its variant.
    void set_game(const Game& game) override;
    const Game& game() const { return game_; }
    // A new game: the table and the move-ordering histories forget the old one.
    void new_game();
    // Makes the searcher now (the Hub's init), so the first search does not wait for it.
    void prepare();

    // The search runs on its own threads; see search::Searcher for the callbacks' contract.
    // Pondering is allowed for by the ponder option. A search that plays a move (one that
    // ends by itself, not an analysis) from a position of the opening book plays the book's
    // move instead: the callbacks get it, marked from_book, on a thread of its own.
    void go(search::Limits limits, search::Listener listener) override;
    void stop() override;
    void ponder_hit();
    void wait() override;
    // The searcher's stop poll (search::Searcher::set_stop_poll), for a host whose searches
    // run on its one thread.
    void set_stop_poll(std::function<bool()> poll);
    std::string name() const override { return "Kroon"; }
    bool searching() const;
    // Blocking: go, wait, the outcome.
    search::Outcome think(const search::Limits& limits);

    const eval::Evaluation& evaluation() const { return evaluation_; }
    // The databases of the game's variant, or null.
    std::shared_ptr<const egdb::Database> databases() { return shelf().of(game_.variant()); }
    DatabaseShelf& shelf();
    // Databases from a shelf the face opened itself, to show what it holds and what it left
    // out; the egdb option becomes its folder (none for an empty one).
    void use_databases(std::shared_ptr<DatabaseShelf> shelf);
    // The table's size in MiB as it is, after the memory cap.
    int hash_mib() const { return hash_mib_; }

    // The opening book the book option chooses for the game's variant, or null.
    std::shared_ptr<const Book> book() const;
    // The book's moves of the current position, best first (docs/book.md).
    std::vector<BookChoice> book_moves() const;
    // The move a search with these limits would play from the book, or none.
    std::optional<BookChoice> book_move(const search::Limits& limits);
    // How strongly the thinker plays its moves (play/strength.hpp): below full strength a
    // search that plays a move (not an analysis) is weakened and its move chosen among the
    // best few lines, and the opening book is left aside. The elo and skill options set it.
    void set_strength(const Strength& strength) override { strength_ = strength; }
    const Strength& strength() const { return strength_; }
    // The draws of the weakened searches and the book's random choices start from `seed`
    // (else from the system's randomness), so that a test can repeat them.
    void seed(std::uint64_t seed) { random_.seed(seed); }

    // The principal variations a search with these limits reports: the multipv option's
    // number for an analysis (unless the limits ask for more themselves), else the limits'
    // own (1 by default: a search for a move to play keeps its whole time for that move).
    int lines_for(const search::Limits& limits) const;

private:
    search::Searcher& searcher();
    // Starts the search (no book move), weakened below full strength.
    void start_search(search::Limits limits, search::Listener listener);
    // The limits and listener of a move played below full strength: a smaller search, more
    // lines, the reports trimmed to the lines asked for and the move chosen among them.
    search::Listener weakened(search::Limits& limits, search::Listener listener);
    void join_book_reply();

    OptionValues options_;
    eval::Evaluation evaluation_;
    std::shared_ptr<DatabaseShelf> shelf_;
    std::shared_ptr<const egdb::Database> databases_;
    int hash_mib_ = 0;
    Game game_;
    std::unique_ptr<search::Searcher> searcher_;
    std::shared_ptr<const Book> book_file_;  // a book read from the option's file
    Strength strength_;
    std::mt19937_64 random_{std::random_device{}()};
    std::thread book_reply_;       // reports a book move as a search would
    std::mutex book_reply_mutex_;  // go() may run on book_reply_ itself (from on_done)
    std::atomic<bool> book_replying_{false};
    std::function<bool()> stop_poll_;
};

}  // namespace kroon::play
