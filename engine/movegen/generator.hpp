// The move generator proper. Included only by movegen.cpp, which instantiates it per variant.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/movegen/movegen.hpp"

namespace kroon {

template <RuleSet R, Color Us, bool WithPaths>
class Generator {
    template <RuleSet, Color, bool>
    friend class Generator;  // perft's two-ply count looks at the replies with the other side's generator
    using B = typename R::Board;
    static constexpr Color Them = ~Us;

    // Steps forward for Us (White moves up the board, towards square 1).
    static constexpr int forward_left = Us == Color::White ? NorthWest : SouthWest;
    static constexpr int forward_right = Us == Color::White ? NorthEast : SouthEast;

    static constexpr int shift_amount(int d) { return d == NorthWest || d == SouthEast ? B::left_up : B::right_up; }
    template <int D>
    static constexpr Bitboard shift(Bitboard b) {
        return increasing(D) ? b << shift_amount(D) : b >> shift_amount(D);
    }
    template <int D>
    static constexpr Bitboard shift_back(Bitboard b) {
        return increasing(D) ? b >> shift_amount(D) : b << shift_amount(D);
    }

    // Directions a piece captures in: men forward only or both ways (KNDB art. 4.2), plus
    // the rows and columns in Frisian (art. 7, 9).
    static constexpr int line_count = R::orthogonal_captures ? 8 : 4;
    static constexpr bool man_captures(int d) {
        if (d >= line_count) return false;
        if (d >= 4 || R::men_capture_backward) return true;
        return d == forward_left || d == forward_right;
    }

public:
    Generator(const Position& pos, MoveList& list)
        : pos_(pos), list_(list), enemy_(pos.pieces(Them)), occupied_(pos.occupied()) {}

    [[gnu::always_inline]] void generate() {
        if (game_over()) return;
        if constexpr (shifts_find_man_captures) {
            if (!pos_.kings(Us)) {
                if (!generate_man_captures()) generate_quiet_moves();
                return;
            }
        }
        generate_captures();
        if (list_.empty()) generate_quiet_moves();
    }

    // The men's quiet steps that pass `filter`, in generate()'s order; for a position
    // without kings and without a capture for Us (movegen.hpp, generate_man_steps).
    void generate_man_steps(const StepFilter& filter) {
        const Bitboard empty = B::all_squares & ~occupied_;
        const Bitboard men = pos_.men(Us);
        const Bitboard promotion = promotion_row<R>(Us);
        Move* out = list_.end_for_writing();
        out = add_steps<forward_left>(out, men, empty & kept_destinations<forward_left>(filter), promotion);
        out = add_steps<forward_right>(out, men, empty & kept_destinations<forward_right>(filter), promotion);
        list_.set_end(out);
    }

    [[gnu::always_inline]] int count() {
        if (game_over()) return 0;
        if constexpr (shifts_find_man_captures) {
            if (!pos_.kings(Us)) {
                const int captures = count_man_captures();
                return captures ? captures : count_quiet_moves();
            }
        } else {
            // Most positions have no capture: find that out with shifts alone.
            if (!man_capture_candidates() && !pos_.kings(Us)) return count_quiet_moves();
        }
        generate_captures();
        if (!list_.empty()) return list_.size();
        return count_quiet_moves();
    }

