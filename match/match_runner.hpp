// A match or round-robin tournament: the schedule, worker threads that each play one game at
// a time with their own engine processes, the PDN file (every finished game appended and
// flushed at once, so an interrupted match keeps them and can resume), and the tallies.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/record/pdn.hpp"
#include "match/game_runner.hpp"
#include "match/sprt.hpp"
#include "platform/result.hpp"
#include "players/player.hpp"

namespace kroon::match {

struct ScheduledGame {
    int number = 0;  // 1-based; the PDN Round tag
    int round = 0;   // 1-based round of the round robin (1 for a two-engine match)
    int white = 0;   // engine numbers, 0-based
    int black = 0;
    int opening = 0;
};
// Two engines: `games` games, each opening twice with the colours swapped. More: the Berger
// rounds, each pairing playing `games` games the same way.
std::vector<ScheduledGame> make_schedule(int engines, int games, int openings);
// The games of `schedule` whose opening is `shard` modulo `shards` (shard 0 to shards - 1).
std::vector<ScheduledGame> shard_of(const std::vector<ScheduledGame>& schedule, int shard, int shards);

struct MatchConfig {
    std::vector<players::PlayerSpec> engines;
    GameSettings game;
    players::PlayerSettings player;
    std::vector<Opening> openings;  // at least one
    int games = 2;                  // per pairing
    int concurrency = 1;
    std::string pdn_path = "match.pdn";
    bool resume = false;
    PdnMoves notation = PdnMoves::Short;
    // Each move the players made followed by a comment: the clock, the time it took, the
    // engine's score and depth (match/move_comments.hpp). False: the moves alone.
    bool move_comments = true;
    std::string event = "Kroon match";
    // Two engines: stop once the sequential test over game pairs decides (docs/match.md);
    // `games` is then the most that are played.
    std::optional<SprtBounds> sprt;
    // Shard `shard` of `shards` (0 to shards - 1) plays only the games of the openings whose
    // number is `shard` modulo `shards`; the games keep their numbers (Round tags) in the whole
    // match, so the shards' PDN files together are the match.
    int shard = 0;
    int shards = 1;
};

struct FinishedGame {
    ScheduledGame spec;
    GameResult result = GameResult::Ongoing;
    Reason reason = Reason::None;
    std::string termination;
    int plies = 0;
    bool from_file = false;  // read back for --resume
    // White's and Black's clocks at the end (the WhiteClock and BlackClock tags), when clocked.
    std::optional<std::array<double, 2>> clock_left;
};

struct EngineRecord {
    std::string name;
    int time_forfeits = 0;
    int illegal_moves = 0;
    int failures = 0;  // crashes, hangs, garbage, failed starts
};

struct MatchState {
    std::vector<EngineRecord> engines;
    std::vector<ScheduledGame> schedule;
    std::vector<FinishedGame> finished;  // in the order they ended
    bool interrupted = false;
    // Why the match stopped before its end without being asked to: a DXP peer that no longer
    // answers (the games so far are in the PDN file; --resume plays the rest).
    std::string halted;
    // With a sequential test: the first engine's game pairs (an opening with both colours),
    // the log-likelihood ratio and the verdict once it is reached.
    Pentanomial pairs;
    double llr = 0;
    SprtVerdict verdict = SprtVerdict::Continue;
};

// The clocks an engine had left at the end of its clocked games: what a tournament organiser
// reads to see whether it used its time.
struct ClockLeft {
    int games = 0;
    double median = 0;
    double least = 0;
    double most = 0;
};
ClockLeft clock_left_of(const MatchState& state, int engine);

// How many of the finished games can differ from one another when the search is fixed
// (fixed_search): one for each opening position (its class, opening_classes) and pair of
// colours; a game beyond that replays one of them.
int distinct_games(const MatchState& state, const std::vector<int>& opening_classes);

class MatchRunner {
public:
    using Progress = std::function<void(const MatchState&, const FinishedGame&)>;
    explicit MatchRunner(MatchConfig config) : config_(std::move(config)) {}
    // Starts every engine once (for its name), reads back the PDN file with `resume`, then
    // plays the rest. `progress` is called after each game, one call at a time.
    Result<MatchState> run(const std::atomic<bool>& stop, const Progress& progress = {});

private:
    MatchConfig config_;
};

}  // namespace kroon::match
