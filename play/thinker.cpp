#include "play/thinker.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <system_error>

#include "play/memory.hpp"

namespace kroon::play {

Thinker::Thinker(std::shared_ptr<DatabaseShelf> shelf)
    : shelf_(std::move(shelf)), hash_mib_(affordable_hash_mib(options_.integer("hash"))) {
    // The built-in weights are read and folded once a process, every variant's at once
    // (40 ms): here, before any clock runs, not in the time of the first search. A searcher
    // made on its own reads them in its first search, on that search's clock.
    (void)evaluation_.weights_for(game_.variant());
}

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
    if (spec->effect) {
        auto applied = spec->effect(*this, *text);
        if (!applied) return Error{std::string(spec->name) + ": " + applied.error()};
    }
    options_.set(spec->name, *text);
    return *text;
}

void Thinker::set_threads(int threads) {
    if (searcher_) searcher_->set_threads(threads);
}

void Thinker::set_hash_mib(int asked) {
    hash_mib_ = affordable_hash_mib(asked);
    if (hash_mib_ != asked)
        spdlog::warn("a table of {} MiB would take more than half the memory; using {} MiB", asked, hash_mib_);
    if (searcher_) searcher_->set_hash_size(hash_mib_);
}

void Thinker::set_evaluation_kind(eval::EvalKind kind) {
    evaluation_.kind = kind;
    if (searcher_) searcher_->set_evaluation(evaluation_);
}

Result<std::string> Thinker::set_eval_file(const std::string& file) {
    if (file.empty()) {
        evaluation_.file = nullptr;
    } else {
        auto weights = eval::read_weights_file(file);
        if (!weights) return Error{weights.error()};
        evaluation_.file = *weights;
    }
    if (searcher_) searcher_->set_evaluation(evaluation_);
    return file;
}

Result<std::string> Thinker::set_egdb_folder(const std::string& value) {
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
    return value;
}

Result<std::string> Thinker::set_book(const std::string& value) {
    auto file = book_file_of_option(value);
    if (!file) return Error{file.error()};
    book_file_ = *file;
    return value;
}

void Thinker::set_variant(Variant variant) {
    if (variant != game_.variant()) set_game(Game(rulebook(variant)));
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
    // A person at a weaker level does not know the book's lines.
    if (!strength_.full()) return std::nullopt;
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
    start_search(limits, std::move(listener));
}

void Thinker::start_search(search::Limits limits, search::Listener listener) {
    limits.pondering_enabled = options_.boolean("ponder");
    limits.multi_pv = lines_for(limits);
    if (!strength_.full() && !limits.analysis && !limits.infinite) listener = weakened(limits, std::move(listener));
    search::Searcher& s = searcher();
    s.set_position(game_);
    s.start(limits, std::move(listener));
}

search::Listener Thinker::weakened(search::Limits& limits, search::Listener listener) {
    const Weakening weak = weakening(strength_.skill, random_);
    const int shown = limits.multi_pv;
    limits.depth = limits.depth > 0 ? std::min(limits.depth, weak.depth) : weak.depth;
    limits.nodes = limits.nodes > 0 ? std::min(limits.nodes, weak.nodes) : weak.nodes;
    limits.multi_pv = std::max(shown, weak.lines);
    // The callbacks come one after the other on the search's main thread.
    auto seen = std::make_shared<std::vector<search::Line>>();
    auto on_iteration = [seen, shown, report = std::move(listener.on_iteration)](const search::Iteration& it) {
        // An iteration cut short has fewer lines than the one before it: keep the complete one.
        if (it.lines.size() >= seen->size()) *seen = it.lines;
        if (!report) return;
        search::Iteration trimmed = it;
        if (static_cast<int>(trimmed.lines.size()) > shown) trimmed.lines.resize(static_cast<std::size_t>(shown));
        report(trimmed);
    };
    auto on_done = [seen, margin = weak.margin, seed = random_(),
                    report = std::move(listener.on_done)](search::Outcome outcome) {
        // The search's own move unless it is the first of the lines to choose from (a deeper
        // iteration cut short may have found another).
        if (outcome.best && !seen->empty() && !seen->front().pv.empty() && seen->front().pv.front() == *outcome.best) {
            std::mt19937_64 random(seed);
            const search::Line& line = (*seen)[choose_line(*seen, margin, random)];
            outcome.best = line.pv.front();
            outcome.score = line.score;
            outcome.ponder = line.pv.size() > 1 ? std::optional<Move>(line.pv[1]) : std::nullopt;
        }
        if (report) report(outcome);
    };
    return search::Listener{std::move(on_iteration), std::move(on_done)};
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
    search::Outcome outcome;
    start_search(limits, search::Listener{{}, [&outcome](const search::Outcome& o) { outcome = o; }});
    searcher().wait();  // returns once on_done has run
    return outcome;
}

}  // namespace kroon::play
