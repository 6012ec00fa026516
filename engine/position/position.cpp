#include "engine/position/position.hpp"

namespace kroon {

Position Position::from_sets(Bitboard white, Bitboard black, Bitboard kings, Color side, KingRun white_run,
                             KingRun black_run) {
    Position p;
    p.pieces_[index(Color::White)] = white;
    p.pieces_[index(Color::Black)] = black;
    p.kings_ = kings & (white | black);
    p.side_ = side;
    // A run of zero moves is no run, wherever it says the king stands.
    p.runs_[index(Color::White)] = white_run.count ? white_run : KingRun{};
    p.runs_[index(Color::Black)] = black_run.count ? black_run : KingRun{};
    p.hash_ = p.compute_hash();
    return p;
}

std::uint64_t Position::compute_hash() const {
    const auto& z = zobrist::keys;
    std::uint64_t h = side_ == Color::Black ? z.black_to_move : 0;
    for (Color c : {Color::White, Color::Black}) {
        for (int b : Bits{pieces_[index(c)]}) h ^= z.piece[index(c)][(kings_ >> b) & 1][b];
        h ^= run_key(c, runs_[index(c)]);
    }
    return h;
}

}  // namespace kroon
