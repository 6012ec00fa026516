#include "learn/book_builder.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <queue>
#include <unordered_map>
#include <utility>

#include "engine/referee/outcome.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "play/thinker.hpp"
#include "search/searcher.hpp"

namespace kroon::learn {
namespace {

using Clock = std::chrono::steady_clock;
using play::Book;
using play::BookEntry;
using play::BookMove;

// The score of a finished game for the side that made its last move.
int finished_score(const Game& game, Color mover) {
    const double fraction = score_fraction(game.verdict().result, mover);
    return static_cast<int>((fraction - 0.5) * 2 * search::win_score);
}

// The entry's move into `child`, or null (BookEntry or const BookEntry).
template <class Entry>
auto* move_into(Entry& entry, std::uint64_t child) {
    for (auto& m : entry.moves)
        if (m.child == child) return &m;
    return static_cast<decltype(&entry.moves.front())>(nullptr);
}

// A position the cheapest line reached, and how.
struct Reached {
    Position position;
    std::uint64_t parent = 0;
    Move move{};
    std::size_t root = 0;
    int cost = 0;
    int ply = 0;
    bool done = false;
};

// The next position to add: the cheapest move out of the book, with the line to it.
struct Candidate {
    std::size_t root = 0;
    std::vector<Move> line;
    int cost = std::numeric_limits<int>::max();
};

class Builder {
public:
    Builder(const BookBuildOptions& options, Book book) : options_(options), book_(std::move(book)) {}

    Book& book() { return book_; }

    // Roots of this shard that are not in the book yet come first.
    std::optional<Candidate> next() const {
        for (std::size_t r = 0; r < options_.roots.size(); ++r)
            if (root_in_shard(r) && !book_.find(options_.roots[r].position().hash())) {
                Candidate c;
                c.root = r;
                c.cost = 0;
                return c;
            }
        return cheapest_leaf();
    }

    // Adds the candidate's position with every move scored, and backs the scores up.
    int expand(const Candidate& candidate, const LeafSearch& search) {
        Game game = options_.roots[candidate.root];
        for (const Move& m : candidate.line) game.play(m);
        const Rulebook& rules = game.rules();
        const Color mover = game.side_to_move();
        MoveList legal;
        rules.generate_moves(game.position(), legal);
        BookEntry entry;
        entry.ply = static_cast<int>(candidate.line.size());
        for (const Move& m : legal) {
            Game child = game;
            child.play(m);
            BookMove stored;
            stored.child = child.position().hash();
            if (child.is_over()) {
                stored.score = finished_score(child, mover);
            } else {
                const LeafScore leaf = search(child);
                stored.score = -leaf.score;
                stored.depth = leaf.depth + 1;
            }
            entry.moves.push_back(stored);
        }
        const int ply = entry.ply;
        book_[game.position().hash()] = std::move(entry);
        count_visits(candidate);
        back_up(book_);
        return ply;
    }

private:
    bool root_in_shard(std::size_t r) const {
        return options_.roots.size() == 1 || static_cast<int>(r % options_.shards) == options_.shard;
    }

    // With one root the shards split its moves.
    bool first_move_in_shard(int index) const {
        return options_.roots.size() > 1 || index % options_.shards == options_.shard;
    }

    void count_visits(const Candidate& candidate) {
        Position position = options_.roots[candidate.root].position();
        const Rulebook& rules = options_.roots[candidate.root].rules();
        for (const Move& m : candidate.line) {
            const Position next = rules.after(position, m);
            if (BookEntry* entry = book_.find(position.hash()))
                if (BookMove* stored = move_into(*entry, next.hash())) ++stored->visits;
            position = next;
        }
    }

