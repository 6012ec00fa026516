// The one implementation of Rulebook, for every rules struct, and the switch that hands
// them out. Everything here forwards to the templated generator, make-move and referee.
#include "engine/rulebook/rulebook.hpp"

#include "engine/movegen/perft.hpp"
#include "engine/notation/capture_legs.hpp"
#include "engine/notation/square_names.hpp"
#include "engine/referee/referee.hpp"

namespace kroon {
namespace {

template <RuleSet R>
class RulesOf final : public Rulebook {
    using B = typename R::Board;

public:
    explicit RulesOf(Variant variant) : variant_(variant), traits_(traits_of<R>(variant)) {}

    Variant variant() const override { return variant_; }
    const RuleTraits& traits() const override { return traits_; }

    int square_number(int bit) const override { return B::square_of_bit[bit & 63]; }
    int bit_of_square(int square) const override {
        return square >= 1 && square <= B::squares ? B::bit_of_square(square) : -1;
    }
    std::optional<int> parse_square_name(std::string_view name) const override {
        return kroon::parse_square_name<B>(name);
    }
    std::string algebraic_square(int square) const override { return kroon::algebraic_square<B>(square); }
    int bit_at(int row, int file) const override { return B::bit_at(row, file); }

    Position start_position() const override { return Position::start<R>(); }
    Bitboard promotion_row(Color side) const override { return kroon::promotion_row<R>(side); }

    void generate_moves(const Position& pos, MoveList& list) const override { kroon::generate_moves<R>(pos, list); }
    int count_moves(const Position& pos) const override { return kroon::count_moves<R>(pos); }
    bool has_capture(const Position& pos, Color side) const override { return kroon::has_capture<R>(pos, side); }
    void play(Position& pos, const Move& move) const override { pos.play<R>(move); }
    std::vector<CapturePath> capture_paths(const Position& pos) const override { return kroon::capture_paths<R>(pos); }
    bool follows_legs(const Position& pos, const Move& move, const std::vector<int>& bits) const override {
        return capture_follows_legs<R>(pos, move, bits);
    }

    DrawCounters start_counters(const Position& pos) const override { return DrawCounters::start<R>(pos); }
    void update_counters(DrawCounters& counters, const Move& move, const Position& after) const override {
        counters.update<R>(move, after);
    }
    Verdict judge(const Position& pos, const DrawCounters& counters, int occurrences,
                  const RuleOptions& rule_options) const override {
        return kroon::judge<R>(pos, counters, occurrences, rule_options);
    }

    std::uint64_t perft(const Position& pos, int depth) const override { return kroon::perft<R>(pos, depth); }
    std::uint64_t perft(const Position& pos, int depth, PerftTable& table) const override {
        return kroon::perft<R>(pos, depth, table);
    }

private:
    Variant variant_;
    RuleTraits traits_;
};

}  // namespace

const Rulebook& rulebook(Variant variant) {
    // The one run-time switch over the variants; each rules struct has its own book.
    return with_rules(variant, [variant](auto tag) -> const Rulebook& {
        static const RulesOf<typename decltype(tag)::Rules> book(variant);
        return book;
    });
}

Scoring Rulebook::scoring() const {
    return variant() == Variant::International ? Scoring::TwoPoints : Scoring::OnePoint;
}

bool Rulebook::is_legal(const Position& pos, const Move& move) const {
    MoveList legal;
    generate_moves(pos, legal);
    return legal.contains(move);
}

Position Rulebook::after(const Position& pos, const Move& move) const {
    Position next = pos;
    play(next, move);
    return next;
}

}  // namespace kroon
