#include "protocol/console/console.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/notation/square_names.hpp"
#include "protocol/console/console_session.hpp"

namespace kroon::console {
namespace {

using SteadyClock = std::chrono::steady_clock;

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// The line after its first word, as typed but for the blanks around it.
std::string text_after_first_word(const std::string& line) {
    std::istringstream stream(line);
    std::string first, rest;
    stream >> first >> std::ws;
    std::getline(stream, rest);
    rest.erase(rest.find_last_not_of(" \t\r\n\f\v") + 1);
    return rest;
}

Words split(const std::string& line) {
    std::istringstream stream(line);
    Words words;
    for (std::string w; stream >> w;) words.push_back(w);
    return words;
}

}  // namespace

int run_console(std::istream& in, std::ostream& out, const ConsoleOptions& options) {
    ConsoleSession session(in, out, options);
    return session.run();
}

ConsoleSession::ConsoleSession(std::istream& in, std::ostream& out, const ConsoleOptions& options)
    : out_(out), options_(options), inbox_(in), game_(rulebook(options.variant)) {
    level_.move_time = 1;
    for (const auto& [name, value] : options.engine_options) thinker_.set_option(name, value);
    start_game(Game(rulebook(options.variant)));
}

const std::vector<ConsoleSession::Command>& ConsoleSession::commands() {
    static const std::vector<Command> table = {
        {"help", "? h", "help [COMMAND]", "this list, or more about one command", &ConsoleSession::cmd_help},
        {"board", "b d show", "board", "show the board again", &ConsoleSession::cmd_board},
        {"moves", "legal", "moves", "list the legal moves", &ConsoleSession::cmd_moves},
        {"go", "", "go", "the engine plays the side to move now (and goes on with the sides it plays)",
         &ConsoleSession::cmd_go},
        {"undo", "back", "undo [N]", "take back the last move (N moves); against the engine, back to your own move",
         &ConsoleSession::cmd_undo},
        {"new", "", "new [VARIANT]", "a new game from the start position", &ConsoleSession::cmd_new},
        {"variant", "", "variant [VARIANT]", "show the variants, or start a new game of one",
         &ConsoleSession::cmd_variant},
        {"fen", "", "fen [FEN]", "print the position as FEN, or set up a position (a new game)",
         &ConsoleSession::cmd_fen},
        {"play", "", "play white|black|both|none", "which sides the engine plays", &ConsoleSession::cmd_play},
        {"auto", "", "auto", "the engine plays both sides (same as play both)", &ConsoleSession::cmd_auto},
        {"level", "", "level [depth N | nodes N | time S | clock [M/]T[+I] | elo N]",
         "how the engine plays: fixed depth, nodes or seconds per move, or a game clock "
         "(clock 5m+2: 5 minutes plus 2 seconds a move; clock 40/10m: 40 moves in 10 minutes, "
         "repeated); elo N: how strongly, from a beginner to full strength (the top of the range)",
         &ConsoleSession::cmd_level},
        {"depth", "sd", "depth N", "same as level depth N", &ConsoleSession::cmd_depth},
        {"time", "st", "time S", "same as level time S (seconds per move)", &ConsoleSession::cmd_time},
        {"clock", "", "clock [M/]T[+I]", "same as level clock ...", &ConsoleSession::cmd_clock},
        {"analyse", "analyze", "analyse [S]",
         "search the position and show each iteration, until Enter or stop (or for S seconds)",
         &ConsoleSession::cmd_analyse},
        {"stop", "", "stop", "while the engine thinks: move now (and end auto play)", &ConsoleSession::cmd_stop},
        {"perft", "", "perft N", "count the legal move tree to depth 1..N", &ConsoleSession::cmd_perft},
        {"eval", "", "eval", "the evaluation of the position, term by term", &ConsoleSession::cmd_eval},
        {"history", "game", "history", "the moves of the game so far", &ConsoleSession::cmd_history},
        {"flip", "", "flip", "turn the board around", &ConsoleSession::cmd_flip},
        {"post", "", "post [on|off]", "show the engine's thinking while it plays", &ConsoleSession::cmd_post},
        {"set", "option", "set [OPTION VALUE]",
         "the engine's options with their values, or set one (set threads 2, set eval hand)", &ConsoleSession::cmd_set},
        {"threads", "", "threads N", "search threads", &ConsoleSession::cmd_threads},
        {"hash", "", "hash MIB", "transposition table size in MiB", &ConsoleSession::cmd_hash},
        {"multipv", "lines", "multipv N",
         "analyse shows the best N moves, each with its score and line (1: the best move alone)",
         &ConsoleSession::cmd_multipv},
        {"egdb", "", "egdb [DIR|none]",
         "the endgame databases in use; open those in folder DIR (kroon egdb build makes them), or none",
         &ConsoleSession::cmd_egdb},
        {"quit", "exit q bye", "quit", "leave Kroon", &ConsoleSession::cmd_quit},
    };
    return table;
}

const ConsoleSession::Command* ConsoleSession::find_command(const std::string& word) {
    for (const Command& c : commands()) {
        if (word == c.name) return &c;
        for (const std::string& alias : split(c.aliases))
            if (word == alias) return &c;
    }
    return nullptr;
}

int ConsoleSession::run() {
    out_ << "Kroon draughts engine: interactive console. Type help for the commands.\n"
         << "Enter moves as 32-28, 28x19, 28x19x10 (every landing square) or 28x10x14x23 (hub);\n"
         << "Brazilian, Russian and Czech moves are written c3-d4, d4:f6 (numbers are read too).\n";
    show_board();
    for (const Color side : {Color::White, Color::Black})
        if (!engine_plays(side) && engine_plays(~side))
            out_ << "You play " << side_name(side) << " and Kroon plays " << side_name(~side)
                 << " (play white|black|both|none changes that).\n";
    engine_turns();
    while (!quit_requested_) {
        const auto line = next_line();
        if (!line) break;
        execute(*line);
    }
    thinker_.stop();
    thinker_.wait();
    if (!quit_requested_) out_ << "\n";
    out_ << "Bye.\n";
    out_.flush();
    return 0;
}

std::string ConsoleSession::prompt_text() const {
    if (game_.is_over()) return "kroon (game over)> ";
    return "kroon (" + lower(side_name(game_.position().side_to_move())) + " to move)> ";
}

std::optional<std::string> ConsoleSession::next_line() {
    out_ << prompt_text();
    std::optional<std::string> line;
    bool echo = !options_.interactive;
    if (!held_.empty()) {
        line = held_.front();
        held_.pop_front();
        echo = true;  // typed while the engine thought: show it where it runs
    } else {
        out_.flush();
        while (!line && !inbox_.input_ended()) {
            inbox_.request_line();
            const Event event = inbox_.wait();
            if (event.kind == Event::Kind::Line) line = event.line;
        }
    }
    if (line && echo) out_ << *line << "\n";
    return line;
}

void ConsoleSession::error(const std::string& message) { out_ << "Error: " << message << "\n"; }

void ConsoleSession::execute(const std::string& line) {
    const Words words = split(line);
    if (words.empty()) return;
    const std::string word = lower(words[0]);
    if (starts_with_square_name(word)) {  // a move (32-28, c3-d4); no command looks like one
        std::string text = line;
        text.erase(std::remove_if(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }),
                   text.end());
        human_move(text);
        return;
    }
    const Command* command = find_command(word);
    if (!command) {
        error("unknown command '" + words[0] + "'; type help for the list, or enter a move like 32-28");
        return;
    }
    arguments_ = text_after_first_word(line);
    (this->*command->handler)(Words(words.begin() + 1, words.end()));
}