    // Dijkstra over the book from the roots; the first leaf move found at the least cost.
    std::optional<Candidate> cheapest_leaf() const {
        std::unordered_map<std::uint64_t, Reached> reached;
        using Item = std::pair<int, std::uint64_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
        for (std::size_t r = 0; r < options_.roots.size(); ++r) {
            if (!root_in_shard(r)) continue;
            const Position& p = options_.roots[r].position();
            if (reached.count(p.hash())) continue;
            reached[p.hash()] = Reached{p, 0, Move{}, r, 0, 0, false};
            queue.push({0, p.hash()});
        }
        std::uint64_t best_parent = 0;
        Move best_move{};
        int best_cost = std::numeric_limits<int>::max();
        while (!queue.empty()) {
            const auto [cost, key] = queue.top();
            queue.pop();
            if (cost >= best_cost) break;
            Reached& here = reached.at(key);
            if (here.done || cost != here.cost) continue;
            here.done = true;
            const BookEntry* entry = book_.find(key);
            if (!entry || entry->moves.empty() || here.ply >= options_.max_ply) continue;
            int best = std::numeric_limits<int>::min();
            for (const BookMove& m : entry->moves) best = std::max(best, m.score);
            const Rulebook& rules = options_.roots[here.root].rules();
            MoveList legal;
            rules.generate_moves(here.position, legal);
            for (int i = 0; i < legal.size(); ++i) {
                if (here.ply == 0 && !first_move_in_shard(i)) continue;
                const Position child = rules.after(here.position, legal[i]);
                const BookMove* stored = move_into(*entry, child.hash());
                if (!stored || best - stored->score > options_.drop || rules.count_moves(child) == 0) continue;
                if (search::is_decisive(stored->score)) continue;  // nothing left to learn there
                const int child_cost = cost + (best - stored->score) + options_.ply_cost;
                if (book_.find(child.hash())) {
                    auto [it, fresh] = reached.try_emplace(child.hash());
                    if (fresh || (!it->second.done && child_cost < it->second.cost)) {
                        it->second = Reached{child, key, legal[i], here.root, child_cost, here.ply + 1, false};
                        queue.push({child_cost, child.hash()});
                    }
                } else if (child_cost < best_cost) {
                    best_cost = child_cost;
                    best_parent = key;
                    best_move = legal[i];
                }
            }
        }
        if (best_cost == std::numeric_limits<int>::max()) return std::nullopt;
        Candidate c;
        c.cost = best_cost;
        c.line.push_back(best_move);
        for (std::uint64_t key = best_parent;;) {
            const Reached& r = reached.at(key);
            c.root = r.root;
            if (r.ply == 0) break;
            c.line.push_back(r.move);
            key = r.parent;
        }
        std::reverse(c.line.begin(), c.line.end());
        return c;
    }

