#include "protocol/web/tab.hpp"

#include <algorithm>
#include <map>

#include "engine/text_blanks.hpp"
#include "play/score_text.hpp"

namespace kroon::web {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr std::size_t max_comment_length = 2000;
constexpr int max_analysis_lines = 10;  // the page offers up to 5

const char* task_name(int task) {
    static const char* names[] = {nullptr, "move", "hint", "analysis", "review"};
    return names[task];
}

}  // namespace

Tab::Tab(SearchPool& pool, Outlet outlet, TabConfig config) : pool_(pool), outlet_(std::move(outlet)), config_(config) {
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
        {"new", &Tab::on_new},           {"move", &Tab::on_move},
        {"takeback", &Tab::on_takeback}, {"goto", &Tab::on_goto},
        {"play", &Tab::on_play},         {"level", &Tab::on_level},
        {"hint", &Tab::on_hint},         {"analyse", &Tab::on_analyse},
        {"review", &Tab::on_review},     {"stop", &Tab::on_stop},
        {"resign", &Tab::on_resign},     {"draw", &Tab::on_draw},
        {"load_pdn", &Tab::on_load_pdn}, {"open_game", &Tab::on_open_game},
        {"save_pdn", &Tab::on_save_pdn}, {"restore", &Tab::on_restore},
        {"promote", &Tab::on_promote},   {"delete", &Tab::on_delete},
        {"comment", &Tab::on_comment},   {"state", nullptr},
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
    Variant variant = game_.variant();
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

// A game the page kept (a reload, a server restarted): its variant, start, moves (or its whole
// tree), Kroon's side and level, as the page last saw them. Moves are kept as far as they are
// legal.
void Tab::on_restore(const Request& message) {
    const std::string name = message.text("variant", 40);
    const auto variant = parse_variant(name);
    if (!variant) throw BadRequest{"unknown variant '" + name + "'"};
    const Rulebook& rules = rulebook(*variant);
    const auto start = rules.parse_fen(message.text("fen", 400));
    if (!start) throw BadRequest{"bad FEN: " + start.error()};
    std::optional<std::string> refused;
    MoveTree tree;
    int shown = -1;
    if (message.has("tree")) {
        const std::vector<Request> nodes = message.objects("tree", static_cast<std::size_t>(config_.max_tree_nodes));
        std::vector<int> node_of(nodes.size(), -1);  // an entry's node; -1: dropped
        std::vector<Position> positions(nodes.size());
        if (!nodes.empty()) {
            node_of[0] = MoveTree::root;
            positions[0] = *start;
            tree[MoveTree::root].comment = nodes[0].optional_text("comment", max_comment_length).value_or("");
        }
        for (std::size_t i = 1; i < nodes.size(); ++i) {
            const Request& entry = nodes[i];
            const auto parent = static_cast<std::size_t>(entry.integer("parent", 0, static_cast<int>(i) - 1));
            if (node_of[parent] == -1) continue;  // after a move that was not kept
            const std::string text = entry.text("move", 60);
            const auto move = rules.parse_move(positions[parent], text);
            if (!move) {
                if (!refused) refused = "the saved game drops '" + text + "' and what follows it: " + move.error();
                continue;
            }
            const int node = tree.add(node_of[parent], *move);
            node_of[i] = node;
            positions[i] = positions[parent];
            rules.play(positions[i], *move);
            MoveTreeNode& n = tree[node];
            n.marks = entry.optional_text("marks", 8).value_or("");
            std::erase_if(n.marks, [](char c) { return c != '!' && c != '?' && c != '*'; });
            if (entry.has("nags")) n.nags = entry.integers("nags", 8, 0, 255);
            n.comment = entry.optional_text("comment", max_comment_length).value_or("");
            n.comment_before = entry.optional_text("comment_before", max_comment_length).value_or("");
        }
        if (message.has("node")) {
            const int entry = message.integer("node", 0, std::max(0, static_cast<int>(nodes.size()) - 1));
            if (!nodes.empty()) shown = node_of[static_cast<std::size_t>(entry)];
        }
    } else {
        Position pos = *start;
        int node = MoveTree::root;
        for (const std::string& text : message.texts("moves", 2000, 60)) {
            const auto move = rules.parse_move(pos, text);
            if (!move) {
                refused = "the saved game stops before '" + text + "': " + move.error();
                break;
            }
            node = tree.add(node, *move);
            rules.play(pos, *move);
        }
    }
    std::optional<Color> kroon;
    if (const auto side = message.optional_text("kroon", 10)) kroon = parse_side(*side);
    if (message.has("level")) apply_level(read_level(message.object("level")));
    std::vector<PdnTag> tags;
    if (message.has("tags"))
        for (const Request& tag : message.objects("tags", 100))
            tags.push_back({tag.text("name", 40), tag.text("value", 400)});
    start_game(Game(rules, *start), kroon);
    start_tree(std::move(tree));
    if (!tags.empty()) adopt_tags(std::move(tags));
    if (shown != -1) show_line(shown);
    game_changed();
    if (refused) send_error(*refused, "restore");
}

void Tab::on_move(const Request& message) {
    const std::string text = message.text("move", 200);
    const int plies = static_cast<int>(game_.moves().size());
    const int ply = message.has("ply") ? message.integer("ply", 0, plies) : view_ply();
    if (ply == plies && game_.is_over()) throw BadRequest{"the game is over: " + game_.termination()};
    const Position& pos = game_.positions()[static_cast<std::size_t>(ply)];
    // In a game Kroon plays, its turns are its own; in a variation the player moves both sides.
    const bool in_game = game_on();
    if (in_game && kroon_ && pos.side_to_move() == *kroon_)
        throw BadRequest{"it is Kroon's turn" + std::string(ply < plies ? " in that position" : "") +
                         (ply < plies ? "" : ": wait for its move, or take back")};
    const Rulebook& rules = game_.rules();
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
    if (const int known = ply < plies ? tree_.child_with(node_at(ply), *chosen) : -1; known != -1) {
        // A move the tree has: go there (along the line shown, or into its variation).
        stop_search(true);
        if (known == node_at(ply + 1))
            view_ = ply + 1 == plies ? std::nullopt : std::optional<int>(ply + 1);
        else
            show_line(known);
        return game_changed();
    }
    if (tree_.size() >= config_.max_tree_nodes)
        throw BadRequest{"the game holds " + std::to_string(config_.max_tree_nodes) +
                         " moves with its variations, the most the board keeps: delete a variation first"};
    stop_search(true);
    truncate_to(ply);
    view_.reset();
    play_move(*chosen);
    // In a game, a move played in an earlier position continues the game from there; the moves
    // it replaces stay as a variation. So does a move where a takeback left other moves: the
    // game is the main line, or Kroon would stop playing. Elsewhere it starts a variation.
    if (in_game) tree_.make_main_line(line_.back());
    game_changed();
}

void Tab::on_takeback(const Request&) {
    if (game_.moves().empty()) throw BadRequest{"no move to take back"};
    // A game the players ended (a resignation, a draw agreed, a flag) stays ended; one the
    // board ended may be taken back to try another line.
    const Reason reason = game_.verdict().reason;
    if (reason == Reason::Resignation || reason == Reason::Agreement || reason == Reason::TimeForfeit)
        throw BadRequest{"the game is over: " + game_.termination() + "; start a new game"};
    stop_search(true);
    view_.reset();
    // Against Kroon, back to a position where it is the player's turn.
    do {
        const int node = line_.back();
        truncate_to(static_cast<int>(game_.moves().size()) - 1);
        if (tree_[node].children.empty()) renumber(tree_.remove(node));  // a move taken back is gone
    } while (kroon_ && !game_.moves().empty() && game_.side_to_move() == *kroon_);
    turn_started_ = SteadyClock::now();
    game_changed();
}

void Tab::on_goto(const Request& message) {
    if (message.has("node")) {
        const int node = read_node(message);
        const int ply = tree_[node].ply;
        if (ply < static_cast<int>(line_.size()) && node_at(ply) == node) {
            view_ = ply == static_cast<int>(game_.moves().size()) ? std::nullopt : std::optional<int>(ply);
        } else {
            if (task_ == Task::Move) throw BadRequest{"Kroon is thinking about its move"};
            if (clock_running()) throw BadRequest{"the clock runs: the variations open when the game is over"};
            show_line(node);
        }
        if (task_ == Task::Analysis || task_ == Task::Hint) stop_search(true);
        return game_changed();
    }
    const int plies = static_cast<int>(game_.moves().size());
    const int ply = message.integer("ply", 0, plies);
    if (task_ == Task::Analysis || task_ == Task::Hint) stop_search(true);
    if (ply == plies)
        view_.reset();
    else
        view_ = ply;
    send_state();
}

int Tab::read_node(const Request& message) const { return message.integer("node", 0, tree_.size() - 1); }

// Changing the tree's shape is refused while Kroon thinks its move or the clock runs: the
// game's own line must not change under them.
void Tab::check_tree_may_change() const {
    if (task_ == Task::Move) throw BadRequest{"Kroon is thinking about its move"};
    if (clock_running()) throw BadRequest{"the clock runs: change the variations when the game is over"};
}

void Tab::on_promote(const Request& message) {
    const int node = read_node(message);
    check_tree_may_change();
    if (!tree_.promote(node)) throw BadRequest{"that move is on the main line already"};
    game_changed();
}

void Tab::on_delete(const Request& message) {
    const int node = read_node(message);
    if (node == MoveTree::root) throw BadRequest{"the start stays: start a new game instead"};
    check_tree_may_change();
    stop_search(true);
    const int parent = tree_[node].parent;
    const int ply = tree_[node].ply;
    const bool shown = ply < static_cast<int>(line_.size()) && node_at(ply) == node;
    const std::vector<int> renumbered = tree_.remove(node);
    if (shown) {
        renumber(renumbered);  // the line shown stops before the node; show_line replaces it
        show_line(renumbered[static_cast<std::size_t>(parent)]);
    } else {
        renumber(renumbered);
    }
    game_changed();
}

void Tab::on_comment(const Request& message) {
    const int node = read_node(message);
    std::string text = message.text("text", max_comment_length);
    std::erase(text, '}');  // it would end the comment in PDN
    tree_[node].comment = std::string(trim_blanks(text));
    send_state();
}

void Tab::on_play(const Request& message) {
    const auto kroon = parse_side(message.text("kroon", 10));
    if (task_ == Task::Move) stop_search(true);
    kroon_ = kroon;
    // Kroon plays the line shown: it becomes the game's.
    if (kroon_) tree_.make_main_line(line_.back());
    header_.white = kroon_ == Color::White ? "Kroon" : "You";
    header_.black = kroon_ == Color::Black ? "Kroon" : "You";
    game_changed();
}

Tab::Level Tab::read_level(const Request& level) const {
    const std::string kind = level.text("kind", 10);
    Level parsed;
    if (kind == "time") {
        parsed.kind = Level::Kind::Time;
        parsed.seconds = level.number("seconds", 0.05, 3600);
    } else if (kind == "depth") {
        parsed.kind = Level::Kind::Depth;
        parsed.depth = level.integer("depth", 1, 60);
    } else if (kind == "clock") {
        const std::string text = level.text("control", 40);
        const auto control = parse_time_control(text);
        if (!control) throw BadRequest{"bad clock '" + text + "': " + control.error()};
        if (control->unlimited() || !(control->periods.front().seconds > 0))
            throw BadRequest{"the clock needs a time, e.g. 5m+2"};
        parsed.kind = Level::Kind::Clock;
        parsed.control = *control;
    } else {
        throw BadRequest{"unknown level kind '" + kind + "' (time, depth or clock)"};
    }
    return parsed;
}

void Tab::apply_level(const Level& level) {
    level_ = level;
    clock_ = Clock(level_.kind == Level::Kind::Clock ? level_.control : TimeControl{});
    header_.time_control = level_.kind == Level::Kind::Clock ? format_time_control(level_.control) : "";
    turn_started_ = SteadyClock::now();
}

void Tab::on_level(const Request& message) {
    const Level parsed = read_level(message.object("level"));
    if (task_ == Task::Move) stop_search(true);
    apply_level(parsed);
    game_changed();
}

void Tab::on_hint(const Request& message) {
    if (task_ == Task::Move) throw BadRequest{"Kroon is thinking about its own move"};
    const int ply = view_ply();
    const Game game = game_at(ply);
    if (game.is_over()) throw BadRequest{"no hint: the game is over"};
    search::Limits limits;
    limits.move_time = message.has("seconds") ? message.number("seconds", 0.05, 30) : 1.0;
    SearchPool* pool = chosen_pool(message);
    stop_search(true);
    search(Task::Hint, ply, limits, pool);
    send_state();
}

void Tab::on_analyse(const Request& message) {
    if (task_ == Task::Move) throw BadRequest{"Kroon is thinking about its own move; analyse after it has moved"};
    const int plies = static_cast<int>(game_.moves().size());
    const int ply = message.has("ply") ? message.integer("ply", 0, plies) : view_ply();
    const Game game = game_at(ply);
    if (game.is_over()) throw BadRequest{"nothing to analyse: " + game.termination()};
    search::Limits limits;
    limits.infinite = true;
    limits.analysis = true;
    limits.multi_pv = message.has("lines") ? message.integer("lines", 1, max_analysis_lines) : 1;
    SearchPool* pool = chosen_pool(message);
    stop_search(true);
    search(Task::Analysis, ply, limits, pool);
    send_state();
}

void Tab::on_review(const Request& message) {
    if (task_ == Task::Move) throw BadRequest{"Kroon is thinking about its own move"};
    const double seconds = message.has("seconds") ? message.number("seconds", 0.05, 10) : 0.3;
    stop_search(true);
    review_seconds_ = seconds;
    review_next_ = 0;
    review_next();
    send_state();
}

void Tab::on_stop(const Request&) {
    if (task_ == Task::None) throw BadRequest{"nothing to stop: Kroon is not thinking"};
    review_next_ = -1;
    job_pool_->stop(job_);
}

void Tab::on_resign(const Request&) {
    if (game_.is_over()) throw BadRequest{"the game is over: " + game_.termination()};
    const Color loser = human_side();
    stop_search(true);
    view_.reset();
    end_game(Verdict{win_for(~loser), Reason::Resignation}, side_title(loser) + " resigned");
    game_changed();
}

void Tab::on_draw(const Request&) {
    if (game_.is_over()) throw BadRequest{"the game is over: " + game_.termination()};
    if (kroon_) {
        // Kroon takes a draw when the latest score of this game as it now stands (its own
        // search, a hint or an analysis; none from moves taken back) finds it worse by a
        // quarter of a man.
        std::optional<search::Score> score;
        for (std::size_t i = game_.positions().size(); i-- > 0 && !score;)
            if (const auto& s = scores_[static_cast<std::size_t>(line_[i])]) score = *kroon_ == Color::White ? *s : -*s;
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
    view_.reset();
    end_game(Verdict{GameResult::Draw, Reason::Agreement},
             kroon_ ? "Kroon accepted the draw offer" : "the players agreed");
    send({{"type", "draw"}, {"accepted", true}, {"message", "draw agreed"}});
    game_changed();
}

void Tab::on_load_pdn(const Request& message) {
    const std::string text = message.text("text", config_.max_message_bytes);
    PdnFile file = read_pdn(text, game_.variant());
    if (file.games.size() > config_.max_pdn_games) file.games.resize(config_.max_pdn_games);
    loaded_ = std::move(file.games);
    Json games = Json::array();
    for (std::size_t i = 0; i < loaded_.size(); ++i) {
        const PdnGame& g = loaded_[i];
        games.push_back({{"index", i},
                         {"white", g.tag("White").value_or("?")},
                         {"black", g.tag("Black").value_or("?")},
                         {"event", g.tag("Event").value_or("?")},
                         {"date", g.tag("Date").value_or("?")},
                         {"round", g.tag("Round").value_or("?")},
                         {"result", result_text(g.result, rulebook(g.variant).scoring())},
                         {"variant", std::string(rulebook(g.variant).name())},
                         {"moves", g.moves.size()}});
    }
    Json errors = Json::array();
    for (std::size_t i = 0; i < file.errors.size() && i < 20; ++i) errors.push_back(file.errors[i].text());
    send({{"type", "pdn_games"}, {"games", games}, {"errors", errors}, {"error_count", file.errors.size()}});
}

void Tab::on_open_game(const Request& message) {
    if (loaded_.empty()) throw BadRequest{"no PDN file loaded"};
    const int index = message.integer("index", 0, static_cast<int>(loaded_.size()) - 1);
    const PdnGame& record = loaded_[static_cast<std::size_t>(index)];
    if (record.tree.size() > config_.max_tree_nodes)
        throw BadRequest{"game " + std::to_string(index + 1) + " has " + std::to_string(record.tree.size() - 1) +
                         " moves with its variations; the board keeps at most " +
                         std::to_string(config_.max_tree_nodes - 1)};
    auto game = replay(record);
    if (!game) throw BadRequest{"cannot replay game " + std::to_string(index + 1) + ": " + game.error()};
    start_game(std::move(*game), std::nullopt);
    if (!record.tree.bare()) start_tree(record.tree);
    adopt_tags(record.tags);
    // A result decided off the board (resignation, agreement, time) is kept from the record.
    if (!game_.is_over() && record.result != GameResult::Ongoing) {
        const std::string termination = record.tag("Termination").value_or("");
        Reason reason = reason_of_description(game_.rules().traits(), game_.rule_options().points_victory,
                                              record.result, termination);
        if (reason == Reason::None) reason = Reason::Adjudication;
        end_game(Verdict{record.result, reason}, termination.empty() ? "as recorded" : "");
    }
    game_changed();
}

// The tags of a game read from a file: saved with it, its players shown.
void Tab::adopt_tags(std::vector<PdnTag> tags) {
    PdnGame record;
    record.tags = std::move(tags);
    PdnHeader header;
    header.event = record.tag("Event").value_or("?");
    header.site = record.tag("Site").value_or("?");
    header.date = record.tag("Date").value_or("????.??.??");
    header.round = record.tag("Round").value_or("?");
    header.white = record.tag("White").value_or("?");
    header.black = record.tag("Black").value_or("?");
    header.time_control = record.tag("TimeControl").value_or("");
    header_ = header;
    record_tags_ = std::move(record.tags);
}

void Tab::on_save_pdn(const Request&) {
    // The game is the main line; the tree adds its variations and comments.
    PdnGame record = make_pdn_game(line_game(tree_.line(MoveTree::root)), header_);
    if (!record_tags_.empty()) {
        // A game opened from a file keeps its tags as they were (Result brought in line).
        const auto termination = record.tag("Termination");
        record.tags = record_tags_;
        if (termination && !record.tag("Termination")) record.set_tag("Termination", *termination);
    }
    record.tree = tree_;
    std::string date = header_.date;
    std::replace(date.begin(), date.end(), '?', '0');
    send({{"type", "pdn"}, {"text", write_pdn(record)}, {"filename", "kroon-" + date + ".pdn"}});
}

// --- the game --------------------------------------------------------------------------------

void Tab::start_game(Game game, std::optional<Color> kroon) {
    stop_search(true);
    game_ = std::move(game);
    kroon_ = kroon;
    // The clock runs in a game against Kroon; a position set up or a game opened for study,
    // with nobody's flag to fall, has none.
    const bool clocked = level_.kind == Level::Kind::Clock && kroon_.has_value();
    clock_ = Clock(clocked ? level_.control : TimeControl{});
    turn_started_ = SteadyClock::now();
    view_.reset();
    MoveTree tree;
    for (int node = MoveTree::root; const Move& m : game_.moves()) node = tree.add(node, m);
    start_tree(std::move(tree));
    off_board_end_.reset();
    record_tags_.clear();
    header_ = PdnHeader{};
    header_.event = "Kroon serve";
    header_.date = pdn_date_today();
    header_.white = kroon_ == Color::White ? "Kroon" : "You";
    header_.black = kroon_ == Color::Black ? "Kroon" : "You";
    header_.time_control = clocked ? format_time_control(level_.control) : "";
}

// The tree's main line is the game's moves (game_ holds them already).
void Tab::start_tree(MoveTree tree) {
    tree_ = std::move(tree);
    line_ = tree_.line(MoveTree::root);
    scores_.assign(static_cast<std::size_t>(tree_.size()), std::nullopt);
    from_book_.assign(static_cast<std::size_t>(tree_.size()), false);
    if (line_.size() != game_.positions().size()) {
        game_ = line_game(line_);
        view_.reset();
    }
}

Game Tab::line_game(const std::vector<int>& nodes) const {
    Game game(game_.rules(), game_.start(), game_.rule_options());
    game.play_past_end();  // a recorded line may go on after a draw rule's verdict
    for (std::size_t i = 1; i < nodes.size(); ++i) game.play(tree_[nodes[i]].move);
    if (off_board_end_ && off_board_end_->node == nodes.back() && !game.is_over())
        game.end(off_board_end_->verdict, off_board_end_->detail);
    return game;
}

void Tab::show_line(int node) {
    line_ = tree_.line(node);
    game_ = line_game(line_);
    const int ply = tree_[node].ply;
    view_ = ply == static_cast<int>(game_.moves().size()) ? std::nullopt : std::optional<int>(ply);
}

void Tab::renumber(const std::vector<int>& renumbered) {
    const auto of = [&](int node) { return renumbered[static_cast<std::size_t>(node)]; };
    std::vector<int> line;
    for (const int node : line_) {
        if (of(node) == -1) break;
        line.push_back(of(node));
    }
    line_ = std::move(line);
    std::vector<std::optional<search::Score>> scores(static_cast<std::size_t>(tree_.size()));
    std::vector<bool> from_book(static_cast<std::size_t>(tree_.size()));
    for (std::size_t old = 0; old < renumbered.size(); ++old) {
        if (renumbered[old] == -1) continue;
        scores[static_cast<std::size_t>(renumbered[old])] = scores_[old];
        from_book[static_cast<std::size_t>(renumbered[old])] = from_book_[old];
    }
    scores_ = std::move(scores);
    from_book_ = std::move(from_book);
    if (off_board_end_) {
        off_board_end_->node = of(off_board_end_->node);
        if (off_board_end_->node == -1) off_board_end_.reset();
    }
}

bool Tab::game_on() const { return kroon_ && on_main_line() && !game_.is_over(); }

bool Tab::play_move(const Move& move) {
    const Color side = game_.side_to_move();
    if (clock_running() && !clock_.record_move(side, elapsed())) {
        end_game(Verdict{win_for(~side), Reason::TimeForfeit}, side_title(side) + "'s flag fell");
        return false;
    }
    append_move(move);
    turn_started_ = SteadyClock::now();
    return true;
}

void Tab::append_move(const Move& move) {
    int node = tree_.child_with(line_.back(), move);
    if (node == -1) node = tree_.add(line_.back(), move);
    game_.play(move);
    line_.push_back(node);
    scores_.resize(static_cast<std::size_t>(tree_.size()));
    from_book_.resize(static_cast<std::size_t>(tree_.size()));
}

void Tab::truncate_to(int ply) {
    while (static_cast<int>(game_.moves().size()) > ply) game_.undo();
    line_.resize(static_cast<std::size_t>(ply) + 1);
}

void Tab::game_changed() {
    scores_.resize(static_cast<std::size_t>(tree_.size()));
    from_book_.resize(static_cast<std::size_t>(tree_.size()));
    if (view_ && *view_ >= static_cast<int>(game_.moves().size())) view_.reset();
    engine_turn();
    send_state();
    arm_timer();
}

void Tab::end_game(Verdict verdict, const std::string& detail) {
    stop_search(true);
    // The time of the move under way counts: a fallen flag shows 0, not the time before it.
    if (clock_running()) clock_.charge(game_.side_to_move(), elapsed());
    game_.end(verdict, detail);
    off_board_end_ = OffBoardEnd{verdict, detail, line_.back()};
}

int Tab::view_ply() const {
    const int plies = static_cast<int>(game_.moves().size());
    return view_ ? std::min(*view_, plies) : plies;
}

// The game up to `ply`, judged by the board alone (not by a resignation or a flag).
Game Tab::game_at(int ply) const {
    Game game(game_.rules(), game_.start(), game_.rule_options());
    game.play_past_end();
    for (int i = 0; i < ply; ++i) game.play(game_.moves()[static_cast<std::size_t>(i)]);
    return game;
}

bool Tab::kroon_to_move() const {
    return kroon_ && !game_.is_over() && game_.side_to_move() == *kroon_ && on_main_line();
}

Color Tab::human_side() const { return kroon_ ? ~*kroon_ : game_.side_to_move(); }

// --- the clock -------------------------------------------------------------------------------

double Tab::elapsed() const { return std::chrono::duration<double>(SteadyClock::now() - turn_started_).count(); }

bool Tab::clock_running() const { return !clock_.unlimited() && !game_.is_over() && on_main_line(); }

void Tab::arm_timer() {
    if (closed_ || !outlet_.wake_after) return;
    if (!clock_running()) return outlet_.wake_after(-1);
    const double left = clock_.remaining(game_.side_to_move()) - elapsed();
    outlet_.wake_after(std::max(0.0, left) + 0.05);
}

void Tab::on_timer() {
    if (closed_ || !clock_running()) return;
    const Color side = game_.side_to_move();
    if (!clock_.would_flag(side, elapsed())) return arm_timer();
    view_.reset();
    end_game(Verdict{win_for(~side), Reason::TimeForfeit}, side_title(side) + "'s flag fell");
    game_changed();
}

// --- searches --------------------------------------------------------------------------------

search::Limits Tab::engine_limits() const {
    search::Limits limits;
    switch (level_.kind) {
        case Level::Kind::Time: limits.move_time = level_.seconds; break;
        case Level::Kind::Depth: limits.depth = level_.depth; break;
        case Level::Kind::Clock: {
            const Color side = game_.side_to_move();
            limits.time_left = std::max(0.0, clock_.remaining(side) - elapsed());
            limits.increment = clock_.control().increment;
            limits.moves_to_go = clock_.moves_to_go(side);
            break;
        }
    }
    return limits;
}

void Tab::engine_turn() {
    if (closed_ || task_ != Task::None || !kroon_to_move()) return;
    search(Task::Move, static_cast<int>(game_.moves().size()), engine_limits());
}

SearchPool* Tab::chosen_pool(const Request& message) const {
    const std::string engine = message.has("engine") ? message.text("engine", 20) : "kroon";
    if (engine == "kroon") return &pool_;
    if (engine != "other") throw BadRequest{"unknown engine '" + engine + "': kroon or other"};
    if (!config_.other_pool) throw BadRequest{"no other engine: the server was started without --engine"};
    return config_.other_pool;
}

void Tab::search(Task task, int ply, const search::Limits& limits, SearchPool* pool) {
    job_pool_ = pool ? pool : &pool_;
    task_ = task;
    task_ply_ = ply;
    task_running_ = false;
    const std::uint64_t serial = ++serial_;
    SearchJob job;
    job.game = game_at(ply);
    job.limits = limits;
    const auto post = outlet_.post;
    job.on_start = [this, post, serial] { post([this, serial] { on_search_started(serial); }); };
    if (task != Task::Review)
        job.on_iteration = [this, post, serial](const search::Iteration& it) {
            post([this, serial, it] { on_iteration(serial, it); });
        };
    job.on_done = [this, post, serial](const JobResult& result) {
        post([this, serial, result] { on_search_done(serial, result); });
    };
    job_ = job_pool_->submit(std::move(job));
}

void Tab::stop_search(bool quietly) {
    review_next_ = -1;
    if (task_ == Task::None) return;
    job_pool_->stop(job_);
    if (quietly) {
        ++serial_;
        task_ = Task::None;
        job_ = 0;
        task_running_ = false;
    }
}

void Tab::on_search_started(std::uint64_t serial) {
    if (closed_ || serial != serial_) return;
    task_running_ = true;
    send({{"type", "thinking"},
          {"task", task_name(static_cast<int>(task_))},
          {"ply", task_ply_},
          {"engine", job_pool_->engine_name()}});
}

void Tab::on_iteration(std::uint64_t serial, const search::Iteration& it) {
    if (closed_ || serial != serial_) return;
    // The game is as it was when the search began: any change stops it and drops its reports.
    const Position& pos = game_.positions()[static_cast<std::size_t>(task_ply_)];
    const Json score = score_json(it.score, pos.side_to_move());
    if (task_ == Task::Analysis) scores_[static_cast<std::size_t>(node_at(task_ply_))] = score.at("value").get<int>();
    Json info = {{"type", "info"},
                 {"task", task_name(static_cast<int>(task_))},
                 {"ply", task_ply_},
                 {"depth", it.depth},
                 {"seldepth", it.selective_depth},
                 {"score", score},
                 {"nodes", it.nodes},
                 {"seconds", it.seconds},
                 {"nps", it.seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(it.nodes) / it.seconds) : 0},
                 {"tbhits", it.database_hits},
                 {"engine", job_pool_->engine_name()}};
    info.update(line_json(game_.rules(), pos, it.pv));
    info["move"] = it.pv.empty() ? Json(nullptr) : move_json(game_.rules(), pos, it.pv.front());
    // Several lines (an analysis asked for them): each with its score, line and first move.
    Json lines = Json::array();
    for (const search::Line& line : it.lines) {
        if (line.pv.empty()) continue;
        Json entry = {{"score", score_json(line.score, pos.side_to_move())},
                      {"move", move_json(game_.rules(), pos, line.pv.front())}};
        entry.update(line_json(game_.rules(), pos, line.pv));
        lines.push_back(std::move(entry));
    }
    info["lines"] = lines;
    send(info);
}

void Tab::on_search_done(std::uint64_t serial, const JobResult& result) {
    if (closed_ || serial != serial_) return;
    const Task task = task_;
    const int ply = task_ply_;
    task_ = Task::None;
    job_ = 0;
    task_running_ = false;
    const search::Outcome& o = result.outcome;
    const Position pos = game_.positions()[static_cast<std::size_t>(ply)];
    const bool searched = result.started && o.best;
    if (searched) scores_[static_cast<std::size_t>(node_at(ply))] = score_json(o.score, pos.side_to_move()).at("value");
    if (task == Task::Move) {
        if (!searched) {
            send_error("Kroon found no move");
            return send_state();
        }
        const Color side = game_.side_to_move();
        if (!clock_running() || clock_.record_move(side, elapsed())) {
            append_move(*o.best);
            tree_.make_main_line(line_.back());  // Kroon's move goes on with the game: see on_move
            from_book_[static_cast<std::size_t>(line_.back())] = o.from_book;
            turn_started_ = SteadyClock::now();
        } else {
            end_game(Verdict{win_for(~side), Reason::TimeForfeit}, side_title(side) + "'s flag fell");
        }
        return game_changed();
    }
    Json done = {{"type", "done"},
                 {"task", task_name(static_cast<int>(task))},
                 {"ply", ply},
                 {"preempted", result.preempted},
                 {"depth", o.depth},
                 {"nodes", o.nodes},
                 {"seconds", o.seconds},
                 {"tbhits", o.database_hits},
                 {"engine", job_pool_->engine_name()}};
    if (!result.failure.empty()) send_error(result.failure);
    if (searched) {
        done["best"] = move_json(game_.rules(), pos, *o.best);
        done["score"] = score_json(o.score, pos.side_to_move());
    } else {
        done["best"] = nullptr;
    }
    send(done);
    if (task == Task::Review && review_next_ >= 0) return review_next();
    send_state();
}

void Tab::review_next() {
    const int plies = static_cast<int>(game_.moves().size());
    while (review_next_ >= 0 && review_next_ <= plies && game_at(review_next_).is_over()) ++review_next_;
    if (review_next_ < 0 || review_next_ > plies) {
        review_next_ = -1;
        return send_state();
    }
    search::Limits limits;
    limits.move_time = review_seconds_;
    limits.analysis = true;
    search(Task::Review, review_next_++, limits);
}

// --- messages --------------------------------------------------------------------------------

void Tab::send(const Json& message) {
    if (closed_ || !outlet_.send) return;
    const auto& type = message.at("type").get_ref<const std::string&>();
    // Only the latest state and the latest iteration of a search matter to the page.
    const bool superseded = type == "state" || type == "info";
    outlet_.send(dump(message), superseded ? std::string_view(type) : std::string_view());
}

void Tab::send_error(const std::string& message, std::string_view request) { send(error_json(message, request)); }

Json Tab::level_json() const {
    switch (level_.kind) {
        case Level::Kind::Time: return {{"kind", "time"}, {"seconds", level_.seconds}};
        case Level::Kind::Depth: return {{"kind", "depth"}, {"depth", level_.depth}};
        case Level::Kind::Clock: return {{"kind", "clock"}, {"control", format_time_control(level_.control)}};
    }
    return nullptr;
}

Json Tab::clock_json() const {
    if (clock_.unlimited()) return nullptr;
    const bool running = clock_running();
    const Color side = game_.side_to_move();
    Json clock = {{"control", format_time_control(clock_.control())}};
    for (const Color c : {Color::White, Color::Black}) {
        double left = clock_.remaining(c);
        if (running && c == side) left -= elapsed();
        clock[color_name(c)] = std::max(0.0, left);
    }
    clock["running"] = running ? Json(color_name(side)) : Json(nullptr);
    return clock;
}

// The opening explorer: the book's moves of the position shown, best first.
Json Tab::book_json(const Position& pos) const {
    Json moves = Json::array();
    const auto book = play::chosen_book(config_.book_option, game_.variant(), config_.book_file);
    if (!book) return moves;
    for (const play::BookChoice& choice : play::book_moves(*book, game_.rules(), pos))
        moves.push_back({{"move", move_json(game_.rules(), pos, choice.move)},
                         {"score", score_json(choice.score, pos.side_to_move())},
                         {"depth", choice.depth},
                         {"visits", choice.visits}});
    return moves;
}

void Tab::send_state() {
    const Rulebook& rules = game_.rules();
    const int plies = static_cast<int>(game_.moves().size());
    const int ply = view_ply();
    const Position& pos = game_.positions()[static_cast<std::size_t>(ply)];

    MoveList legal;
    rules.generate_moves(pos, legal);
    const bool at_end = ply == plies;
    const bool kroons_turn = game_on() && kroon_ && pos.side_to_move() == *kroon_;
    const bool may_move = !(at_end && game_.is_over()) && !kroons_turn && !legal.empty();
    Json moves = Json::array();
    if (may_move) {
        const auto paths =
            !legal.empty() && legal[0].is_capture() ? rules.capture_paths(pos) : std::vector<CapturePath>{};
        for (const Move& m : legal) moves.push_back(move_json(rules, pos, m, &paths));
    }
    Json scores = Json::array();
    for (const int node : line_) {
        const auto& s = scores_[static_cast<std::size_t>(node)];
        scores.push_back(s ? Json(*s) : Json(nullptr));
    }

    Json state = {{"type", "state"},
                  {"variant", std::string(rules.name())},
                  {"board", board_json(rules)},
                  {"pieces", pieces_text(rules, pos)},
                  {"side", color_name(pos.side_to_move())},
                  {"fen", rules.format_fen(pos)},
                  {"start_fen", rules.format_fen(game_.start())},
                  {"ply", ply},
                  {"plies", plies},
                  {"moves", moves},
                  {"capture", !legal.empty() && legal[0].is_capture()},
                  {"history", history_json(game_)},
                  {"scores", scores},
                  {"kroon", kroon_ ? color_name(*kroon_) : "none"},
                  {"level", level_json()},
                  {"clock", clock_json()},
                  {"players", {{"white", header_.white}, {"black", header_.black}}},
                  {"over", game_.is_over()},
                  {"result", result_text(game_.verdict().result, rules.scoring())}};
    state["last"] = ply > 0 ? move_json(rules, game_.positions()[static_cast<std::size_t>(ply - 1)],
                                        game_.moves()[static_cast<std::size_t>(ply - 1)])
                            : Json(nullptr);
    state["termination"] = game_.is_over() ? Json(game_.termination()) : Json(nullptr);
    state["book"] = book_json(pos);
    Json book_plies = Json::array();
    for (std::size_t i = 1; i < line_.size(); ++i)
        if (from_book_[static_cast<std::size_t>(line_[i])]) book_plies.push_back(i);
    state["book_plies"] = book_plies;
    state["tree"] = tree_json(rules, game_.start(), tree_);
    Json tags = Json::array();
    for (const PdnTag& tag : record_tags_) tags.push_back({{"name", tag.name}, {"value", tag.value}});
    state["tags"] = tags;
    state["line"] = line_;
    state["node"] = node_at(ply);
    state["engine"] =
        task_ == Task::None
            ? Json(nullptr)
            : Json{{"task", task_name(static_cast<int>(task_))}, {"ply", task_ply_}, {"queued", !task_running_}};
    send(state);
}

}  // namespace kroon::web