std::string ConsoleSession::side_name(Color side) const { return side == Color::White ? "White" : "Black"; }

// --- the game --------------------------------------------------------------------------------

void ConsoleSession::start_game(Game game) {
    game_ = std::move(game);
    thinker_.new_game();
    clock_ = Clock(level_.clock);
    if (!sides_chosen_) {
        const Color first = game_.rules().first_player();
        engine_side_[index(first)] = false;
        engine_side_[index(~first)] = true;
    }
    turn_started_ = SteadyClock::now();
}

void ConsoleSession::position_changed() {
    turn_started_ = SteadyClock::now();
    show_board();
    announce_result();
}

void ConsoleSession::announce_result() {
    if (!game_.is_over()) return;
    out_ << "Game over: " << game_.termination() << ".\n";
    const GameResult result = game_.verdict().result;
    if (engine_plays(Color::White) != engine_plays(Color::Black) &&
        (result == GameResult::WhiteWins || result == GameResult::BlackWins)) {
        const Color engine = engine_plays(Color::White) ? Color::White : Color::Black;
        out_ << (result == win_for(engine) ? "Kroon wins." : "You win. Well played!") << "\n";
    }
    out_ << "Type new for another game, or undo.\n";
}

void ConsoleSession::human_move(const std::string& text) {
    if (game_.is_over()) {
        error("the game is over (" + game_.termination() + "); type new, undo or fen");
        return;
    }
    const Position& pos = game_.position();
    const auto move = game_.rules().parse_move(pos, text, MoveSyntax::Any);
    if (!move) {
        error(move.error() + "; type moves for the legal moves");
        return;
    }
    const Color side = pos.side_to_move();
    const std::string written = game_.rules().format_move(pos, *move);
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - turn_started_).count();
    if (!clock_move(side, seconds)) return;
    game_.play(*move);
    if (!game_.is_over() && engine_plays(game_.position().side_to_move())) {
        out_ << side_name(side) << " plays " << written << "\n";
        turn_started_ = SteadyClock::now();
    } else {
        position_changed();
    }
    engine_turns();
}

