#include "protocol/web/tab.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "engine/text_blanks.hpp"
#include "play/score_text.hpp"

namespace kroon::web {
namespace {

// The Elo steps the level box offers, weakest first; the last is full strength.
Json strengths() {
    Json elos = Json::array();
    for (const play::EloStep& step : play::elo_steps()) elos.push_back(step.elo);
    return elos;
}

constexpr int max_analysis_lines = 10;  // the page offers up to 5

// Another program's numbers may be anything (docs/robustness.md, Another engine): a time too
// short to divide by gives no rate, and a rate is never beyond what a double converts.
std::uint64_t nodes_per_second(std::uint64_t nodes, double seconds) {
    if (!(seconds >= 0.001) || !std::isfinite(seconds)) return 0;
    return static_cast<std::uint64_t>(std::min(static_cast<double>(nodes) / seconds, 1e15));
}

}  // namespace

Tab::Tab(Searches& pool, Outlet outlet, TabConfig config)
    : pool_(pool),
      outlet_(std::move(outlet)),
      config_(config),
      search_(
          pool, config_.other_pool, outlet_.post,
          TabSearch::Events{[this] { on_search_started(); }, [this](const search::Iteration& it) { on_iteration(it); },
                            [this](Task task, int ply, int node, const JobResult& result) {
                                on_search_done(task, ply, node, result);
                            }}) {
    start_game(Game(rulebook(Variant::International)), Color::Black);
}

Tab::~Tab() { close(); }

void Tab::start() {
    Json variants = Json::array();
    for (const Variant v : all_variants) {
        const RuleTraits& t = rulebook(v).traits();
        variants.push_back({{"name", std::string(t.name)},
                            {"squares", t.squares},
                            {"rows", t.rows},
                            {"first", color_name(t.first_player)}});
    }
    // The engines a tab may analyse with: Kroon, and another program when the server has one.
    Json engines = Json::array({{{"id", "kroon"}, {"name", pool_.engine_name()}}});
    if (config_.other_pool) engines.push_back({{"id", "other"}, {"name", config_.other_pool->engine_name()}});
    send({{"type", "welcome"},
          {"protocol", protocol_version},
          {"variants", variants},
          {"engines", engines},
          {"strengths", strengths()},
          {"max_message", config_.max_message_bytes}});
    engine_turn();
    send_state();
    arm_timer();
}

void Tab::close() {
    if (closed_) return;
    stop_search(true);
    closed_ = true;
}

void Tab::refuse(const std::string& message) { send_error(message); }

void Tab::receive(std::string_view text) {
    if (closed_) return;
    auto request = Request::parse(text);
    if (!request) return send_error(request.error());
    try {
        handle(*request);
    } catch (const BadRequest& e) {
        send_error(e.message, request->type());
    } catch (const Json::exception& e) {
        send_error(std::string("bad message: ") + e.what(), request->type());
    }
}

void Tab::handle(const Request& message) {
    using Handler = void (Tab::*)(const Request&);
    static const std::map<std::string, Handler, std::less<>> handlers = {
        {"new", &Tab::on_new},           {"move", &Tab::on_move},           {"takeback", &Tab::on_takeback},
        {"goto", &Tab::on_goto},         {"play", &Tab::on_play},           {"level", &Tab::on_level},
        {"hint", &Tab::on_hint},         {"analyse", &Tab::on_analyse},     {"review", &Tab::on_review},
        {"stop", &Tab::on_stop},         {"resign", &Tab::on_resign},       {"draw", &Tab::on_draw},
        {"load_pdn", &Tab::on_load_pdn}, {"open_game", &Tab::on_open_game}, {"save_pdn", &Tab::on_save_pdn},
        {"restore", &Tab::on_restore},   {"promote", &Tab::on_promote},     {"delete", &Tab::on_delete},
        {"comment", &Tab::on_comment},   {"mark", &Tab::on_mark},           {"state", nullptr},
    };
    const std::string& type = message.type();
    const auto it = handlers.find(type);
    if (it == handlers.end()) {
        std::string shown = type.substr(0, 40);
        throw BadRequest{"unknown message type '" + shown + "'"};
    }
    if (it->second == nullptr) return send_state();
    (this->*(it->second))(message);
}

// --- requests --------------------------------------------------------------------------------

void Tab::on_new(const Request& message) {
    Variant variant = game().variant();
    if (const auto name = message.optional_text("variant", 40)) {
        const auto v = parse_variant(*name);
        if (!v) throw BadRequest{"unknown variant '" + *name + "'; variants: " + variant_names()};
        variant = *v;
    }
    const Rulebook& rules = rulebook(variant);
    Game game(rules);
    if (const auto fen = message.optional_text("fen", 400)) {
        std::string text = *fen;
        std::erase_if(text, [](char c) { return c == '"' || c == '[' || c == ']'; });
        if (text.rfind("FEN", 0) == 0) text = text.substr(3);
        const auto pos = rules.parse_fen(text);
        if (!pos) throw BadRequest{"bad FEN: " + pos.error()};
        if (rules.count_moves(*pos) == 0 && rules.judge(*pos, rules.start_counters(*pos), 1, {}).over())
            throw BadRequest{"that position is already over: " + side_title(pos->side_to_move()) + " cannot move"};
        game = Game(rules, *pos);
    }
    std::optional<Color> kroon = ~rules.first_player();
    if (const auto side = message.optional_text("kroon", 10)) kroon = parse_side(*side);
    std::optional<Level> level;
    if (message.has("level")) level = read_level(message.object("level"));
    if (level) apply_level(*level);
    start_game(std::move(game), kroon);
    game_changed();
}

void Tab::on_move(const Request& message) {
    const std::string text = message.text("move", 200);
    const int plies = shown_.plies();
    const int ply = message.has("ply") ? message.integer("ply", 0, plies) : shown_.view_ply();
    if (ply == plies && game().is_over()) throw BadRequest{"the game is over: " + game().termination()};
    const Position& pos = game().positions()[static_cast<std::size_t>(ply)];
    // In a game Kroon plays, its turns are its own; in a variation the player moves both sides.
    const bool in_game = game_on();
    if (in_game && kroon_ && pos.side_to_move() == *kroon_)
        throw BadRequest{"it is Kroon's turn" + std::string(ply < plies ? " in that position" : "") +
                         (ply < plies ? "" : ": wait for its move, or take back")};
    const Rulebook& rules = game().rules();
    std::optional<Move> chosen;
    MoveList legal;
    rules.generate_moves(pos, legal);
    for (const Move& m : legal)
        if (rules.format_move(pos, m, MoveNotation::Hub) == text || rules.format_move(pos, m) == text) chosen = m;
    if (!chosen) {
        const auto parsed = rules.parse_move(pos, text, MoveSyntax::Any);
        if (!parsed) throw BadRequest{parsed.error()};
        chosen = *parsed;
    }
    if (const int known = ply < plies ? shown_.child_with(shown_.node_at(ply), *chosen) : -1; known != -1) {
        // A move the tree has: go there (along the line shown, or into its variation).
        stop_search(true);
        if (known == shown_.node_at(ply + 1))
            shown_.look_at(ply + 1);
        else
            shown_.show_line(known);
        return game_changed();
    }
    if (shown_.tree().size() >= config_.max_tree_nodes)
        throw BadRequest{"the game holds " + std::to_string(config_.max_tree_nodes) +
                         " moves with its variations, the most the board keeps: delete a variation first"};
    stop_search(true);
    shown_.truncate_to(ply);
    shown_.follow_the_game();
    play_move(*chosen);
    // In a game, a move played in an earlier position continues the game from there; the moves
    // it replaces stay as a variation. So does a move where a takeback left other moves: the
    // game is the main line, or Kroon would stop playing. Elsewhere it starts a variation.
    if (in_game) shown_.make_main_line();
    game_changed();
}

void Tab::on_takeback(const Request&) {
    if (game().moves().empty()) throw BadRequest{"no move to take back"};
    // A game the players ended (a resignation, a draw agreed, a flag) stays ended; one the
    // board ended may be taken back to try another line.
    const Reason reason = game().verdict().reason;
    if (reason == Reason::Resignation || reason == Reason::Agreement || reason == Reason::TimeForfeit)
        throw BadRequest{"the game is over: " + game().termination() + "; start a new game"};
    stop_search(true);
    shown_.follow_the_game();
    // Against Kroon, back to a position where it is the player's turn.
    do {
        const int node = shown_.line().back();
        shown_.truncate_to(shown_.plies() - 1);
        if (shown_.tree()[node].children.empty()) shown_.remove(node);  // a move taken back is gone
    } while (kroon_ && !game().moves().empty() && game().side_to_move() == *kroon_);
    clock_.start_turn();
    game_changed();
}

void Tab::on_goto(const Request& message) {
    if (message.has("node")) {
        const int node = read_node(message);
        if (shown_.shows(node)) {
            shown_.look_at(shown_.tree()[node].ply);
            if (search_.task() == Task::Analysis || search_.task() == Task::Hint) stop_search(true);
        } else {
            if (search_.task() == Task::Move) throw BadRequest{"Kroon is thinking about its move"};
            if (clock_running()) throw BadRequest{"the clock runs: the variations open when the game is over"};
            // Another line is shown: whatever searched the old one (a review too) is not its.
            stop_search(true);
            shown_.show_line(node);
        }
        return game_changed();
    }
    const int ply = message.integer("ply", 0, shown_.plies());
    if (search_.task() == Task::Analysis || search_.task() == Task::Hint) stop_search(true);
    shown_.look_at(ply);
    send_state();
}

int Tab::read_node(const Request& message) const { return message.integer("node", 0, shown_.tree().size() - 1); }

// Changing the tree's shape is refused while Kroon thinks its move or the clock runs: the
// game's own line must not change under them.
void Tab::check_tree_may_change() const {
    if (search_.task() == Task::Move) throw BadRequest{"Kroon is thinking about its move"};
    if (clock_running()) throw BadRequest{"the clock runs: change the variations when the game is over"};
}

void Tab::on_promote(const Request& message) {
    const int node = read_node(message);
    check_tree_may_change();
    if (!shown_.promote(node)) throw BadRequest{"that move is on the main line already"};
    game_changed();
}

void Tab::on_delete(const Request& message) {
    const int node = read_node(message);
    if (node == MoveTree::root) throw BadRequest{"the start stays: start a new game instead"};
    check_tree_may_change();
    stop_search(true);
    const int parent = shown_.tree()[node].parent;
    const bool shown = shown_.shows(node);
    // The line shown stops before the node when it went through it; show_line replaces it.
    const std::vector<int> renumbered = shown_.remove(node);
    if (shown) shown_.show_line(renumbered[static_cast<std::size_t>(parent)]);
    game_changed();
}

// A move's strength mark set from the move list: one of the PDN marks, or none.
void Tab::on_mark(const Request& message) {
    const int node = read_node(message);
    if (node == MoveTree::root) throw BadRequest{"the start has no move to mark"};
    const std::string marks = message.text("marks", 20);
    static const std::string_view known[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    if (std::find(std::begin(known), std::end(known), marks) == std::end(known))
        throw BadRequest{"unknown mark '" + marks + "' (!, ?, !!, ??, !?, ?! or none)"};
    shown_.set_marks(node, marks);
    send_state();
}

void Tab::on_comment(const Request& message) {
    const int node = read_node(message);
    std::string text = message.text("text", max_comment_length);
    std::erase(text, '}');  // it would end the comment in PDN
    shown_.set_comment(node, std::string(trim_blanks(text)));
    send_state();
}

void Tab::on_play(const Request& message) {
    const auto kroon = parse_side(message.text("kroon", 10));
    if (search_.task() == Task::Move) stop_search(true);
    kroon_ = kroon;
    // Kroon plays the line shown: it becomes the game's.
    if (kroon_) shown_.make_main_line();
    // Its move comes first: a hint, an analysis or a review under way ends, or nothing would
    // ever start it (an analysis runs until stopped).
    if (kroon_to_move()) stop_search(true);
    shown_.header().white = kroon_ == Color::White ? "Kroon" : "You";
    shown_.header().black = kroon_ == Color::Black ? "Kroon" : "You";
    game_changed();
}

void Tab::apply_level(const Level& level) {
    clock_.set_level(level);
    shown_.header().time_control = level.kind == Level::Kind::Clock ? format_time_control(level.control) : "";
}

void Tab::on_level(const Request& message) {
    const Level parsed = read_level(message.object("level"));
    if (search_.task() == Task::Move) stop_search(true);
    apply_level(parsed);
    game_changed();
}

void Tab::on_hint(const Request& message) {
    if (search_.task() == Task::Move) throw BadRequest{"Kroon is thinking about its own move"};
    const int ply = shown_.view_ply();
    Game game = shown_.game_at(ply);
    if (game.is_over()) throw BadRequest{"no hint: the game is over"};
    search::Limits limits;
    limits.move_time = message.has("seconds") ? message.number("seconds", 0.05, 30) : 1.0;
    Searches* pool = search_.chosen_pool(message);
    stop_search(true);
    search(Task::Hint, ply, std::move(game), limits, pool);
    send_state();
}

void Tab::on_analyse(const Request& message) {
    if (search_.task() == Task::Move)
        throw BadRequest{"Kroon is thinking about its own move; analyse after it has moved"};
    const int plies = shown_.plies();
    const int ply = message.has("ply") ? message.integer("ply", 0, plies) : shown_.view_ply();
    Game game = shown_.game_at(ply);
    if (game.is_over()) throw BadRequest{"nothing to analyse: " + game.termination()};
    search::Limits limits;
    limits.infinite = true;
    limits.analysis = true;
    limits.multi_pv = message.has("lines") ? message.integer("lines", 1, max_analysis_lines) : 1;
    Searches* pool = search_.chosen_pool(message);
    stop_search(true);
    search(Task::Analysis, ply, std::move(game), limits, pool);
    send_state();
}

void Tab::on_review(const Request& message) {
    if (search_.task() == Task::Move) throw BadRequest{"Kroon is thinking about its own move"};
    const double seconds = message.has("seconds") ? message.number("seconds", 0.05, 10) : 0.3;
    stop_search(true);
    review_.begin(seconds, shown_);
    review_next();
    send_state();
}

void Tab::on_stop(const Request&) {
    if (search_.task() == Task::None) throw BadRequest{"nothing to stop: Kroon is not thinking"};
    stop_search(false);
}

void Tab::on_resign(const Request&) {
    if (game().is_over()) throw BadRequest{"the game is over: " + game().termination()};
    const Color loser = human_side();
    stop_search(true);
    shown_.follow_the_game();
    end_game(Verdict{win_for(~loser), Reason::Resignation}, side_title(loser) + " resigned");
    game_changed();
}

void Tab::on_draw(const Request&) {
    if (game().is_over()) throw BadRequest{"the game is over: " + game().termination()};
    if (kroon_) {
        // Kroon takes a draw when the latest score of this game as it now stands (its own
        // search, a hint or an analysis; none from moves taken back) finds it worse by a
        // quarter of a man.
        std::optional<search::Score> score;
        for (std::size_t i = game().positions().size(); i-- > 0 && !score;)
            if (const auto& s = shown_.score(shown_.line()[i])) score = *kroon_ == Color::White ? *s : -*s;
        const bool accept = score && *score <= -25;
        if (!accept) {
            const std::string why =
                !score ? "it has not thought about this game yet"
                : search::is_decisive(*score) && *score > 0
                    ? "it sees a win"
                    : "it thinks it stands " + play::score_text(*score, play::ScoreStyle::SideToMove);
            send({{"type", "draw"}, {"accepted", false}, {"message", "Kroon declines the draw: " + why}});
            return;
        }
    }
    stop_search(true);
    shown_.follow_the_game();
    end_game(Verdict{GameResult::Draw, Reason::Agreement},
             kroon_ ? "Kroon accepted the draw offer" : "the players agreed");
    send({{"type", "draw"}, {"accepted", true}, {"message", "draw agreed"}});
    game_changed();
}

// --- the game against Kroon --------------------------------------------------------------------

void Tab::start_game(Game game, std::optional<Color> kroon) {
    stop_search(true);
    kroon_ = kroon;
    // The clock runs in a game against Kroon; a position set up or a game opened for study,
    // with nobody's flag to fall, has none.
    const bool clocked = clock_.level().kind == Level::Kind::Clock && kroon_.has_value();
    clock_.restart(clocked);
    shown_.start(std::move(game));
    shown_.header().white = kroon_ == Color::White ? "Kroon" : "You";
    shown_.header().black = kroon_ == Color::Black ? "Kroon" : "You";
    shown_.header().time_control = clocked ? format_time_control(clock_.level().control) : "";
}

bool Tab::game_on() const { return kroon_ && shown_.on_main_line() && !game().is_over(); }

bool Tab::play_move(const Move& move) {
    const Color side = game().side_to_move();
    if (clock_running() && !clock_.record_move(side)) {
        end_game(Verdict{win_for(~side), Reason::TimeForfeit}, side_title(side) + "'s flag fell");
        return false;
    }
    shown_.append(move);
    clock_.start_turn();
    return true;
}

void Tab::game_changed() {
    shown_.settle();
    engine_turn();
    send_state();
    arm_timer();
}

void Tab::end_game(Verdict verdict, const std::string& detail) {
    stop_search(true);
    // The time of the move under way counts: a fallen flag shows 0, not the time before it.
    if (clock_running()) clock_.charge(game().side_to_move());
    shown_.end(verdict, detail);
}

bool Tab::kroon_to_move() const {
    return kroon_ && !game().is_over() && game().side_to_move() == *kroon_ && shown_.on_main_line();
}

Color Tab::human_side() const { return kroon_ ? ~*kroon_ : game().side_to_move(); }

// Kroon plays the main line only; the variations are the players'.
bool Tab::clock_running() const { return !clock_.unlimited() && !game().is_over() && shown_.on_main_line(); }

void Tab::arm_timer() {
    if (closed_ || !outlet_.wake_after) return;
    if (!clock_running()) return outlet_.wake_after(-1);
    const double left = clock_.time_left(game().side_to_move());
    outlet_.wake_after(std::max(0.0, left) + 0.05);
}

void Tab::on_timer() {
    if (closed_ || !clock_running()) return;
    const Color side = game().side_to_move();
    if (!clock_.would_flag(side)) return arm_timer();
    shown_.follow_the_game();
    end_game(Verdict{win_for(~side), Reason::TimeForfeit}, side_title(side) + "'s flag fell");
    game_changed();
}

// --- searches ----------------------------------------------------------------------------------

void Tab::search(Task task, int ply, Game game, const search::Limits& limits, Searches* pool) {
    search_.start(task, ply, shown_.node_at(ply), std::move(game), limits, pool);
}

void Tab::stop_search(bool quietly) {
    review_.cancel();
    search_.stop(quietly);
}

void Tab::engine_turn() {
    if (closed_ || search_.task() != Task::None || !kroon_to_move()) return;
    // Only Kroon's own moves are played at the level's strength; hints and analyses are full.
    search_.start(Task::Move, shown_.plies(), shown_.node_at(shown_.plies()), shown_.game_at(shown_.plies()),
                  clock_.limits(game().side_to_move()), nullptr, play::strength_of_elo(clock_.level().elo));
}

void Tab::on_search_started() {
    if (closed_) return;
    send({{"type", "thinking"},
          {"task", task_name(search_.task())},
          {"ply", search_.ply()},
          {"engine", search_.engine_name()}});
}

void Tab::on_iteration(const search::Iteration& it) {
    // Any change of the line shown stops the search and drops its reports; and a report is for
    // the node searched, wherever it is, never for whatever stands at its ply now.
    if (closed_ || !shown_.shows(search_.node())) return;
    const int ply = search_.ply();
    const Position& pos = game().positions()[static_cast<std::size_t>(ply)];
    const Json score = score_json(it.score, pos.side_to_move());
    if (search_.task() == Task::Analysis) shown_.set_score(shown_.node_at(ply), score.at("value").get<int>());
    Json info = {{"type", "info"},
                 {"task", task_name(search_.task())},
                 {"ply", ply},
                 {"depth", it.depth},
                 {"seldepth", it.selective_depth},
                 {"score", score},
                 {"nodes", it.nodes},
                 {"seconds", it.seconds},
                 {"nps", nodes_per_second(it.nodes, it.seconds)},
                 {"tbhits", it.database_hits},
                 {"engine", search_.engine_name()}};
    info.update(line_json(game().rules(), pos, it.pv));
    info["move"] = it.pv.empty() ? Json(nullptr) : move_json(game().rules(), pos, it.pv.front());
    // Several lines (an analysis asked for them): each with its score, line and first move.
    Json lines = Json::array();
    for (const search::Line& line : it.lines) {
        if (line.pv.empty()) continue;
        Json entry = {{"score", score_json(line.score, pos.side_to_move())},
                      {"move", move_json(game().rules(), pos, line.pv.front())}};
        entry.update(line_json(game().rules(), pos, line.pv));
        lines.push_back(std::move(entry));
    }
    info["lines"] = lines;
    send(info);
}

void Tab::on_search_done(Task task, int ply, int node, const JobResult& result) {
    if (closed_) return;
    if (node >= shown_.tree().size() || !shown_.shows(node) || shown_.tree()[node].ply != ply) {
        // The line it searched is no longer shown (a change that did not stop it): its result
        // is nobody's, and a review of that line is over.
        review_.cancel();
        engine_turn();
        return send_state();
    }
    const search::Outcome& o = result.outcome;
    const Position pos = game().positions()[static_cast<std::size_t>(ply)];
    const bool searched = result.started && o.best;
    if (searched) shown_.set_score(node, score_json(o.score, pos.side_to_move()).at("value"));
    if (task == Task::Move) {
        if (!searched) {
            send_error("Kroon found no move");
            return send_state();
        }
        const Color side = game().side_to_move();
        if (!clock_running() || clock_.record_move(side)) {
            shown_.append(*o.best);
            shown_.make_main_line();  // Kroon's move goes on with the game: see on_move
            shown_.set_from_book(shown_.line().back(), o.from_book);
            clock_.start_turn();
        } else {
            end_game(Verdict{win_for(~side), Reason::TimeForfeit}, side_title(side) + "'s flag fell");
        }
        return game_changed();
    }
    Json done = {{"type", "done"},
                 {"task", task_name(task)},
                 {"ply", ply},
                 {"preempted", result.preempted},
                 {"depth", o.depth},
                 {"nodes", o.nodes},
                 {"seconds", o.seconds},
                 {"tbhits", o.database_hits},
                 {"engine", search_.engine_name()}};
    if (!result.failure.empty()) send_error(result.failure);
    if (searched) {
        done["best"] = move_json(game().rules(), pos, *o.best);
        done["score"] = score_json(o.score, pos.side_to_move());
    } else {
        done["best"] = nullptr;
    }
    send(done);
    if (task == Task::Review && review_.active() && review_next()) return;
    // Kroon may have been asked to play while this search ran: its move starts now.
    engine_turn();
    send_state();
}

bool Tab::review_next() {
    const auto step = review_.next(shown_);
    if (!step) return false;
    search(Task::Review, step->ply, shown_.game_at(step->ply), step->limits);
    return true;
}

// --- messages ----------------------------------------------------------------------------------

void Tab::send(const Json& message) {
    if (closed_ || !outlet_.send) return;
    const auto& type = message.at("type").get_ref<const std::string&>();
    // Only the latest state and the latest iteration of a search matter to the page.
    const bool superseded = type == "state" || type == "info";
    outlet_.send(dump(message), superseded ? std::string_view(type) : std::string_view());
}

void Tab::send_error(const std::string& message, std::string_view request) { send(error_json(message, request)); }

void Tab::send_state() {
    const Game& game = this->game();
    const Rulebook& rules = game.rules();
    const int plies = shown_.plies();
    const int ply = shown_.view_ply();
    const Position& pos = game.positions()[static_cast<std::size_t>(ply)];

    MoveList legal;
    rules.generate_moves(pos, legal);
    const bool at_end = ply == plies;
    const bool kroons_turn = game_on() && kroon_ && pos.side_to_move() == *kroon_;
    const bool may_move = !(at_end && game.is_over()) && !kroons_turn && !legal.empty();
    Json moves = Json::array();
    if (may_move) {
        const auto paths =
            !legal.empty() && legal[0].is_capture() ? rules.capture_paths(pos) : std::vector<CapturePath>{};
        for (const Move& m : legal) moves.push_back(move_json(rules, pos, m, &paths));
    }
    Json scores = Json::array();
    for (const int node : shown_.line()) {
        const auto& s = shown_.score(node);
        scores.push_back(s ? Json(*s) : Json(nullptr));
    }

    Json state = {{"type", "state"},
                  {"variant", std::string(rules.name())},
                  {"board", board_json(rules)},
                  {"pieces", pieces_text(rules, pos)},
                  {"side", color_name(pos.side_to_move())},
                  {"fen", rules.format_fen(pos)},
                  {"start_fen", rules.format_fen(game.start())},
                  {"ply", ply},
                  {"plies", plies},
                  {"moves", moves},
                  {"capture", !legal.empty() && legal[0].is_capture()},
                  {"scores", scores},
                  {"kroon", kroon_ ? color_name(*kroon_) : "none"},
                  {"level", level_json(clock_.level())},
                  {"clock", clock_.json(clock_running() ? std::optional<Color>(game.side_to_move()) : std::nullopt)},
                  {"players", {{"white", shown_.header().white}, {"black", shown_.header().black}}},
                  {"over", game.is_over()},
                  {"result", result_text(game.verdict().result, rules.scoring())}};
    state["last"] = ply > 0 ? move_json(rules, game.positions()[static_cast<std::size_t>(ply - 1)],
                                        game.moves()[static_cast<std::size_t>(ply - 1)])
                            : Json(nullptr);
    state["termination"] = game.is_over() ? Json(game.termination()) : Json(nullptr);
    // The opening explorer, from the book the engines' option chooses.
    const auto book = play::chosen_book(config_.book_option, game.variant(), config_.book_file);
    state["book"] = book ? book_json(*book, rules, pos) : Json::array();
    Json book_plies = Json::array();
    for (std::size_t i = 1; i < shown_.line().size(); ++i)
        if (shown_.from_book(shown_.line()[i])) book_plies.push_back(i);
    state["book_plies"] = book_plies;
    Json tags = Json::array();
    for (const PdnTag& tag : shown_.record_tags()) tags.push_back({{"name", tag.name}, {"value", tag.value}});
    state["tags"] = tags;
    state["line"] = shown_.line();
    state["node"] = shown_.node_at(ply);
    state["engine"] =
        search_.task() == Task::None
            ? Json(nullptr)
            : Json{{"task", task_name(search_.task())}, {"ply", search_.ply()}, {"queued", search_.queued()}};
    // The move list and the tree as written when they last changed: with a large tree they are
    // most of the state, and a state is asked for far more often than they change.
    std::string text = dump(state);
    text.pop_back();  // the object's '}'
    text += ",\"history\":" + shown_.history_text() + ",\"tree\":" + shown_.tree_text() + "}";
    if (!closed_ && outlet_.send) outlet_.send(std::move(text), "state");
}

}  // namespace kroon::web
