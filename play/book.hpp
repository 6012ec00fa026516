// The opening book (docs/book.md): positions by their Zobrist key, each with its moves, the
// score backed up from Kroon's own searches, the depth behind it and how often the build went
// through it. A move is stored as the key of the position it leads to, so a book is searched by
// playing each legal move, and transpositions (one position by two move orders) share an entry.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"

namespace kroon {
class Rulebook;
}

namespace kroon::play {

struct BookMove {
    std::uint64_t child = 0;   // the key of the position after the move
    int score = 0;             // hundredths of a man, for the side to move of the entry
    int depth = 0;             // search depth behind the score (plies in the book included)
    std::uint32_t visits = 0;  // expansions the build made below this move
};

struct BookEntry {
    int ply = 0;  // the fewest plies from a root of the build
    std::vector<BookMove> moves;
};

class Book {
public:
    explicit Book(Variant variant = Variant::International) : variant_(variant) {}
    Variant variant() const { return variant_; }

    const BookEntry* find(std::uint64_t key) const;
    BookEntry* find(std::uint64_t key);
    BookEntry& operator[](std::uint64_t key) { return entries_[key]; }
    const std::unordered_map<std::uint64_t, BookEntry>& entries() const { return entries_; }
    std::size_t size() const { return entries_.size(); }
    std::size_t move_count() const;

    // The file (docs/book.md, The file): a header with the format's name, version, variant,
    // counts and a checksum, then the entries by key and their moves.
    std::string serialize() const;
    static Result<Book> parse(std::span<const unsigned char> bytes);
    static Result<Book> read(const std::string& path);
    Result<bool> write(const std::string& path) const;

private:
    Variant variant_;
    std::unordered_map<std::uint64_t, BookEntry> entries_;
};

// A book move as a move of the position.
struct BookChoice {
    Move move{};
    int score = 0;
    int depth = 0;
    std::uint32_t visits = 0;
};

// The book's moves of `position` that are legal in it, best first (then the most visited);
// empty when the position is not in the book or the book is of another variant.
std::vector<BookChoice> book_moves(const Book& book, const Rulebook& rules, const Position& position);

// The move to play from the book: with `margin` 0 the best (the first of book_moves), else one
// chosen at random among those within `margin` hundredths of a man of the best.
std::optional<BookChoice> choose_book_move(const Book& book, const Rulebook& rules, const Position& position,
                                           int margin, std::mt19937_64& random);

// The book compiled into kroon for the variant (play/books/<variant>.kbk), or null.
std::shared_ptr<const Book> builtin_book(Variant variant);

// The file the book option's value names, read; null for "true" and "false" (the built-in
// book, none).
Result<std::shared_ptr<const Book>> book_file_of_option(const std::string& option);

// The book the book option's value chooses for a variant: "true" the built-in one, "false"
// none, else `file` (the option's file, read once by the caller) when it is of that variant.
std::shared_ptr<const Book> chosen_book(const std::string& option, Variant variant,
                                        const std::shared_ptr<const Book>& file);

}  // namespace kroon::play