bool ConsoleSession::clock_move(Color side, double seconds) {
    if (clock_.record_move(side, seconds)) return true;
    game_.end(Verdict{win_for(~side), Reason::TimeForfeit}, side_name(side) + "'s flag fell");
    announce_result();
    return false;
}

// --- game commands ---------------------------------------------------------------------------

void ConsoleSession::cmd_undo(const Words& args) {
    int count = 1;
    if (!args.empty()) {
        const auto n = parse_whole(args[0], "the number of moves to take back", 1, 10000);
        if (!n) return error(n.error());
        count = *n;
    } else {
        // Against the engine, take back its reply too so that it is the user's turn again.
        const std::size_t played = game_.moves().size();
        const Color to_move = game_.position().side_to_move();
        if (played >= 2 && !engine_plays(to_move) && engine_plays(~to_move)) count = 2;
    }
    if (game_.moves().empty()) return error("no move to take back");
    int undone = 0;
    while (undone < count && game_.undo()) ++undone;
    out_ << "Took back " << undone << (undone == 1 ? " move" : " moves") << ".\n";
    position_changed();
    if (engine_plays(game_.position().side_to_move()))
        out_ << "Kroon plays " << side_name(game_.position().side_to_move())
             << "; type go to let it move, or enter a move yourself.\n";
}

void ConsoleSession::cmd_new(const Words& args) {
    Variant variant = game_.variant();
    if (!args.empty()) {
        const auto v = parse_variant(args[0]);
        if (!v) return error("unknown variant '" + args[0] + "'; variants: " + variant_names());
        variant = *v;
    }
    const bool other_variant = variant != game_.variant();
    start_game(Game(rulebook(variant)));
    out_ << "New game of " << game_.rules().name() << ".\n";
    if (other_variant) databases_follow_variant();
    position_changed();
    engine_turns();
}

void ConsoleSession::cmd_variant(const Words& args) {
    if (args.empty()) {
        out_ << "Playing " << game_.rules().name() << ". Variants: " << variant_names() << ".\n";
        return;
    }
    cmd_new(args);
}

void ConsoleSession::cmd_fen(const Words& args) {
    if (args.empty()) {
        out_ << game_.rules().format_fen(game_.position()) << "\n";
        return;
    }
    std::string text;
    for (const auto& a : args) text += a;
    // Accept a pasted PDN tag: [FEN "W:W31:B1"].
    if (text.rfind("[FEN", 0) == 0) text = text.substr(4);
    std::erase_if(text, [](char c) { return c == '"' || c == '[' || c == ']'; });
    const auto pos = game_.rules().parse_fen(text);
    if (!pos) return error(pos.error());
    start_game(Game(game_.rules(), *pos));
    out_ << "Position set.\n";
    position_changed();
    engine_turns();
}