    const BookBuildOptions& options_;
    Book book_;
};

struct Backed {
    int score = 0;
    int depth = 0;
};

}  // namespace

// The minimax of the book below every entry. A position met again on its own line keeps its
// moves' scores (a repetition, which the searches scored). The walk keeps its path on the
// heap: a book's lines may be as long as it has entries.
void back_up(play::Book& book) {
    // A key being backed up has no value yet; a key backed up has its value.
    std::unordered_map<std::uint64_t, std::optional<Backed>> memo;
    struct Visit {
        std::uint64_t key;
        BookEntry* entry;
        std::size_t next = 0;    // the move to look at next
        bool descended = false;  // entry->moves[next] leads to the visit above this one
        Backed best{std::numeric_limits<int>::min(), 0};
    };
    std::vector<Visit> path;
    const auto start = [&](std::uint64_t key, BookEntry* entry) {
        memo.try_emplace(key);
        path.push_back({key, entry});
    };
    std::vector<std::uint64_t> keys;
    for (const auto& [key, entry] : book.entries()) keys.push_back(key);
    for (const std::uint64_t key : keys) {
        if (memo.count(key)) continue;
        start(key, book.find(key));
        while (!path.empty()) {
            Visit& v = path.back();
            std::vector<BookMove>& moves = v.entry->moves;
            if (v.next == moves.size()) {
                const Backed best = moves.empty() ? Backed{0, 0} : v.best;
                memo[v.key] = best;
                path.pop_back();
                continue;
            }
            BookMove& m = moves[v.next];
            if (v.descended) {
                const Backed below = *memo[m.child];
                m.score = -below.score;
                m.depth = std::min(below.depth + 1, 255);
                v.descended = false;
            } else if (BookEntry* child = book.find(m.child)) {
                const auto seen = memo.find(m.child);
                if (seen == memo.end()) {
                    v.descended = true;
                    start(m.child, child);  // v is not used after this
                    continue;
                }
                if (seen->second) {
                    m.score = -seen->second->score;
                    m.depth = std::min(seen->second->depth + 1, 255);
                }
            }
            if (m.score > v.best.score) v.best = {m.score, m.depth};
            ++v.next;
        }
    }
}

Result<play::Book> merge_books(const std::vector<play::Book>& books) {
    if (books.empty()) return Error{"no books to merge"};
    play::Book merged(books.front().variant());
    const auto visits = [](const BookEntry& e) {
        std::uint64_t sum = 0;
        for (const BookMove& m : e.moves) sum += m.visits;
        return sum;
    };
    for (const play::Book& book : books) {
        if (book.variant() != merged.variant()) return Error{"the books are of different variants"};
        for (const auto& [key, entry] : book.entries()) {
            BookEntry* have = merged.find(key);
            if (!have) {
                merged[key] = entry;
                continue;
            }
            // The same search scored both (one shard or another): keep the one explored most,
            // with each move's visits the most any book counted (a shard counts only its own).
            const int ply = std::min(have->ply, entry.ply);
            const BookEntry other = visits(entry) > visits(*have) ? std::exchange(*have, entry) : entry;
            have->ply = ply;
            for (BookMove& m : have->moves)
                for (const BookMove& o : other.moves)
                    if (o.child == m.child) m.visits = std::max(m.visits, o.visits);
        }
    }
    back_up(merged);
    return merged;
}

Result<play::Book> build_book(const BookBuildOptions& options, const LeafSearch& search,
                              const std::function<void(const BookBuildProgress&)>& progress) {
    if (options.roots.empty()) return Error{"no position to build the book from"};
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards) return Error{"bad shard"};
    const Variant variant = options.roots.front().variant();
    play::Book start(variant);
    std::error_code ec;
    if (!options.out.empty() && std::filesystem::exists(options.out, ec)) {
        auto read = play::Book::read(options.out);
        if (!read) return Error{read.error()};
        if (read->variant() != variant)
            return Error{options.out + " is a book of another variant; give another --out or the same --variant"};
        start = std::move(*read);
        spdlog::info("resuming the book of {}: {} positions", options.out, start.size());
    }
    Builder builder(options, std::move(start));
    const auto began = Clock::now();
    auto last_save = began;
    BookBuildProgress report;
    const auto save = [&]() -> Result<bool> {
        last_save = Clock::now();
        if (options.out.empty()) return true;
        return builder.book().write(options.out);
    };
    while (builder.book().size() < options.positions && !(options.stop && *options.stop)) {
        const auto candidate = builder.next();
        if (!candidate) break;  // every line within the drop and the plies is in the book
        report.ply = builder.expand(*candidate, search);
        report.cost = candidate->cost;
        ++report.added;
        report.positions = builder.book().size();
        report.moves = builder.book().move_count();
        report.seconds = std::chrono::duration<double>(Clock::now() - began).count();
        if (progress) progress(report);
        if (std::chrono::duration<double>(Clock::now() - last_save).count() >= options.save_every) {
            if (auto saved = save(); !saved) return Error{saved.error()};
        }
    }
    if (auto saved = save(); !saved) return Error{saved.error()};
    return std::move(builder.book());
}

LeafSearch engine_leaf_search(std::uint64_t nodes, double seconds,
                              const std::vector<std::pair<std::string, std::string>>& engine_options) {
    auto engine = std::make_shared<play::Thinker>();
    for (const auto& [name, value] : engine_options) engine->set_option(name, value);
    // The book is made from searches, never from itself.
    engine->set_option("book", "false");
    search::Limits limits;
    limits.nodes = nodes;
    limits.move_time = seconds;
    return [engine, limits](const Game& game) {
        engine->set_game(game);
        const search::Outcome outcome = engine->think(limits);
        return LeafScore{outcome.score, outcome.depth};
    };
}

}  // namespace kroon::learn