    // Perft two plies down: the replies to every move, summed, when no piece is a king. A
    // move changes a few squares, so each reply count is found from the child's bitboards
    // without building the child, unless the opponent then has a capture that goes on: only
    // those children are built and counted by their generator. Quiet moves are not even
    // listed. Returns -1 where this does not apply and the caller must generate.
    [[gnu::always_inline]] std::int64_t count_replies_without_kings() {
        if constexpr (!shifts_find_man_captures || R::first_king_wins) {
            return -1;
        } else {
            if (pos_.kings()) return -1;
            const Bitboard ours = pos_.pieces(Us);
            std::int64_t total = 0;
            if (generate_man_captures()) {
                for (const Move& m : list_) {
                    const Bitboard child_ours = ours ^ bit(m.from) ^ bit(m.to);  // from == to: unchanged
                    const Bitboard child_theirs = enemy_ & ~m.captured;
                    const int replies =
                        replies_in_child(child_ours, child_theirs, B::all_squares & ~(child_ours | child_theirs));
                    total += replies >= 0 ? replies : count_child(m);
                }
                return total;
            }
            const Bitboard empty = B::all_squares & ~occupied_;
            using Reply = Generator<R, Them, false>;
            if (Reply::man_jumps(enemy_, ours, empty).any)
                return replies_to_steps<forward_left>(ours, empty) + replies_to_steps<forward_right>(ours, empty);
            // Neither side can capture: a step lets the opponent capture only where it puts the
            // man in front of an enemy man, opens a landing square, or can be jumped back onto
            // the square it left. All other steps change the opponent's step count by the
            // steps into the square left and onto the square taken.
            const Bitboard exposed = Reply::capturable(enemy_, empty);
            const Bitboard opened = Reply::landing_squares(enemy_, ours);
            const int steps = Reply::count_man_steps(enemy_, empty);
            return replies_to_quiet_steps<forward_left>(ours, empty, exposed, opened, steps) +
                   replies_to_quiet_steps<forward_right>(ours, empty, exposed, opened, steps);
        }
    }

    // The search's exchanges at its quiet leaves: 1 when every capture of the side to move
    // takes exactly one man and each leaves the other side a capture, 0 when one does not,
    // -1 where the shifts cannot tell (a king on the board, crowning in passing, or captures
    // they do not find). A jump that goes on takes more than one man; the others are single
    // jumps, and each child's reply is read from its bitboards, as perft's are.
    [[gnu::always_inline]] int single_captures_allow_recapture() const {
        if constexpr (!shifts_find_man_captures || R::first_king_wins || R::passing_promotion) {
            return -1;
        } else {
            if (pos_.kings()) return -1;
            const ManJumps j = man_jumps();
            if (j.going_on) return 0;
            const Bitboard ours = pos_.pieces(Us);
            const auto all_answered = [&]<int D>() {
                if constexpr (!man_captures(D)) {
                    return true;
                } else {
                    using Reply = Generator<R, Them, false>;
                    for (int from : Bits{j.by_direction[D]}) {
                        const Bitboard victim = shift<D>(bit(from));
                        const Bitboard child_ours = ours ^ bit(from) ^ shift<D>(victim);
                        const Bitboard child_theirs = enemy_ ^ victim;
                        const Bitboard empty = B::all_squares & ~(child_ours | child_theirs);
                        if (!Reply::man_jumps(child_theirs, child_ours, empty).any) return false;
                    }
                    return true;
                }
            };
            return all_answered.template operator()<0>() && all_answered.template operator()<1>() &&
                           all_answered.template operator()<2>() && all_answered.template operator()<3>()
                       ? 1
                       : 0;
        }
    }

    // The quiet steps of this side's men.
    static int count_man_steps(Bitboard men, Bitboard empty) {
        return popcount(shift<forward_left>(men) & empty) + popcount(shift<forward_right>(men) & empty);
    }

    // Whether the side to move can capture: one first jump proves it, no sequence is followed.
    bool has_capture() const {
        if (game_over()) return false;
        if constexpr (!R::orthogonal_captures && R::men_capture_kings) {
            // The shifts found a man's jump over an enemy piece onto an empty square: that is
            // a capture, with nothing left for the tables to check. (In Frisian the answer
            // would be the same, but it measured no faster than the walk below.)
            if (man_capture_candidates()) return true;
        }
        const Bitboard man_targets = R::men_capture_kings ? enemy_ : enemy_ & ~pos_.kings();
        for (int m : Bits{man_capture_candidates()})
            for (int d = 0; d < line_count; ++d)
                if (man_captures(d) && jump_lands(m, d, man_targets)) return true;
        for (int k : Bits{pos_.kings(Us)})
            for (int d = 0; d < line_count; ++d) {
                if constexpr (R::flying_kings) {
                    const Bitboard on_ray = B::ray[d][k] & occupied_;
                    if (!on_ray) continue;
                    const int victim = B::nearest(d, on_ray);
                    const int land = B::step[d][victim];
                    if ((enemy_ >> victim & 1) && land >= 0 && is_empty(land)) return true;
                } else if (jump_lands(k, d, enemy_)) {
                    return true;
                }
            }
        return false;
    }

