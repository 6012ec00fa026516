// The 8x8 games beyond English checkers, each a small change of a parent's rules.
// Sources: the Huisman en Hötte leaflet and the published perft tables; docs/variants.md.
#pragma once

#include "engine/rules/rules.hpp"

namespace kroon {

// International rules on 8x8: also the Swedish and Danish game of the Huisman en Hötte leaflet.
struct Brazilian : International {
    using Board = Board8;
    static constexpr const char* name = "brazilian";
    static constexpr int start_rows = 3;
    static constexpr int pdn_game_type = 26;
    static constexpr bool algebraic_notation = true;
};

// Shashki: free choice of capture; a man reaching the last row during a capture is crowned
// at once and goes on capturing as a king.
struct Russian : Brazilian {
    static constexpr const char* name = "russian";
    static constexpr Precedence precedence = Precedence::Free;
    static constexpr bool passing_promotion = true;
    // Two paths may take the same pieces, one crowning on the way: both are distinct moves.
    static constexpr int duplicate_min_captures = 2;
    static constexpr int pdn_game_type = 25;
};

// American pool checkers: men capture backward, flying kings, free choice, no crowning in
// passing.
struct Pool : Brazilian {
    static constexpr const char* name = "pool";
    static constexpr Precedence precedence = Precedence::Free;
    static constexpr int pdn_game_type = 23;
    static constexpr bool algebraic_notation = false;
};

// Czech: men capture forward only, flying kings; if a king can capture, a king must.
struct Czech : Brazilian {
    static constexpr const char* name = "czech";
    static constexpr bool men_capture_backward = false;
    static constexpr Precedence precedence = Precedence::KingFirst;
    static constexpr int pdn_game_type = 29;
};

// Spanish: mirrored board, men capture forward only, flying kings; most pieces, then most
// kings.
struct Spanish : Brazilian {
    using Board = Board8Mirrored;
    static constexpr const char* name = "spanish";
    static constexpr bool men_capture_backward = false;
    static constexpr Precedence precedence = Precedence::MostPiecesThenKings;
    static constexpr int pdn_game_type = 24;
    static constexpr bool algebraic_notation = false;
};

// Italian: mirrored board, short kings, men forward only and never take a king; precedence:
// most pieces, capture with a king, most kings, kings taken earliest.
struct Italian : Brazilian {
    using Board = Board8Mirrored;
    static constexpr const char* name = "italian";
    static constexpr bool men_capture_backward = false;
    static constexpr bool flying_kings = false;
    static constexpr bool men_capture_kings = false;
    static constexpr Precedence precedence = Precedence::Italian;
    static constexpr int pdn_game_type = 22;
    static constexpr bool algebraic_notation = false;
};

// Thai (mak-hos): 8 men each, men capture forward only, free choice; a flying king lands
// directly behind the piece it takes, and taken pieces leave the board one by one.
struct Thai : Brazilian {
    static constexpr const char* name = "thai";
    static constexpr bool men_capture_backward = false;
    static constexpr Precedence precedence = Precedence::Free;
    static constexpr bool remove_during_capture = true;
    static constexpr bool king_lands_behind = true;
    static constexpr int duplicate_min_captures = 2;
    static constexpr int start_rows = 2;
    static constexpr int pdn_game_type = 31;
    static constexpr bool algebraic_notation = false;
};

// Norwegian house rules (Huisman en Hötte leaflet, Norwegian part): white first, men step and capture forward only,
// kings step and capture one square both ways, most pieces must be taken (kings count one).
struct Norwegian : Brazilian {
    static constexpr const char* name = "norwegian";
    static constexpr bool men_capture_backward = false;
    static constexpr bool flying_kings = false;
    static constexpr int pdn_game_type = 0;  // no PDN number assigned
    static constexpr bool algebraic_notation = false;
};

// Finnish tammi (Huisman en Hötte leaflet, Finnish part): black first, men step and capture forward only, flying
// kings, free choice of capture.
struct Finnish : Brazilian {
    static constexpr const char* name = "finnish";
    static constexpr Color first_player = Color::Black;
    static constexpr bool men_capture_backward = false;
    static constexpr Precedence precedence = Precedence::Free;
    static constexpr int pdn_game_type = 0;  // no PDN number assigned
    static constexpr bool algebraic_notation = false;
};

}  // namespace kroon
