#include "play/book.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>

#include "engine/rulebook/rulebook.hpp"
#include "engine/rules/traits.hpp"
#include "platform/embedded_file.hpp"
#include "platform/file_kind.hpp"
#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"
#include "platform/little_endian.hpp"

// The books built into the program (play/CMakeLists.txt, from play/books/*.kbk).
extern const kroon::platform::EmbeddedFile kroon_builtin_books[];
extern const std::size_t kroon_builtin_books_count;

namespace kroon::play {

namespace {

using platform::append_le;
using platform::fnv1a64;
using platform::read_le;

constexpr platform::FileKind book_file{"KROONBOK", "opening book", 1, 4};
constexpr std::size_t header_bytes = 48;
constexpr std::size_t entry_bytes = 16;
constexpr std::size_t move_bytes = 16;
constexpr std::uint64_t max_book_bytes = std::uint64_t{1} << 30;

int clamp_score(int score) { return std::clamp(score, -32767, 32767); }

}  // namespace

const BookEntry* Book::find(std::uint64_t key) const {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

BookEntry* Book::find(std::uint64_t key) {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

std::size_t Book::move_count() const {
    std::size_t count = 0;
    for (const auto& [key, entry] : entries_) count += entry.moves.size();
    return count;
}

std::string Book::serialize() const {
    std::vector<std::uint64_t> keys;
    keys.reserve(entries_.size());
    for (const auto& [key, entry] : entries_) keys.push_back(key);
    std::sort(keys.begin(), keys.end());

    std::string body;
    std::string moves;
    std::uint32_t first = 0;
    for (const std::uint64_t key : keys) {
        const BookEntry& entry = entries_.at(key);
        const auto count = static_cast<std::uint32_t>(std::min<std::size_t>(entry.moves.size(), 0xffff));
        append_le(body, key, 8);
        append_le(body, first, 4);
        append_le(body, count, 2);
        append_le(body, static_cast<std::uint64_t>(std::clamp(entry.ply, 0, 0xffff)), 2);
        for (std::uint32_t i = 0; i < count; ++i) {
            const BookMove& m = entry.moves[i];
            append_le(moves, m.child, 8);
            append_le(moves, static_cast<std::uint16_t>(static_cast<std::int16_t>(clamp_score(m.score))), 2);
            append_le(moves, static_cast<std::uint64_t>(std::clamp(m.depth, 0, 255)), 1);
            append_le(moves, 0, 1);
            append_le(moves, m.visits, 4);
        }
        first += count;
    }
    body += moves;

    std::string out;
    platform::append_kind(out, book_file);
    append_le(out, header_bytes, 4);
    platform::append_name_field(out, rule_traits(variant_).name);
    append_le(out, keys.size(), 4);
    append_le(out, first, 4);
    append_le(out, fnv1a64(reinterpret_cast<const unsigned char*>(body.data()), body.size()), 8);
    out.resize(header_bytes, '\0');
    return out + body;
}

Result<Book> Book::parse(std::span<const unsigned char> bytes) {
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (const auto wrong = platform::check_kind(text, book_file)) return *wrong;
    if (bytes.size() < header_bytes)
        return Error{"not a Kroon opening book: " + std::to_string(bytes.size()) + " bytes"};
    const unsigned char* h = bytes.data();
    if (read_le(h + 12, 4) != header_bytes) return Error{"opening book header of the wrong size"};
    const std::string name = platform::read_name_field(text, 16);
    const auto variant = parse_variant(name);
    if (!variant) return Error{"opening book of an unknown variant '" + name + "'"};
    const std::uint64_t entry_count = read_le(h + 32, 4);
    const std::uint64_t move_count = read_le(h + 36, 4);
    if (bytes.size() != header_bytes + entry_count * entry_bytes + move_count * move_bytes)
        return Error{"opening book of the wrong size for its counts (cut short or damaged)"};
    const unsigned char* body = h + header_bytes;
    if (fnv1a64(body, bytes.size() - header_bytes) != read_le(h + 40, 8))
        return Error{"opening book damaged (checksum mismatch)"};

    Book book(*variant);
    book.entries_.reserve(entry_count);
    const unsigned char* moves = body + entry_count * entry_bytes;
    std::uint64_t expected_first = 0;
    std::uint64_t previous_key = 0;
    for (std::uint64_t i = 0; i < entry_count; ++i) {
        const unsigned char* e = body + i * entry_bytes;
        const std::uint64_t key = read_le(e, 8);
        const std::uint64_t first = read_le(e + 8, 4);
        const std::uint64_t count = read_le(e + 12, 2);
        if ((i > 0 && key <= previous_key) || first != expected_first || first + count > move_count)
            return Error{"opening book entries out of order"};
        previous_key = key;
        expected_first = first + count;
        BookEntry entry;
        entry.ply = static_cast<int>(read_le(e + 14, 2));
        entry.moves.reserve(count);
        for (std::uint64_t j = first; j < first + count; ++j) {
            const unsigned char* m = moves + j * move_bytes;
            entry.moves.push_back({read_le(m, 8), static_cast<std::int16_t>(read_le(m + 8, 2)),
                                   static_cast<int>(read_le(m + 10, 1)),
                                   static_cast<std::uint32_t>(read_le(m + 12, 4))});
        }
        book.entries_.emplace(key, std::move(entry));
    }
    if (expected_first != move_count) return Error{"opening book moves out of order"};
    return book;
}

Result<Book> Book::read(const std::string& path) {
    auto bytes = platform::read_file(path, max_book_bytes, "opening book");
    if (!bytes) return Error{bytes.error()};
    auto book = parse({reinterpret_cast<const unsigned char*>(bytes->data()), bytes->size()});
    if (!book) return Error{path + ": " + book.error()};
    return book;
}

Result<bool> Book::write(const std::string& path) const {
    const std::string bytes = serialize();
    return platform::write_file_atomically(path, {{reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}});
}

std::vector<BookChoice> book_moves(const Book& book, const Rulebook& rules, const Position& position) {
    std::vector<BookChoice> choices;
    if (book.variant() != rules.variant()) return choices;
    const BookEntry* entry = book.find(position.hash());
    if (!entry) return choices;
    MoveList legal;
    rules.generate_moves(position, legal);
    for (const Move& move : legal) {
        const std::uint64_t child = rules.after(position, move).hash();
        for (const BookMove& stored : entry->moves)
            if (stored.child == child) {
                choices.push_back({move, stored.score, stored.depth, stored.visits});
                break;
            }
    }
    // Stable: equal moves keep the generator's order, so the choice is the same every time.
    std::stable_sort(choices.begin(), choices.end(), [](const BookChoice& a, const BookChoice& b) {
        return a.score != b.score ? a.score > b.score : a.visits > b.visits;
    });
    return choices;
}

std::optional<BookChoice> choose_book_move(const Book& book, const Rulebook& rules, const Position& position,
                                           int margin, std::mt19937_64& random) {
    const auto choices = book_moves(book, rules, position);
    if (choices.empty()) return std::nullopt;
    std::size_t within = 1;
    while (within < choices.size() && choices[0].score - choices[within].score <= margin) ++within;
    if (margin <= 0 || within == 1) return choices[0];
    return choices[std::uniform_int_distribution<std::size_t>(0, within - 1)(random)];
}

std::shared_ptr<const Book> builtin_book(Variant variant) {
    // Parsed once per variant, on first use.
    static std::mutex mutex;
    static std::unordered_map<int, std::shared_ptr<const Book>> parsed;
    const std::lock_guard lock(mutex);
    const auto it = parsed.find(static_cast<int>(variant));
    if (it != parsed.end()) return it->second;
    std::shared_ptr<const Book> book;
    for (std::size_t i = 0; i < kroon_builtin_books_count; ++i) {
        const platform::EmbeddedFile& file = kroon_builtin_books[i];
        if (!file.name || parse_variant(file.name) != variant) continue;
        auto read = Book::parse({file.bytes, *file.size});
        if (read) book = std::make_shared<const Book>(std::move(*read));
    }
    parsed.emplace(static_cast<int>(variant), book);
    return book;
}

Result<std::shared_ptr<const Book>> book_file_of_option(const std::string& option) {
    if (option == "true" || option == "false") return std::shared_ptr<const Book>();
    auto read = Book::read(option);
    if (!read) return Error{read.error()};
    return std::shared_ptr<const Book>(std::make_shared<const Book>(std::move(*read)));
}

std::shared_ptr<const Book> chosen_book(const std::string& option, Variant variant,
                                        const std::shared_ptr<const Book>& file) {
    if (option == "false") return nullptr;
    if (option == "true") return builtin_book(variant);
    return file && file->variant() == variant ? file : nullptr;
}

}  // namespace kroon::play