void ConsoleSession::cmd_play(const Words& args) {
    if (args.empty()) {
        out_ << "Kroon plays "
             << (engine_plays(Color::White)   ? engine_plays(Color::Black) ? "both sides" : "White"
                 : engine_plays(Color::Black) ? "Black"
                                              : "neither side")
             << ". Change with play white|black|both|none.\n";
        return;
    }
    const std::string which = lower(args[0]);
    bool white = false, black = false;
    if (which == "white" || which == "w")
        white = true;
    else if (which == "black" || which == "b")
        black = true;
    else if (which == "both" || which == "auto")
        white = black = true;
    else if (which != "none" && which != "off")
        return error("play takes white, black, both or none");
    engine_side_[index(Color::White)] = white;
    engine_side_[index(Color::Black)] = black;
    sides_chosen_ = true;
    cmd_play({});
    engine_turns();
}

void ConsoleSession::cmd_auto(const Words&) { cmd_play({"both"}); }

void ConsoleSession::set_level(const play::Level& level) {
    level_ = level;
    clock_ = Clock(level_.clock);
    turn_started_ = SteadyClock::now();  // a new clock starts now
    out_ << "Level: " << describe_level(level_) << ".\n";
}

void ConsoleSession::cmd_level(const Words& args) {
    if (args.empty()) {
        out_ << "Level: " << describe_level(level_) << ".\n";
        if (!thinker_.strength().full()) show_strength();
        return;
    }
    if (args[0] == "elo") {
        // The strength is the elo option's (play/options.cpp): the same range on every face.
        if (args.size() != 2) return error("level elo takes one number (set lists the range)");
        const auto set = thinker_.set_option("elo", args[1]);
        if (!set) return error(set.error());
        return show_strength();
    }
    const auto level = parse_level(args);
    if (!level) return error(level.error());
    set_level(*level);
}

void ConsoleSession::show_strength() {
    const std::string& elo = thinker_.options().text("elo");
    out_ << "Strength: Elo " << elo
         << (thinker_.strength().full() ? " (full strength)" : " (docs/levels.md: what each step scored)") << ".\n";
}

void ConsoleSession::cmd_depth(const Words& args) {
    Words words{"depth"};
    words.insert(words.end(), args.begin(), args.end());
    cmd_level(words);
}

void ConsoleSession::cmd_time(const Words& args) {
    Words words{"time"};
    words.insert(words.end(), args.begin(), args.end());
    cmd_level(words);
}

void ConsoleSession::cmd_clock(const Words& args) {
    Words words{"clock"};
    words.insert(words.end(), args.begin(), args.end());
    cmd_level(words);
}

void ConsoleSession::cmd_quit(const Words&) { quit_requested_ = true; }

void ConsoleSession::cmd_help(const Words& args) {
    if (!args.empty()) {
        const Command* c = find_command(lower(args[0]));
        if (!c) return error("no command '" + args[0] + "'");
        out_ << "  " << c->usage << "\n      " << c->help << "\n";
        if (*c->aliases) out_ << "      also: " << c->aliases << "\n";
        return;
    }
    out_ << "Enter a move in any notation: 32-28, 28x19, 28x19x10 (every landing square), the\n"
            "hub form 28x10x14x23 (from, to, then the captured squares), or with algebraic squares\n"
            "as Russian notation writes them (c3-d4, d4:f6). Commands:\n";
    constexpr std::size_t usage_width = 28;
    constexpr std::size_t line_width = 78;
    for (const Command& c : commands()) {
        std::string usage = c.usage;
        std::string line = "  " + usage;
        if (usage.size() > usage_width) {
            out_ << line << "\n";
            line.clear();
        }
        line.resize(usage_width + 3, ' ');
        for (const std::string& word : split(c.help)) {
            if (line.size() + word.size() + 1 > line_width) {
                out_ << line << "\n";
                line = std::string(usage_width + 3, ' ');
            }
            if (line.back() != ' ') line += ' ';
            line += word;
        }
        out_ << line << "\n";
    }
    std::string line = "Variants:";
    for (const std::string& word : split(variant_names() + ".")) {
        if (line.size() + word.size() + 1 > line_width) {
            out_ << line << "\n";
            line = "  ";
        }
        line += " " + word;
    }
    out_ << line << "\n"
         << "Scores are from White's side, in the evaluation's men: the learned weights count a\n"
         << "man up as about +3 on a full board and less as men come off (the hand-written\n"
         << "evaluation as +1); a won game found to the end shows as \"win in N plies\".\n";
}

}  // namespace kroon::console