    // -1 when the side to move must capture, else its number of moves, all quiet.
    int count_unless_capture() const {
        if (game_over()) return 0;
        return has_capture() ? -1 : count_quiet_moves();
    }

    void collect_paths(std::vector<CapturePath>& out) {
        paths_ = &out;
        generate_captures();
    }

private:
    // Breakthrough: once a side has crowned a king the game is over (nobody moves on).
    bool game_over() const {
        if constexpr (R::first_king_wins) return pos_.kings() != 0;
        return false;
    }

    // Perft's two-ply count over the steps of men in direction D (no kings on the board).
    template <int D>
    [[gnu::always_inline]] std::int64_t replies_to_steps(Bitboard ours, Bitboard empty) const {
        std::int64_t total = 0;
        for (int to : Bits{shift<D>(pos_.men(Us)) & empty}) total += replies_to_step<D>(to, ours, empty);
        return total;
    }

    // The opponent's replies to the step of a man in direction D onto `to`.
    template <int D>
    [[gnu::always_inline]] int replies_to_step(int to, Bitboard ours, Bitboard empty) const {
        const int from = increasing(D) ? to - shift_amount(D) : to + shift_amount(D);
        const Bitboard changed = bit(from) | bit(to);
        const int replies = replies_in_child(ours ^ changed, enemy_, empty ^ changed);
        if (replies >= 0) return replies;
        const bool promotes = (promotion_row<R>(Us) >> to) & 1;
        return count_child(Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), promotes});
    }

    // The same when neither side can capture before the step: the steps that leave the
    // opponent without a capture are counted in bulk (see count_replies_without_kings).
    template <int D>
    [[gnu::always_inline]] std::int64_t replies_to_quiet_steps(Bitboard ours, Bitboard empty, Bitboard exposed,
                                                               Bitboard opened, int steps) const {
        using Reply = Generator<R, Them, false>;
        const Bitboard targets = shift<D>(pos_.men(Us)) & empty;
        // Taken from behind: the enemy man beyond the square taken jumps back onto the square left.
        const Bitboard from_behind = Reply::man_captures(opposite(D)) ? shift_back<D>(enemy_) : 0;
        const Bitboard open_capture = targets & (exposed | shift<D>(opened) | from_behind);
        const Bitboard quiet = targets & ~open_capture;
        const Bitboard onto_left = Reply::template shift<Reply::forward_left>(enemy_);
        const Bitboard onto_right = Reply::template shift<Reply::forward_right>(enemy_);
        std::int64_t total = std::int64_t{popcount(quiet)} * steps + popcount(shift<D>(onto_left) & quiet) +
                             popcount(shift<D>(onto_right) & quiet) - popcount(onto_left & quiet) -
                             popcount(onto_right & quiet);
        for (int to : Bits{open_capture}) total += replies_to_step<D>(to, ours, empty);
        return total;
    }

    // Squares where a piece of the other side would be taken by these men (the square beyond empty).
    static Bitboard capturable(Bitboard men, Bitboard empty) {
        const auto in = [&]<int D>() -> Bitboard {
            if constexpr (!man_captures(D)) return 0;
            return shift<D>(men) & shift_back<D>(empty);
        };
        return in.template operator()<0>() | in.template operator()<1>() | in.template operator()<2>() |
               in.template operator()<3>();
    }

    // Squares these men would land on by jumping one of `victims`, were the square empty.
    static Bitboard landing_squares(Bitboard men, Bitboard victims) {
        const auto in = [&]<int D>() -> Bitboard {
            if constexpr (!man_captures(D)) return 0;
            return shift<D>(shift<D>(men) & victims);
        };
        return in.template operator()<0>() | in.template operator()<1>() | in.template operator()<2>() |
               in.template operator()<3>();
    }

    // The opponent's moves in a child, from its pieces (no kings, so theirs are men); -1 when
    // a capture goes on and the child must be generated.
    [[gnu::always_inline]] static int replies_in_child(Bitboard ours, Bitboard theirs, Bitboard empty) {
        using Reply = Generator<R, Them, false>;
        const typename Reply::ManJumps j = Reply::man_jumps(theirs, ours, empty);
        if (!j.any) return Reply::count_man_steps(theirs, empty);
        if (!j.going_on) return Reply::count_single_jumps(j);
        return -1;
    }

    // Kept out of line: only the children where a capture goes on are built and generated.
    [[gnu::noinline]] int count_child(Move m) const {
        const Position child = pos_.template after<R, false>(m);
        MoveList list;
        return Generator<R, Them, false>(child, list).count();
    }

    // ---- captures ---------------------------------------------------------------------

    void generate_captures() {
        for (int m : Bits{man_capture_candidates()}) {
            start_capture(m, false);
            man_capture(m, 0);
        }
        for (int k : Bits{pos_.kings(Us)}) {
            start_capture(k, true);
            if constexpr (R::flying_kings) {
                for (int d = 0; d < line_count; ++d) king_jump(k, d, 0);
            } else {
                man_capture(k, 0);
            }
        }
        occupied_ = pos_.occupied();
    }

    // Men with a jump over an enemy piece onto an empty square, found for all men at once with
    // shifts, along the rows and columns too where men capture there. Where men may not take
    // kings (Italian) a jump over a king still counts: the capture itself checks the piece.
    Bitboard man_capture_candidates() const {
        const Bitboard men = pos_.men(Us);
        const Bitboard empty = B::all_squares & ~occupied_;
        Bitboard found = jumpers<forward_left>(enemy_, empty) | jumpers<forward_right>(enemy_, empty);
        if constexpr (R::men_capture_backward)
            found |= jumpers<opposite(forward_left)>(enemy_, empty) | jumpers<opposite(forward_right)>(enemy_, empty);
        if constexpr (R::orthogonal_captures) {
            const auto west = [](Bitboard b) { return line_step<West>(b); };
            const auto east = [](Bitboard b) { return line_step<East>(b); };
            const auto north = [](Bitboard b) { return line_step<North>(b); };
            const auto south = [](Bitboard b) { return line_step<South>(b); };
            found |= east(enemy_ & east(empty)) | west(enemy_ & west(empty)) | south(enemy_ & south(empty)) |
                     north(enemy_ & north(empty));
        }
        return men & found;
    }

    // Captures of men found with shifts: a jump whose landing square offers no further jump
    // is a whole one-piece capture, so it needs no search of continuations, and perft counts
    // such moves without listing them. Valid where men may take every piece, along diagonals
    // only, and the kind of piece taken does not rank captures.
    static constexpr bool shifts_find_man_captures =
        !R::orthogonal_captures && R::men_capture_kings && !R::remove_during_capture &&
        (R::precedence == Precedence::MostPieces || R::precedence == Precedence::Free ||
         R::precedence == Precedence::KingFirst);

    template <int D>
    static constexpr Bitboard shift2(Bitboard b) {
        return shift<D>(shift<D>(b));
    }
    template <int D>
    static constexpr Bitboard shift2_back(Bitboard b) {
        return shift_back<D>(shift_back<D>(b));
    }

    // The jumps open to men in each direction, and the men with a jump that goes on.
    struct ManJumps {
        Bitboard by_direction[4];
        Bitboard any;
        Bitboard going_on;
    };

    [[gnu::always_inline]] ManJumps man_jumps() const {
        return man_jumps(pos_.men(Us), enemy_, B::all_squares & ~occupied_);
    }

    [[gnu::always_inline]] static ManJumps man_jumps(Bitboard men, Bitboard enemy, Bitboard empty) {
        const Bitboard open0 = man_captures(0) ? jumpers<0>(enemy, empty) : 0;
        const Bitboard open1 = man_captures(1) ? jumpers<1>(enemy, empty) : 0;
        const Bitboard open2 = man_captures(2) ? jumpers<2>(enemy, empty) : 0;
        const Bitboard open3 = man_captures(3) ? jumpers<3>(enemy, empty) : 0;
        ManJumps j{{men & open0, men & open1, men & open2, men & open3}, 0, 0};
        j.any = j.by_direction[0] | j.by_direction[1] | j.by_direction[2] | j.by_direction[3];
        if (!j.any) return j;
        // From a landing square only the way back differs from the position as it is (the
        // mover's old square is empty, but the piece just jumped stands in between), so the
        // jumps open there are the ones computed above. Directions 0 and 2, 1 and 3 are opposite.
        Bitboard goes_on_from = 0;
        if constexpr (R::passing_promotion) goes_on_from = promotion_row<R>(Us);  // crowned, goes on as a king
        const Bitboard all_open = open0 | open1 | open2 | open3;
        j.going_on = shift2_back<0>(shift2<0>(j.by_direction[0]) & ((all_open & ~open2) | goes_on_from)) |
                     shift2_back<1>(shift2<1>(j.by_direction[1]) & ((all_open & ~open3) | goes_on_from)) |
                     shift2_back<2>(shift2<2>(j.by_direction[2]) & ((all_open & ~open0) | goes_on_from)) |
                     shift2_back<3>(shift2<3>(j.by_direction[3]) & ((all_open & ~open1) | goes_on_from));
        return j;
    }

    template <int D>
    void push_single_capture(int from, const ManJumps& j) {
        if (!(j.by_direction[D] >> from & 1)) return;
        const int to = lowest_bit(shift2<D>(bit(from)));
        const bool promotes = (promotion_row<R>(Us) >> to) & 1;
        list_.push(Move{shift<D>(bit(from)), static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), promotes});
    }

    // The captures of one piece each, by men whose jump does not go on.
    static int count_single_jumps(const ManJumps& j) {
        const Bitboard short_movers = ~j.going_on;
        return popcount(j.by_direction[0] & short_movers) + popcount(j.by_direction[1] & short_movers) +
               popcount(j.by_direction[2] & short_movers) + popcount(j.by_direction[3] & short_movers);
    }

    // The number of legal captures when the side to move has men only.
    [[gnu::always_inline]] int count_man_captures() {
        const ManJumps j = man_jumps();
        if (!j.any) return 0;
        const int singles = count_single_jumps(j);
        if (!j.going_on) return singles;
        for (int m : Bits{j.going_on}) {
            start_capture(m, false);
            man_capture(m, 0);
        }
        occupied_ = pos_.occupied();
        // Under the majority rule (KNDB art. 5.2) the longer captures alone are legal.
        if constexpr (R::precedence == Precedence::MostPieces) return list_.size();
        return singles + list_.size();
    }

    // The captures when the side to move has men only, in the order generate_captures lists them.
    [[gnu::always_inline]] bool generate_man_captures() {
        const ManJumps j = man_jumps();
        if (!j.any) return false;
        const bool singles_legal = R::precedence != Precedence::MostPieces || !j.going_on;
        for (int m : Bits{singles_legal ? j.any : j.going_on}) {
            if (j.going_on >> m & 1) {
                start_capture(m, false);
                man_capture(m, 0);
                occupied_ = pos_.occupied();
                continue;
            }
            push_single_capture<0>(m, j);
            push_single_capture<1>(m, j);
            push_single_capture<2>(m, j);
            push_single_capture<3>(m, j);
        }
        return true;
    }

    // Squares from which a jump in direction D over an enemy piece lands on an empty square.
    template <int D>
    static Bitboard jumpers(Bitboard enemy, Bitboard empty) {
        return shift_back<D>(enemy & shift_back<D>(empty));
    }

    void start_capture(int from, bool king) {
        from_ = from;
        mover_is_king_ = king;
        // The moving piece leaves its square: it may pass it or land on it again.
        occupied_ = pos_.occupied() & ~bit(from);
        path_length_ = 0;
    }

    bool is_empty(int b) const { return !((occupied_ >> b) & 1); }

    // A jump from sq in direction d over one of `targets` onto an empty square.
    bool jump_lands(int sq, int d, Bitboard targets) const {
        const int over = B::step[d][sq];
        if (over < 0 || !(targets >> over & 1)) return false;
        const int land = B::step[d][over];
        return land >= 0 && is_empty(land);
    }

    // A man (or a short king, with all directions) jumps an adjacent piece.
    void man_capture(int sq, Bitboard captured) {
        if constexpr (R::men_capture_kings) {
            if (!mover_is_king_) return shifted_man_capture(sq, captured);
        }
        // Italian men may not take kings.
        const Bitboard targets =
            (R::men_capture_kings || mover_is_king_) ? enemy_ & ~captured : enemy_ & ~captured & ~pos_.kings();
        bool extended = false;
        for (int d = 0; d < line_count; ++d) {
            if (!mover_is_king_ && !man_captures(d)) continue;
            const int over = B::step[d][sq];
            if (over < 0 || !(targets >> over & 1)) continue;
            const int land = B::step[d][over];
            if (land < 0 || !is_empty(land)) continue;
            extended = true;
            jump(over, land, captured, [&](Bitboard now_captured) { man_capture(land, now_captured); });
        }
        if (!extended && captured) finish(sq, captured);
    }

    // The same for a man that may take every piece, with shifts in place of the neighbour
    // tables: one unrolled step per direction, the rows and columns too in Frisian.
    void shifted_man_capture(int sq, Bitboard captured) {
        const Bitboard targets = enemy_ & ~captured;
        const Bitboard empty = B::all_squares & ~occupied_;
        // One statement each: the directions are tried in order, which fixes the list order.
        bool extended = line_jump<NorthWest>(sq, captured, targets, empty);
        extended |= line_jump<NorthEast>(sq, captured, targets, empty);
        extended |= line_jump<SouthEast>(sq, captured, targets, empty);
        extended |= line_jump<SouthWest>(sq, captured, targets, empty);
        extended |= line_jump<West>(sq, captured, targets, empty);
        extended |= line_jump<North>(sq, captured, targets, empty);
        extended |= line_jump<East>(sq, captured, targets, empty);
        extended |= line_jump<South>(sq, captured, targets, empty);
        if (!extended && captured) finish(sq, captured);
    }

    // One step in direction D, diagonal or orthogonal. Along a row the next dark square is
    // one bit away, never across a row end; along a column it is a pair of rows away.
    template <int D>
    static constexpr Bitboard line_step(Bitboard b) {
        if constexpr (D < 4) return shift<D>(b);
        if constexpr (D == West) return (b & ~B::row_starts) >> 1;
        if constexpr (D == East) return (b & ~B::row_ends) << 1;
        if constexpr (D == North) return b >> B::pair_bits;
        return b << B::pair_bits;
    }
    static constexpr int line_step_bits(int d) {
        return d < 4 ? shift_amount(d) : d == West || d == East ? 1 : B::pair_bits;
    }

    template <int D>
    bool line_jump(int sq, Bitboard captured, Bitboard targets, Bitboard empty) {
        if constexpr (!man_captures(D)) {
            return false;
        } else {
            const Bitboard over = line_step<D>(bit(sq)) & targets;
            if (!over || !(line_step<D>(over) & empty)) return false;
            const int land = increasing(D) ? sq + 2 * line_step_bits(D) : sq - 2 * line_step_bits(D);
            const int victim = increasing(D) ? sq + line_step_bits(D) : sq - line_step_bits(D);
            jump(victim, land, captured, [&](Bitboard now_captured) { shifted_man_capture(land, now_captured); });
            return true;
        }
    }

    // One jump of a man (or a short king) over `victim` onto `land`; `go_on` explores the
    // rest of the capture from there. A man crowned on the way goes on as a king instead
    // (Russian draughts: crowned in passing).
    template <class F>
    void jump(int victim, int land, Bitboard captured, F&& go_on) {
        push_landing(land);
        take(victim, captured, [&](Bitboard now_captured) {
            if constexpr (R::passing_promotion) {
                if (!mover_is_king_ && (promotion_row<R>(Us) >> land & 1)) {
                    crowned_in_passing_ = true;
                    continue_as_king(land, now_captured);
                    crowned_in_passing_ = false;
                    return;
                }
            }
            go_on(now_captured);
        });
        --path_length_;
    }

    void continue_as_king(int sq, Bitboard captured) {
        bool extended = false;
        for (int d = 0; d < line_count; ++d) extended |= king_jump(sq, d, captured);
        if (!extended) finish(sq, captured);
    }

    // Marks `victim` taken while `go_on` explores what follows, with the bookkeeping some
    // variants need: Thai removes pieces as they are jumped; Italian ranks captures by when
    // kings were taken.
    template <class F>
    void take(int victim, Bitboard captured, F&& go_on) {
        std::uint32_t mark = 0;
        if constexpr (R::precedence == Precedence::Italian)
            mark = static_cast<std::uint32_t>(pos_.kings() >> victim & 1) << (15 - popcount(captured));
        king_order_ ^= mark;
        if constexpr (R::remove_during_capture) occupied_ ^= bit(victim);
        go_on(captured | bit(victim));
        if constexpr (R::remove_during_capture) occupied_ ^= bit(victim);
        king_order_ ^= mark;
    }

    // A flying king looks along direction d for a piece to take (KNDB art. 4.3, Frisian
    // art. 9). Returns whether it found one; if so every continuation has been explored.
    bool king_jump(int sq, int d, Bitboard captured) {
        const Bitboard on_ray = B::ray[d][sq] & occupied_;
        if (!on_ray) return false;
        const int victim = B::nearest(d, on_ray);
        // Own pieces and pieces already taken block the line: taken pieces stay on the
        // board until the move ends (KNDB art. 4.4, the Turkish strike).
        if (!((enemy_ & ~captured) >> victim & 1)) return false;
        const Bitboard beyond = B::ray[d][victim];
        const Bitboard blockers = beyond & occupied_;
        Bitboard landings = blockers ? beyond & ~(B::ray[d][B::nearest(d, blockers)] | blockers) : beyond;
        if (!landings) return false;
        const int first = B::nearest(d, landings);
        if constexpr (R::king_lands_behind) landings = bit(first);  // Thai

        take(victim, captured, [&](Bitboard now_captured) {
            bool extended = false;
            // Going on straight meets the same next piece from every landing square.
            push_landing(first);
            extended |= king_jump(first, d, now_captured);
            --path_length_;
            for (int land : Bits{landings}) {
                push_landing(land);
                for (int turn = 0; turn < line_count; ++turn) {
                    // Turning back runs into the piece just taken, unless it is already gone.
                    if (turn == d || (turn == opposite(d) && !R::remove_during_capture)) continue;
                    extended |= king_jump(land, turn, now_captured);
                }
                --path_length_;
            }
            if (extended) return;
            // The capture must go on while it can (KNDB art. 4.3); only then may it stop on
            // any of the landing squares (Killer: right behind a king taken last).
            Bitboard stops = landings;
            if constexpr (R::king_halts_after_king)
                if (pos_.kings() >> victim & 1) stops = bit(first);
            for (int land : Bits{stops}) {
                push_landing(land);
                finish(land, now_captured);
                --path_length_;
            }
        });
        return true;
    }

    void push_landing(int b) {
        if constexpr (WithPaths) path_[path_length_] = static_cast<std::uint8_t>(b);
        ++path_length_;
    }

    // Precedence of a finished capture: higher must be played (equal: free choice).
    std::uint32_t precedence_key(Bitboard captured) const {
        if constexpr (R::precedence == Precedence::Free) {
            return 0;
        } else if constexpr (R::precedence == Precedence::MostPieces) {
            return static_cast<std::uint32_t>(popcount(captured));  // KNDB art. 5.2
        } else if constexpr (R::precedence == Precedence::KingFirst) {
            return mover_is_king_ ? 1 : 0;
        } else if constexpr (R::precedence == Precedence::MostPiecesThenKings) {
            return static_cast<std::uint32_t>(popcount(captured) * 32 + popcount(captured & pos_.kings()));
        } else if constexpr (R::precedence == Precedence::Italian) {
            return static_cast<std::uint32_t>(popcount(captured)) << 24 | (mover_is_king_ ? 1u : 0u) << 23 |
                   static_cast<std::uint32_t>(popcount(captured & pos_.kings())) << 17 | king_order_;
        } else {
            // Frisian art. 11: a king is worth more than one man and less than two, and n
            // kings more than 2n-1 men: order by men + 2 * kings, then by fewer kings.
            // Art. 12: at equal value a capture made by a king goes first.
            const int kings = popcount(captured & pos_.kings());
            const int men = popcount(captured) - kings;
            return static_cast<std::uint32_t>(((men + 2 * kings) * 32 - kings) * 2 + (mover_is_king_ ? 1 : 0));
        }
    }

    void finish(int to, Bitboard captured) {
        // A man is crowned only if the capture ends on the far row (KNDB art. 4.2).
        const bool promotes = !mover_is_king_ && (crowned_in_passing_ || ((promotion_row<R>(Us) >> to) & 1));
        const Move move{captured, static_cast<std::uint8_t>(from_), static_cast<std::uint8_t>(to), promotes};
        if constexpr (WithPaths) {
            paths_->push_back({move, std::vector<int>(path_, path_ + path_length_)});
        } else {
            const std::uint32_t key = precedence_key(captured);
            if (key < best_key_) return;
            if (key > best_key_) {
                list_.clear();
                best_key_ = key;
            } else if (popcount(captured) >= R::duplicate_min_captures && list_.contains(move)) {
                return;
            }
            list_.push(move);
        }
    }

    // ---- quiet moves ------------------------------------------------------------------

    // Frisian art. 17: a king that made the limit of quiet moves in a row rests while its
    // side still has men. Returns the kings allowed to make a quiet move.
    Bitboard movable_kings() const {
        Bitboard kings = pos_.kings(Us);
        if constexpr (R::king_move_limit > 0) {
            const KingRun run = pos_.king_run(Us);
            if (run.count >= R::king_move_limit && pos_.men(Us)) kings &= ~bit(run.square);
        }
        return kings;
    }

    template <int D>
    static Move* add_steps(Move* out, Bitboard movers, Bitboard empty, Bitboard promotion) {
        for (int to : Bits{shift<D>(movers) & empty}) {
            const int from = increasing(D) ? to - shift_amount(D) : to + shift_amount(D);
            *out++ =
                Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), ((promotion >> to) & 1) != 0};
        }
        return out;
    }

    // The destinations of steps in direction D that `filter` keeps.
    template <int D>
    static Bitboard kept_destinations(const StepFilter& filter) {
        return filter.to | shift<D>(filter.from) | shift_back<D>(filter.beyond);
    }

    Bitboard flying_targets(int k, int d) const {
        const Bitboard ray = B::ray[d][k];
        const Bitboard blockers = ray & occupied_;
        if (!blockers) return ray;
        const int b = B::nearest(d, blockers);
        return ray & ~(B::ray[d][b] | bit(b));
    }

    // Called on an empty list. A quiet move goes to an empty square, and at most four pieces
    // (the nearest in each direction) can step or fly to one, so the moves always fit.
    static_assert(MoveList::capacity >= 4 * B::squares);
    [[gnu::always_inline]] void generate_quiet_moves() {
        const Bitboard empty = B::all_squares & ~occupied_;
        const Bitboard men = pos_.men(Us);
        const Bitboard promotion = promotion_row<R>(Us);
        Move* out = list_.end_for_writing();
        out = add_steps<forward_left>(out, men, empty, promotion);
        out = add_steps<forward_right>(out, men, empty, promotion);
        const Bitboard kings = movable_kings();
        if constexpr (R::flying_kings) {
            for (int k : Bits{kings})
                for (int d = 0; d < 4; ++d)
                    for (int to : Bits{flying_targets(k, d)})
                        *out++ = Move{0, static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(to), false};
        } else {
            out = add_steps<NorthWest>(out, kings, empty, 0);
            out = add_steps<NorthEast>(out, kings, empty, 0);
            out = add_steps<SouthEast>(out, kings, empty, 0);
            out = add_steps<SouthWest>(out, kings, empty, 0);
        }
        list_.set_end(out);
    }

    [[gnu::always_inline]] int count_quiet_moves() const {
        const Bitboard empty = B::all_squares & ~occupied_;
        const Bitboard men = pos_.men(Us);
        int n = popcount(shift<forward_left>(men) & empty) + popcount(shift<forward_right>(men) & empty);
        const Bitboard kings = movable_kings();
        if constexpr (R::flying_kings) {
            for (int k : Bits{kings})
                for (int d = 0; d < 4; ++d) n += popcount(flying_targets(k, d));
        } else {
            n += popcount(shift<NorthWest>(kings) & empty) + popcount(shift<NorthEast>(kings) & empty) +
                 popcount(shift<SouthEast>(kings) & empty) + popcount(shift<SouthWest>(kings) & empty);
        }
        return n;
    }

    const Position& pos_;
    MoveList& list_;
    const Bitboard enemy_;
    Bitboard occupied_;
    int from_ = 0;
    bool mover_is_king_ = false;
    std::uint32_t best_key_ = 0;
    bool crowned_in_passing_ = false;  // Russian
    std::uint32_t king_order_ = 0;     // Italian: bit 15 - i set when the i-th piece taken is a king
    int path_length_ = 0;
    std::uint8_t path_[64] = {};
    std::vector<CapturePath>* paths_ = nullptr;
};

}  // namespace kroon
