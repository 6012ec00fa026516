// Everything that runs the search: the engine's moves, `go`, `analyse`, and listening for a
// `stop` typed while it thinks.
#include <algorithm>
#include <cctype>
#include <new>

#include "engine/rulebook/move_text.hpp"
#include "protocol/console/console_session.hpp"
#include "protocol/console/report_text.hpp"

namespace kroon::console {
namespace {

using SteadyClock = std::chrono::steady_clock;

std::string trimmed_lower(const std::string& line) {
    std::string s;
    for (unsigned char c : line)
        if (!std::isspace(c)) s += static_cast<char>(std::tolower(c));
    return s;
}

bool is_quit(const std::string& word) { return word == "quit" || word == "exit" || word == "q" || word == "bye"; }

// ", 12 database hits" when the endgame databases gave values (egdb), else nothing.
std::string database_hits_text(const search::Outcome& outcome) {
    if (outcome.database_hits == 0) return "";
    return ", " + std::to_string(outcome.database_hits) +
           (outcome.database_hits == 1 ? " database hit" : " database hits");
}

}  // namespace

ConsoleSession::SearchRun ConsoleSession::search(const search::Limits& limits, bool show_iterations, Listen listen) {
    thinker_.set_game(game_);
    thinker_.go(limits, search::Listener{[this](const search::Iteration& it) {
                                             Event e;
                                             e.kind = Event::Kind::Iteration;
                                             e.iteration = it;
                                             inbox_.post(std::move(e));
                                         },
                                         [this](const search::Outcome& o) {
                                             Event e;
                                             e.kind = Event::Kind::Done;
                                             e.outcome = o;
                                             inbox_.post(std::move(e));
                                         }});
    SearchRun run;
    for (;;) {
        // A script is read no further than one line ahead; a person may type on.
        if (!run.interrupted && (held_.empty() || options_.interactive)) inbox_.request_line();
        const Event event = inbox_.wait();
        switch (event.kind) {
            case Event::Kind::Iteration:
                if (show_iterations)
                    out_ << format_iteration(game_.rules(), game_.position(), event.iteration) << "\n" << std::flush;
                break;
            case Event::Kind::Done:
                run.outcome = event.outcome;
                thinker_.wait();
                return run;
            case Event::Kind::EndOfInput:
                if (listen == Listen::StopOnAnything) {
                    thinker_.stop();
                    run.interrupted = true;
                }
                break;
            case Event::Kind::Line: {
                const std::string word = trimmed_lower(event.line);
                if (word.empty() || word == "stop") {
                    thinker_.stop();
                    run.interrupted = true;
                } else if ((is_quit(word) && options_.interactive) || listen == Listen::StopOnAnything) {
                    // A person leaving should not wait for the search; a script's quit comes
                    // after its last command has run.
                    thinker_.stop();
                    run.interrupted = true;
                    held_.push_back(event.line);
                    if (is_quit(word)) quit_requested_ = true;
                } else {
                    held_.push_back(event.line);
                    if (options_.interactive) out_ << "(runs after Kroon's move; type stop to make it move now)\n";
                }
                break;
            }
        }
    }
}

bool ConsoleSession::engine_move() {
    const Position& pos = game_.position();
    const Color side = pos.side_to_move();
    if (options_.interactive)
        out_ << "Kroon is thinking for " << side_name(side) << " (Enter or stop: move now)...\n" << std::flush;
    const auto started = SteadyClock::now();
    const SearchRun run =
        search(play::search_limits(level_, play::read_clock(clock_, side)), show_thinking_, Listen::MoveNow);
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - started).count();
    if (!run.outcome.best) {
        error("the engine found no move");
        return false;
    }
    if (quit_requested_) return false;
    if (!clock_move(side, seconds)) return false;
    const Move best = *run.outcome.best;
    const std::string written = game_.rules().format_move(pos, best);
    if (!game_.play(best)) {
        error("the engine chose an illegal move " + written);
        return false;
    }
    char stats[128];
    if (run.outcome.from_book)
        std::snprintf(stats, sizeof stats, "opening book, depth %d", run.outcome.depth);
    else
        std::snprintf(stats, sizeof stats, "depth %d, %.2f s, %llu nodes", run.outcome.depth, seconds,
                      static_cast<unsigned long long>(run.outcome.nodes));
    out_ << "Kroon plays " << written << " for " << side_name(side) << "  ("
         << white_score_text(run.outcome.score, side) << ", " << stats << database_hits_text(run.outcome) << ")\n";
    position_changed();
    if (run.interrupted && engine_plays(Color::White) && engine_plays(Color::Black) && !quit_requested_) {
        engine_side_[0] = engine_side_[1] = false;
        sides_chosen_ = true;
        out_ << "Auto play stopped: Kroon plays neither side now (play both to go on).\n";
        return false;
    }
    return true;
}

