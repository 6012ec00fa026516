// Grows an opening book from Kroon's own searches by drop-out expansion (docs/book.md): every
// book position has all its moves scored, a move into a position outside the book by a search
// of that position, a move into the book by the minimax of the book below it. The next
// position to add is the one whose line costs least: per move on the way, how far it falls
// below the best move there, plus a fixed cost per ply. So the best lines grow deep first and
// the others as far as they stay close to the best.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/record/game.hpp"
#include "platform/result.hpp"
#include "play/book.hpp"

namespace kroon::learn {

// A position's score for its side to move and the depth behind it.
struct LeafScore {
    int score = 0;
    int depth = 0;
};
// Scores a position outside the book (a game not over); the build's search.
using LeafSearch = std::function<LeafScore(const Game&)>;

struct BookBuildOptions {
    std::vector<Game> roots;       // the book grows from these (the start, or each opening)
    std::size_t positions = 1000;  // stop when the book holds this many positions
    int ply_cost = 8;              // hundredths of a man a line pays per ply
    int max_ply = 40;              // no position deeper than this below its root
    int drop = 150;                // a move more than this below the best is not followed
    int shard = 0;                 // this shard's number, 0 .. shards - 1
    int shards = 1;
    std::string out;                          // the book file: read first when it exists (resume), written as it grows
    double save_every = 60;                   // seconds between writes (and at the end)
    const std::atomic<bool>* stop = nullptr;  // set from outside (Ctrl-C): the book is written, the build ends
};

struct BookBuildProgress {
    std::size_t positions = 0;
    std::size_t moves = 0;
    int ply = 0;   // of the position just added
    int cost = 0;  // of its line
    double seconds = 0;
    std::size_t added = 0;  // by this run
};

// The shard's part of the build. A shard grows the roots whose number is I modulo N; with one
// root, the lines whose first move (in the generator's order) is number I modulo N, the root
// itself in every shard. Books of the shards merge into one (merge_books).
Result<play::Book> build_book(const BookBuildOptions& options, const LeafSearch& search,
                              const std::function<void(const BookBuildProgress&)>& progress = {});

// Every move into a book position takes the minimax of the book below it (a move into a
// position outside the book keeps the score its search gave).
void back_up(play::Book& book);

// The union of books of one variant (a position in several: the one the build visited most),
// backed up again.
Result<play::Book> merge_books(const std::vector<play::Book>& books);

// The search a build uses: Kroon's engine (no book) to `nodes` per position, or `seconds`.
LeafSearch engine_leaf_search(std::uint64_t nodes, double seconds,
                              const std::vector<std::pair<std::string, std::string>>& engine_options);

}  // namespace kroon::learn
