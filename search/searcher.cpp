#include "search/searcher.hpp"

#include <algorithm>
#include <mutex>
#include <thread>

#include "search/search_context.hpp"

namespace kroon::search {

struct Searcher::Impl {
    explicit Impl(Options o) : options(o), table(o.hash_mib) {}

    Options options;
    TranspositionTable table;
    RootState root = root_of(Game());
    std::unique_ptr<SearchContext> context;
    std::thread thread;
    std::atomic<bool> searching{false};
    std::mutex mutex;  // guards context and thread against concurrent stop/start/wait
};

Searcher::Searcher(Options options) : impl_(std::make_unique<Impl>(options)) {
    impl_->options.threads = std::clamp(options.threads, 1, 256);
}

Searcher::~Searcher() {
    stop();
    wait();
}

void Searcher::set_threads(int threads) { impl_->options.threads = std::clamp(threads, 1, 256); }

void Searcher::set_hash_size(int mib) {
    // The table must not change under a running search: end it first.
    stop();
    wait();
    impl_->options.hash_mib = std::clamp(mib, 1, 1 << 16);
    impl_->table.resize(impl_->options.hash_mib);
}

void Searcher::new_game() {
    stop();
    wait();
    impl_->table.clear();
}

void Searcher::set_evaluation(const eval::Evaluation& evaluation) {
    stop();
    wait();
    if (evaluation.kind != impl_->options.evaluation.kind || evaluation.file != impl_->options.evaluation.file)
        impl_->table.clear();  // stored scores came from the other evaluation
    impl_->options.evaluation = evaluation;
}

const eval::Evaluation& Searcher::evaluation() const { return impl_->options.evaluation; }

void Searcher::set_position(const Game& game) { impl_->root = root_of(game); }

void Searcher::start(const Limits& limits, Listener listener) {
    stop();
    wait();
    std::lock_guard lock(impl_->mutex);
    auto context = std::make_unique<SearchContext>();
    context->start_time = Clock::now();
    context->table = &impl_->table;
    context->root = impl_->root;
    context->weights = impl_->options.evaluation.weights_for(impl_->root.variant);
    context->limits = limits;
    context->plan = plan_time(limits);
    context->threads = impl_->options.threads;
    context->pondering = limits.ponder;
    context->counters = std::make_unique<NodeCounter[]>(static_cast<std::size_t>(context->threads));
    impl_->table.new_search();
    impl_->context = std::move(context);
    impl_->searching = true;
    SearchContext* ctx = impl_->context.get();
    impl_->thread = std::thread([this, ctx, listener = std::move(listener)] {
        const Outcome outcome = run_search(*ctx, listener);
        // Cleared first, so a callback that starts the next search is not undone afterwards.
        impl_->searching = false;
        if (listener.on_done) listener.on_done(outcome);
        // Nothing of impl_ is touched after on_done: it may have started another search.
    });
}

void Searcher::stop() {
    std::lock_guard lock(impl_->mutex);
    if (impl_->context) impl_->context->stop = true;
}

void Searcher::ponder_hit() {
    std::lock_guard lock(impl_->mutex);
    if (!impl_->context || !impl_->context->pondering) return;
    impl_->context->ponder_was_hit = true;
    impl_->context->pondering = false;
}

void Searcher::wait() {
    std::thread finished;
    {
        std::lock_guard lock(impl_->mutex);
        finished = std::move(impl_->thread);
    }
    if (!finished.joinable()) return;
    // Called from a callback on the search thread itself: that search is over but for
    // returning from the callback, and a thread cannot join itself.
    if (finished.get_id() == std::this_thread::get_id())
        finished.detach();
    else
        finished.join();
}

bool Searcher::is_searching() const { return impl_->searching; }

Outcome Searcher::think(const Limits& limits) {
    Outcome result;
    start(limits, Listener{{}, [&result](const Outcome& o) { result = o; }});
    wait();
    return result;
}

}  // namespace kroon::search