void ConsoleSession::engine_turns() {
    while (!quit_requested_ && !game_.is_over() && engine_plays(game_.position().side_to_move()))
        if (!engine_move()) return;
}

void ConsoleSession::cmd_go(const Words&) {
    if (game_.is_over()) return error("the game is over (" + game_.termination() + "); type new, undo or fen");
    if (engine_move()) engine_turns();
}

void ConsoleSession::cmd_analyse(const Words& args) {
    if (game_.is_over()) return error("the game is over (" + game_.termination() + ")");
    search::Limits limits;
    Listen listen = Listen::StopOnAnything;
    if (!args.empty()) {
        const auto level = parse_level({"time", args[0]});
        if (!level) return error(level.error());
        limits = play::search_limits(*level);
        listen = Listen::MoveNow;
    } else {
        limits.infinite = true;
    }
    limits.analysis = true;  // searched, never answered from the opening book
    const Color side = game_.position().side_to_move();
    const int lines = thinker_.lines_for(limits);
    out_ << "Analysing for " << side_name(side) << " (scores from White's side"
         << (lines > 1 ? "; the best " + std::to_string(lines) + " moves" : "") << ")"
         << (limits.infinite ? "; press Enter or type stop to end" : "") << ".\n"
         << std::flush;
    const SearchRun run = search(limits, true, listen);
    if (!run.outcome.best) return error("no move to analyse");
    out_ << "Best move " << game_.rules().format_move(game_.position(), *run.outcome.best) << "  ("
         << white_score_text(run.outcome.score, side) << ", depth " << run.outcome.depth << ", "
         << format_seconds(run.outcome.seconds) << database_hits_text(run.outcome) << ")\n";
}

void ConsoleSession::cmd_stop(const Words&) { out_ << "Nothing to stop: the engine is not thinking.\n"; }

void ConsoleSession::cmd_post(const Words& args) {
    if (args.empty())
        show_thinking_ = !show_thinking_;
    else if (args[0] == "on")
        show_thinking_ = true;
    else if (args[0] == "off")
        show_thinking_ = false;
    else
        return error("post takes on or off");
    out_ << "Engine thinking is " << (show_thinking_ ? "shown" : "hidden") << ".\n";
}

void ConsoleSession::cmd_set(const Words& args) {
    if (args.empty()) {
        for (const play::OptionSpec& spec : play::option_table())
            if (spec.faces & play::Console)
                out_ << "  " << spec.name << " = " << thinker_.options().text(spec.name) << "  (" << spec.help << "; "
                     << play::option_range_text(spec) << ")\n";
        return;
    }
    const play::OptionSpec* spec = play::find_option(args[0]);
    if (!spec || !(spec->faces & play::Console)) return error("no option '" + args[0] + "' (set lists them)");
    if (args.size() < 2) return error("set " + args[0] + " takes a value");
    // The value as typed: a folder name may hold runs of spaces.
    std::string value = arguments_.substr(args[0].size());
    value.erase(0, value.find_first_not_of(" \t"));
    if (spec->name == "variant") return cmd_new({value});
    if (spec->name == "egdb") {
        arguments_ = value;
        return cmd_egdb({value});
    }
    const auto set = thinker_.set_option(spec->name, value);
    if (!set) return error(set.error());
    out_ << spec->name << " = " << *set << ".\n";
}

void ConsoleSession::cmd_threads(const Words& args) {
    // The range is the options table's, as for set threads.
    if (args.size() != 1) return error("threads takes one number");
    const auto set = thinker_.set_option("threads", args[0]);
    if (!set) return error(set.error());
    out_ << "Threads: " << *set << ".\n";
}

void ConsoleSession::cmd_multipv(const Words& args) {
    if (args.size() != 1) return error("multipv takes one number, from 1 to " + std::to_string(play::max_multi_pv));
    const auto set = thinker_.set_option("multipv", args[0]);
    if (!set) return error(set.error());
    const int lines = std::stoi(*set);
    out_ << "Analysis shows " << (lines == 1 ? "the best move" : "the best " + *set + " moves") << ".\n";
}

void ConsoleSession::cmd_hash(const Words& args) {
    // The range is the options table's, as for set hash and every other face's hash.
    if (args.size() != 1) return error("hash takes one number (MiB)");
    Result<std::string> set = Error{""};
    try {
        set = thinker_.set_option("hash", args[0]);
    } catch (const std::bad_alloc&) {
        return error("not enough memory for " + std::to_string(thinker_.hash_mib()) + " MiB of hash");
    }
    if (!set) return error(set.error());
    const int size = thinker_.hash_mib();
    out_ << "Hash: " << size << " MiB" << (size < std::stoi(*set) ? " (half the machine's memory at most)" : "")
         << ".\n";
}

}  // namespace kroon::console
