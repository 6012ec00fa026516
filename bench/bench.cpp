#include "bench/bench.hpp"

#include <stdexcept>
#include <string_view>

#include "engine/record/game.hpp"
#include "play/thinker.hpp"
#include "search/searcher.hpp"

namespace kroon::bench {

const std::vector<BenchPosition>& bench_positions() {
    // Middlegames and endings reached in engine games, plus composed king endings.
    static const std::vector<BenchPosition> positions = {
        {Variant::International, "start", 0, "international start"},
        {Variant::International,
         "W:W26,27,28,30,31,32,33,34,35,37,38,40,43,44,45,46,47,48,49,50:B1,2,4,5,6,8,9,11,12,13,"
         "14,15,16,17,18,19,20,21,23,24",
         0, "international opening"},
        {Variant::International,
         "W:W27,30,32,33,34,38,39,40,42,44,45,47,48,49,50:B1,2,3,4,5,7,9,10,14,15,16,18,20,22,23", 0,
         "international early middlegame"},
        {Variant::International,
         "W:W26,27,28,29,31,32,33,34,37,38,39,41,43,47,48,49,50:B4,6,7,8,9,10,11,12,13,14,15,16,17,"
         "18,20,21",
         0, "international middlegame"},
        {Variant::International, "W:W26,27,28,30,32,33,34,35,38,43,44,45,48,50:B1,3,4,5,8,9,14,16,17,18,19,23,24,25", 0,
         "international classical"},
        {Variant::International, "W:W22,32,33,34,36,37,38,39,47,48,49,50:B4,6,7,10,11,12,14,19,21,24,26", 0,
         "international late middlegame"},
        {Variant::International, "W:W26,28,32,33,34,35,38,40,45:B1,3,5,6,18,19,20,23,24,25", 1,
         "international endgame"},
        {Variant::International, "W:WK46,28,33,38:BK3,12,17,19", 1, "international kings and men"},
        {Variant::International, "B:WK3,K36,K49:BK23", 2, "international three kings v one"},
        {Variant::Frisian, "start", 0, "frisian start"},
        {Variant::Frisian, "W:W32,33,34,36,37,38,39,41,43,44,46,47,49,50:B2,3,4,6,8,9,12,13,14,15,18,19,21,24", 0,
         "frisian middlegame"},
        {Variant::Frisian, "W:W26,32,33,38,39,43,44,48,49,50:B2,3,9,10,12,13,14,17,18,19", 1, "frisian endgame"},
        {Variant::English, "start", 2, "english start"},
        {Variant::English, "B:W19,21,22,23,25,26,27,28,30,31,32:B1,3,4,5,7,8,9,11,12,13,14", 2, "english middlegame"},
        {Variant::English, "B:W18,19,22,24,25,30:B1,5,7,10,12,13", 3, "english endgame"},
        {Variant::English, "B:WK1,K2,14,19:B5,12,K29,K30", 3, "english kings"},
    };
    return positions;
}

const std::vector<BenchPosition>& speed_positions() {
    static const std::vector<BenchPosition> positions = [] {
        const std::string_view chosen[] = {"international start", "international early middlegame",
                                           "international middlegame", "international classical",
                                           "international late middlegame"};
        std::vector<BenchPosition> list;
        for (const std::string_view label : chosen)
            for (const auto& bp : bench_positions())
                if (bp.label == label) list.push_back(bp);
        return list;
    }();
    return positions;
}

Position bench_position(const BenchPosition& entry) {
    const Rulebook& rules = rulebook(entry.variant);
    const std::string fen = entry.fen;
    return fen == "start" ? rules.start_position() : *rules.parse_fen(fen);
}

BenchResult run_bench(const BenchOptions& options, const std::function<void(const BenchLine&)>& on_line) {
    play::Thinker engine;
    engine.set_option("hash", options.speed ? "64" : "16");
    engine.set_option("egdb", "none");
    engine.set_option("book", "false");
    for (const auto& [name, value] : options.engine_options)
        if (const auto set = engine.set_option(name, value); !set) throw std::invalid_argument(set.error());
    BenchResult result;
    for (const auto& bp : options.speed ? speed_positions() : bench_positions()) {
        const Rulebook& rules = rulebook(bp.variant);
        const Position pos = bench_position(bp);
        engine.new_game();
        engine.set_game(Game(rules, pos));
        search::Limits limits;
        limits.depth = options.depth + bp.depth_offset;
        const search::Outcome outcome = engine.think(limits);
        BenchLine line{bp.label,        limits.depth,  outcome.nodes,
                       outcome.seconds, outcome.score, outcome.best ? rules.format_move(pos, *outcome.best) : "-"};
        result.nodes += line.nodes;
        result.seconds += line.seconds;
        if (on_line) on_line(line);
        result.lines.push_back(std::move(line));
    }
    return result;
}

}  // namespace kroon::bench
