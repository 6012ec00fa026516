// The run-time face of a variant: everything code above the hot loop asks about the rules of
// the game being played, on one object. `rulebook(Variant)` hands out the one Rulebook of
// each variant; it is implemented once, for every rules struct, over the templated generator,
// make-move and referee (rulebook.cpp). Front ends, tools and tests hold a `const Rulebook&`
// (or a Game, which holds one) instead of a Variant; only the search and the evaluation, which
// are templated for speed, still go through `with_rules`.
//
// The rules themselves, with the rule books they come from: docs/rules.md.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/movegen/perft_table.hpp"
#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/referee/draw_rules.hpp"
#include "engine/referee/outcome.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rules/traits.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"

namespace kroon {

struct DivideEntry {
    Move move;
    std::uint64_t nodes = 0;
};

class Rulebook {
public:
    virtual ~Rulebook() = default;

    virtual Variant variant() const = 0;
    virtual const RuleTraits& traits() const = 0;
    std::string_view name() const { return traits().name; }
    int squares() const { return traits().squares; }
    Color first_player() const { return traits().first_player; }
    // KNDB 2-point scale for international draughts, 1 point for the others.
    Scoring scoring() const;

    // --- squares (engine/notation/square_names.hpp) ---------------------------------------
    // Squares are numbered 1..squares() as PDN numbers them; bits are the board layout's.
    virtual int square_number(int bit) const = 0;
    virtual int bit_of_square(int square) const = 0;  // -1 when off the board
    // The square number named by `name` (digits, or algebraic as c3), if the board has it.
    virtual std::optional<int> parse_square_name(std::string_view name) const = 0;
    virtual std::string algebraic_square(int square) const = 0;  // "?" when off the board
    // The bit of the dark square on `row` (0 = Black's back row) and `file` (0 = the left
    // column of the diagram), or -1 for a light square or off the board.
    virtual int bit_at(int row, int file) const = 0;

    // --- positions (engine/notation/fen.cpp) -----------------------------------------------
    virtual Position start_position() const = 0;
    std::string start_fen() const { return format_fen(start_position()); }
    // PDN FEN: `W:W31,32,K33:B1-20` (side to move, then each side's squares, K for a king,
    // ranges a-b, algebraic squares accepted). A position that cannot occur (a man on its
    // crowning row, more pieces than a full army) is an error. Printing gives the canonical
    // form, so parse_fen(format_fen(p)) == p.
    Result<Position> parse_fen(std::string_view text) const;
    std::string format_fen(const Position& pos) const;
    // The crowning row of `side` (White's is row 0, Black's the last).
    virtual Bitboard promotion_row(Color side) const = 0;

    // --- moves -------------------------------------------------------------------------------
    virtual void generate_moves(const Position& pos, MoveList& list) const = 0;
    virtual int count_moves(const Position& pos) const = 0;
    // Whether `side` could capture here (the side to move when not given).
    virtual bool has_capture(const Position& pos, Color side) const = 0;
    bool has_capture(const Position& pos) const { return has_capture(pos, pos.side_to_move()); }
    bool is_legal(const Position& pos, const Move& move) const;
    virtual void play(Position& pos, const Move& move) const = 0;
    Position after(const Position& pos, const Move& move) const;
    // Every capture sequence of the side to move, before the precedence rule and with
    // duplicates: the raw material for long notation and for checking the generator.
    virtual std::vector<CapturePath> capture_paths(const Position& pos) const = 0;
    // Whether a capture written square by square (from, landing squares..., to, as bits)
    // follows the move leg by leg; false where only capture_paths() can tell.
    virtual bool follows_legs(const Position& pos, const Move& move, const std::vector<int>& bits) const = 0;

    // --- move text (engine/notation/move_text.cpp) -----------------------------------------
    std::string format_move(const Position& pos, const Move& move,
                            MoveNotation notation = MoveNotation::Standard) const;
    Result<Move> parse_move(const Position& pos, std::string_view text, MoveSyntax syntax = MoveSyntax::Any) const;
    MoveFields move_fields(const Move& move) const;
    // The legal move with these from and to squares and exactly this captured set.
    Result<Move> find_move(const Position& pos, const MoveFields& fields) const;
    // Moves played one after the other from `start`, in `notation`, up to the first that is
    // not legal (a search line never leaks an illegal move into a protocol).
    std::vector<std::string> format_line(const Position& start, const std::vector<Move>& moves,
                                         MoveNotation notation = MoveNotation::Standard) const;

    // --- the referee (engine/referee/referee.cpp) ---------------------------------------------
    virtual DrawCounters start_counters(const Position& pos) const = 0;
    virtual void update_counters(DrawCounters& counters, const Move& move, const Position& after) const = 0;
    // No legal move (a loss, or a win in antidraughts), the first king in breakthrough, then
    // the variant's draw rules. `occurrences`: how often this position has stood on the board.
    virtual Verdict judge(const Position& pos, const DrawCounters& counters, int occurrences,
                          const RuleOptions& rule_options) const = 0;

    // --- perft ---------------------------------------------------------------------------
    // Leaf nodes of the legal move tree (bulk counting at the last ply, no draw rules).
    virtual std::uint64_t perft(const Position& pos, int depth) const = 0;
    // The same through a transposition table of subtree counts (engine/movegen/perft_table.hpp).
    virtual std::uint64_t perft(const Position& pos, int depth, PerftTable& table) const = 0;
    // Perft per root move, in generation order; `progress(done, total)` after each root move.
    // `threads` > 1 counts the root moves on that many threads (each takes the next uncounted
    // move); the entries are the same as on one thread, and `progress` is called one at a time.
    // With a `table`, the threads share it.
    std::vector<DivideEntry> divide(const Position& pos, int depth, const std::function<void(int, int)>& progress = {},
                                    int threads = 1, PerftTable* table = nullptr) const;
};

// The rulebook of a variant: one object per variant, alive for the whole program.
const Rulebook& rulebook(Variant variant);

}  // namespace kroon
