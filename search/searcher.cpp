#include "search/searcher.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "egdb/database.hpp"
#include "search/game_progress.hpp"
#include "search/search_context.hpp"
#include "search/worker.hpp"

namespace kroon::search {

// The search threads live as long as the Searcher and wait between searches; each keeps its
// worker (and the worker its history) from move to move. Thread 0 runs the main worker,
// gathers the helpers when it stops and calls on_done. Each thread holds the Impl, so a
// Searcher destroyed from its own on_done leaves that thread a live Impl to return to.
struct Searcher::Impl : std::enable_shared_from_this<Impl> {
    explicit Impl(Options o) : options(o), table(o.hash_mib), root(root_of(Game())) {}

    Options options;
    TranspositionTable table;
    RootState root;

    std::mutex mutex;
    std::condition_variable wake;      // a new search, or the end
    std::condition_variable finished;  // the main thread is done with a search, or a helper is
    std::vector<std::thread> threads;
    std::vector<std::unique_ptr<WorkerBase>> workers;  // workers[i] runs on threads[i]
    std::unique_ptr<SearchContext> context;            // of the latest search
    Listener listener;
    std::uint64_t generation = 0;  // counts the searches started
    int helpers_running = 0;
    bool main_busy = false;
    bool quit = false;
    std::atomic<bool> searching{false};
    std::thread::id main_thread;  // threads[0]'s, set before any search starts
    std::function<bool()> stop_poll;

    // `seen`: the searches started before the thread was made, which are not its own.
    void thread_loop(int id, std::uint64_t seen);
    // Threads and workers for `count` threads and the root's variant (called with no search).
    void prepare(int count);
    // Workers alone, for the root's variant.
    void prepare_workers(int count);
    std::unique_ptr<SearchContext> make_context(const Limits& limits, int thread_count);
    // The whole search on the calling thread, where no thread can be started.
    void run_on_caller(const Limits& limits, Listener report);
};

void Searcher::Impl::thread_loop(int id, std::uint64_t seen) {
    std::unique_lock lock(mutex);
    for (;;) {
        wake.wait(lock, [&] { return quit || generation != seen; });
        if (quit) return;
        seen = generation;
        SearchContext* ctx = context.get();
        if (id >= ctx->threads) continue;
        WorkerBase& worker = *workers[static_cast<size_t>(id)];
        if (id != 0) {
            lock.unlock();
            worker.run(*ctx, Listener{});
            lock.lock();
            --helpers_running;
            finished.notify_all();
            continue;
        }
        const Listener report = listener;  // start() may replace `listener` during on_done
        lock.unlock();
        worker.run(*ctx, report);
        ctx->stop = true;
        lock.lock();
        finished.wait(lock, [&] { return helpers_running == 0; });
        const Outcome outcome = worker.outcome(*ctx);
        // Cleared first, so a callback that starts the next search is not undone afterwards.
        searching = false;
        lock.unlock();
        if (report.on_done) report.on_done(outcome);
        lock.lock();
        // wait() returns once on_done has returned, unless on_done started the next search.
        if (generation == seen) main_busy = false;
        finished.notify_all();
    }
}

void Searcher::Impl::prepare(int count) {
    if (static_cast<int>(threads.size()) != count) {
        {
            std::lock_guard lock(mutex);
            quit = true;
        }
        wake.notify_all();
        for (auto& t : threads) t.join();
        threads.clear();
        quit = false;
        const std::uint64_t now = generation;  // no search runs: nobody changes it meanwhile
        for (int id = 0; id < count; ++id)
            threads.emplace_back([self = shared_from_this(), id, now] { self->thread_loop(id, now); });
        main_thread = threads.front().get_id();
    }
    prepare_workers(count);
}

void Searcher::Impl::prepare_workers(int count) {
    const Variant variant = root.variant;
    workers.resize(static_cast<size_t>(count));
    for (int id = 0; id < count; ++id) {
        auto& w = workers[static_cast<size_t>(id)];
        if (!w || w->variant() != variant) w = make_worker(variant, id);
    }
}

Searcher::Searcher(Options options) : impl_(std::make_shared<Impl>(options)) {
    impl_->options.threads = std::clamp(options.threads, 1, 256);
}

Searcher::~Searcher() {
    stop();
    wait();
    {
        std::lock_guard lock(impl_->mutex);
        impl_->quit = true;
    }
    impl_->wake.notify_all();
    for (auto& t : impl_->threads)
        if (t.get_id() == std::this_thread::get_id())
            t.detach();  // destroyed from its own callback: it returns, sees quit and ends
        else
            t.join();
}

void Searcher::set_threads(int threads) {
    stop();
    wait();
    impl_->options.threads = std::clamp(threads, 1, 256);
}

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
    for (auto& w : impl_->workers)
        if (w) w->new_game();
}

