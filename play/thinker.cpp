#include "play/thinker.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <system_error>

#include "play/memory.hpp"

namespace kroon::play {

Thinker::Thinker(std::shared_ptr<DatabaseShelf> shelf)
    : shelf_(std::move(shelf)), hash_mib_(affordable_hash_mib(options_.integer("hash"))) {}

Thinker::~Thinker() {
    join_book_reply();
    if (searcher_) {
        searcher_->stop();
        searcher_->wait();
    }
}

search::Searcher& Thinker::searcher() {
    if (!searcher_) {
        databases_ = shelf().of(game_.variant());
        search::Options options;
        options.threads = options_.integer("threads");
        options.hash_mib = hash_mib_;
        options.evaluation = evaluation_;
        options.databases = databases_;
        searcher_ = std::make_unique<search::Searcher>(options);
        if (stop_poll_) searcher_->set_stop_poll(stop_poll_);
    }
    return *searcher_;
}

DatabaseShelf& Thinker::shelf() {
    if (!shelf_) shelf_ = std::make_shared<DatabaseShelf>(DatabaseShelf::folder_of_option(options_.text("egdb")));
    return *shelf_;
}

void Thinker::prepare() { searcher(); }

void Thinker::use_databases(std::shared_ptr<DatabaseShelf> shelf) {
    if (searcher_) {
        searcher_->stop();
        searcher_->wait();
    }
    shelf_ = std::move(shelf);
    options_.set("egdb", shelf_->folder().empty() ? "none" : shelf_->folder().string());
    databases_ = shelf_->of(game_.variant());
    if (searcher_) searcher_->set_databases(databases_);
}

Result<std::string> Thinker::set_option(std::string_view name, std::string_view value) {
    const OptionSpec* spec = find_option(name);
    if (!spec) return Error{"no option '" + std::string(name) + "'"};
    auto text = read_option_value(*spec, value);
    if (!text) return Error{std::string(spec->name) + ": " + text.error()};
    if (searcher_) {
        searcher_->stop();
        searcher_->wait();
    }
    auto applied = apply(spec->name, *text);
    if (!applied) return Error{std::string(spec->name) + ": " + applied.error()};
    options_.set(spec->name, *text);
    return *text;
}

Result<std::string> Thinker::apply(std::string_view name, const std::string& value) {
    if (name == "threads") {
        if (searcher_) searcher_->set_threads(std::stoi(value));
    } else if (name == "hash") {
        const int asked = std::stoi(value);
        hash_mib_ = affordable_hash_mib(asked);
        if (hash_mib_ != asked)
            spdlog::warn("a table of {} MiB would take more than half the memory; using {} MiB", asked, hash_mib_);
        if (searcher_) searcher_->set_hash_size(hash_mib_);
    } else if (name == "eval") {
        evaluation_.kind = *eval::parse_eval_kind(value);
        if (searcher_) searcher_->set_evaluation(evaluation_);
    } else if (name == "eval-file") {
        if (value.empty()) {
            evaluation_.file = nullptr;
        } else {
            auto weights = eval::read_weights_file(value);
            if (!weights) return Error{weights.error()};
            evaluation_.file = *weights;
        }
        if (searcher_) searcher_->set_evaluation(evaluation_);
    } else if (name == "egdb") {
        std::filesystem::path folder = DatabaseShelf::folder_of_option(value);
        if (value != "none" && !value.empty()) {
            std::error_code ec;
            const auto status = std::filesystem::status(folder, ec);
            if (!std::filesystem::exists(status)) return Error{"no folder " + value};
            if (!std::filesystem::is_directory(status)) return Error{value + " is not a folder"};
        }
        shelf_ = std::make_shared<DatabaseShelf>(std::move(folder));
        databases_ = shelf_->of(game_.variant());
        if (searcher_) searcher_->set_databases(databases_);
    } else if (name == "book") {
        auto file = book_file_of_option(value);
        if (!file) return Error{file.error()};
        book_file_ = *file;
    } else if (name == "variant") {
        const Variant variant = *parse_variant(value);
        if (variant != game_.variant()) set_game(Game(rulebook(variant)));
    }
    return value;
}

void Thinker::set_game(const Game& game) {
    if (searcher_) {
        searcher_->stop();
        searcher_->wait();
    }
    game_ = game;
    options_.set("variant", rule_traits(game_.variant()).name);
    if (!searcher_) return;  // the searcher takes the variant's databases when it is made
    auto databases = shelf().of(game_.variant());
    if (databases != databases_) {
        databases_ = std::move(databases);
        searcher_->set_databases(databases_);
    }
}

void Thinker::new_game() { searcher().new_game(); }

std::shared_ptr<const Book> Thinker::book() const {
    return chosen_book(options_.text("book"), game_.variant(), book_file_);
}

std::vector<BookChoice> Thinker::book_moves() const {
    const auto chosen = book();
    if (!chosen || game_.is_over()) return {};
    return play::book_moves(*chosen, game_.rules(), game_.position());
}

int Thinker::lines_for(const search::Limits& limits) const {
    if (!limits.analysis) return limits.multi_pv;
    return std::max(limits.multi_pv, options_.integer("multipv"));
}

std::optional<BookChoice> Thinker::book_move(const search::Limits& limits) {
    // Several lines are searched: the book scores its own moves only.
    if (!limits.ends_by_itself() || limits.analysis || lines_for(limits) > 1 || game_.is_over()) return std::nullopt;
    const auto chosen = book();
    if (!chosen) return std::nullopt;
    return choose_book_move(*chosen, game_.rules(), game_.position(), options_.integer("book-margin"), random_);
}

namespace {

search::Outcome book_outcome(const BookChoice& choice) {
    search::Outcome outcome;
    outcome.best = choice.move;
    outcome.score = choice.score;
    outcome.depth = choice.depth;
    outcome.from_book = true;
    return outcome;
}

}  // namespace

void Thinker::join_book_reply() {
    std::thread reply;
    {
        const std::lock_guard lock(book_reply_mutex_);
        reply = std::move(book_reply_);
    }
    if (!reply.joinable()) return;
    // on_done may start the next search from the reply's own thread, which ends right after.
    if (reply.get_id() == std::this_thread::get_id())
        reply.detach();
    else
        reply.join();
}

void Thinker::go(search::Limits limits, search::Listener listener) {
    join_book_reply();
    if (const auto choice = book_move(limits)) {
        auto reply = [this, choice = *choice, listener = std::move(listener)] {
            const search::Outcome outcome = book_outcome(choice);
            search::Iteration iteration;
            iteration.depth = outcome.depth;
            iteration.score = outcome.score;
            iteration.pv = {choice.move};
            iteration.lines = {{iteration.score, iteration.pv}};
            iteration.from_book = true;
            if (listener.on_iteration) listener.on_iteration(iteration);
            book_replying_ = false;
            if (listener.on_done) listener.on_done(outcome);
        };
        book_replying_ = true;
        // Where searches run on the caller's thread, so does the book's reply.
        if (!search::search_threads_available) return reply();
        // Reported from a thread of its own, as the searcher does: a face may hold its lock
        // while it calls go().
        const std::lock_guard lock(book_reply_mutex_);
        book_reply_ = std::thread(std::move(reply));
        return;
    }
    limits.pondering_enabled = options_.boolean("ponder");
    limits.multi_pv = lines_for(limits);
    search::Searcher& s = searcher();
    s.set_position(game_);
    s.start(limits, std::move(listener));
}

void Thinker::stop() {
    if (searcher_) searcher_->stop();
}

void Thinker::ponder_hit() {
    if (searcher_) searcher_->ponder_hit();
}

void Thinker::set_stop_poll(std::function<bool()> poll) {
    stop_poll_ = std::move(poll);
    if (searcher_) searcher_->set_stop_poll(stop_poll_);
}

void Thinker::wait() {
    join_book_reply();
    if (searcher_) searcher_->wait();
}

bool Thinker::searching() const { return book_replying_ || (searcher_ && searcher_->is_searching()); }

search::Outcome Thinker::think(const search::Limits& limits) {
    join_book_reply();
    if (const auto choice = book_move(limits)) return book_outcome(*choice);
    search::Limits with_ponder = limits;
    with_ponder.pondering_enabled = options_.boolean("ponder");
    with_ponder.multi_pv = lines_for(limits);
    search::Searcher& s = searcher();
    s.set_position(game_);
    return s.think(with_ponder);
}

}  // namespace kroon::play