void Searcher::set_evaluation(const eval::Evaluation& evaluation) {
    stop();
    wait();
    if (evaluation.kind != impl_->options.evaluation.kind || evaluation.file != impl_->options.evaluation.file)
        impl_->table.clear();  // stored scores came from the other evaluation
    impl_->options.evaluation = evaluation;
}

const eval::Evaluation& Searcher::evaluation() const { return impl_->options.evaluation; }

void Searcher::set_databases(std::shared_ptr<const egdb::Database> databases) {
    stop();
    wait();
    if (databases != impl_->options.databases) impl_->table.clear();  // stored scores knew other endings
    impl_->options.databases = std::move(databases);
}

void Searcher::set_position(const Game& game) {
    stop();
    wait();
    impl_->root = root_of(game);
}

std::unique_ptr<SearchContext> Searcher::Impl::make_context(const Limits& limits, int thread_count) {
    auto ctx = std::make_unique<SearchContext>();
    ctx->start_time = Clock::now();
    ctx->table = &table;
    ctx->root = root;
    ctx->weights = options.evaluation.weights_for(root.variant);
    const auto& databases = options.databases;
    if (databases && databases->variant() == root.variant) {
        ctx->databases = databases;
        if (const auto decided = databases->root_moves(root.position)) {
            ctx->root_moves = decided->moves;
            ctx->root_probes = static_cast<std::uint64_t>(decided->probes);
        }
    }
    ctx->limits = limits;
    ctx->plan = plan_time(limits, men_progress(root.position, root.variant));
    ctx->threads = thread_count;
    ctx->stop_requested = stop_poll;
    ctx->pondering = limits.ponder;
    ctx->counters = std::make_unique<NodeCounter[]>(static_cast<std::size_t>(ctx->threads));
    table.new_search();
    return ctx;
}

void Searcher::Impl::run_on_caller(const Limits& limits, Listener report) {
    prepare_workers(1);
    {
        std::lock_guard lock(mutex);
        context = make_context(limits, 1);
        searching = true;
    }
    SearchContext& ctx = *context;
    WorkerBase& worker = *workers.front();
    worker.run(ctx, report);
    ctx.stop = true;
    const Outcome outcome = worker.outcome(ctx);
    searching = false;
    if (report.on_done) report.on_done(outcome);
}

void Searcher::set_stop_poll(std::function<bool()> poll) {
    stop();
    wait();
    impl_->stop_poll = std::move(poll);
}

void Searcher::start(const Limits& limits, Listener listener) {
    stop();
    wait();
    if (!search_threads_available) {
        impl_->run_on_caller(limits, std::move(listener));
        return;
    }
    // Threads are started or stopped only here, never from a search thread's own callback.
    if (std::this_thread::get_id() != impl_->main_thread || impl_->threads.empty())
        impl_->prepare(impl_->options.threads);
    else if (static_cast<int>(impl_->workers.size()) < impl_->options.threads ||
             impl_->workers.front()->variant() != impl_->root.variant)
        impl_->prepare(static_cast<int>(impl_->threads.size()));
    auto context =
        impl_->make_context(limits, std::min(impl_->options.threads, static_cast<int>(impl_->threads.size())));
    std::lock_guard lock(impl_->mutex);
    impl_->context = std::move(context);
    impl_->listener = std::move(listener);
    impl_->helpers_running = impl_->context->threads - 1;
    impl_->main_busy = true;
    impl_->searching = true;
    ++impl_->generation;
    impl_->wake.notify_all();
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
    // Called from on_done on the main search thread: that search is over but for returning
    // from the callback.
    if (std::this_thread::get_id() == impl_->main_thread) return;
    std::unique_lock lock(impl_->mutex);
    impl_->finished.wait(lock, [&] { return !impl_->main_busy; });
}

bool Searcher::is_searching() const { return impl_->searching; }

Outcome Searcher::think(const Limits& limits) {
    Outcome result;
    std::mutex done_mutex;
    std::condition_variable done_cv;
    bool done = false;
    start(limits, Listener{{}, [&](const Outcome& o) {
                               std::lock_guard lock(done_mutex);
                               result = o;
                               done = true;
                               done_cv.notify_all();
                           }});
    std::unique_lock lock(done_mutex);
    done_cv.wait(lock, [&] { return done; });
    return result;
}

}  // namespace kroon::search
