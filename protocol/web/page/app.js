// Kroon's page: one connection to Kroon (transport.js: the server's WebSocket, or the static
// site's worker; the messages of docs/web.md), the board
// (board.js), the game's controls, the analysis, the move list, the score graph, setting up
// positions and PDN files. Everything about the rules comes from the server.
import { Board } from './board.js';
import { clockText, readComment, startingTime, writeComment } from './pdn_comments.js';
import { expectedShare, isFoundWin, judgementOf, judgements, shareLost } from './score_scale.js';
import { openTransport } from './transport.js';

const $ = (id) => document.getElementById(id);

let connection = null;
let state = null;
let variants = [];
let flipped = false;
let analysing = false;      // the player asked for analysis until Stop
let lastInfo = null;        // the latest info message of a search, with the node it searched
let stateReceived = 0;      // when the state (and its clock) arrived
let setup = null;           // the position being set up: {pieces, side}, or null
let setupPiece = 'w';
let reconnectDelay = 500;
let restorePending = false;  // the first state of a connection: the kept game goes back first
let reviewBest = [];         // per position, the best move Score the game found there

const board = new Board($('board'), $('chooser'), {
  onMove: (move) => {
    board.setHint(null);
    send({ type: 'move', move: move.id, ply: state.ply });
  },
  // A mark drawn with the right button goes into the comment of the move shown ([%cal] and
  // [%csl]), so the PDN keeps it; the same mark again takes it away.
  onMark: (mark) => {
    if (!state) return;
    const comment = state.tree[state.node].comment;
    const { arrows, circles } = readComment(comment);
    const list = 'square' in mark ? circles : arrows;
    const i = list.findIndex((m) => m.from === mark.from && m.to === mark.to && m.square === mark.square);
    if (i >= 0 && list[i].colour === mark.colour) list.splice(i, 1);
    else if (i >= 0) list[i] = mark;
    else list.push(mark);
    const text = writeComment(comment, { arrows, circles });
    send({ type: 'comment', node: state.node, text });
    // The next mark, drawn before the server's answer, adds to this one.
    state.tree[state.node].comment = text;
  },
  onSquare: (n) => {
    if (!setup) return;
    const p = setup.pieces.split('');
    p[n - 1] = p[n - 1] === setupPiece ? '.' : setupPiece;
    setup.pieces = p.join('');
    drawBoard();
  },
});

// --- the connection ------------------------------------------------------------------------

function connect() {
  connection = openTransport({
    onOpen: () => {
      reconnectDelay = 500;
      $('connection').textContent = 'connected';
      $('connection').classList.remove('down');
    },
    onMessage: (text) => {
      let message;
      try { message = JSON.parse(text); } catch { return; }
      receive(message);
    },
    onClose: () => {
      $('connection').textContent = 'disconnected: reconnecting…';
      $('connection').classList.add('down');
      setTimeout(connect, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 8000);
    },
  });
}

function send(message) {
  if (connection && connection.open()) connection.send(JSON.stringify(message));
}

function say(text, kind = 'error') {
  const m = $('message');
  m.textContent = text;
  m.className = kind;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { m.textContent = ''; }, 8000);
}

function receive(m) {
  switch (m.type) {
    case 'welcome':
      restorePending = true;
      variants = m.variants;
      // Another engine beside Kroon (kroon serve --engine): a choice for analyses and hints.
      if (m.engines && m.engines.length > 1) {
        const chosen = storedJson(settingsKey)?.engine || $('analysis-engine').value;
        $('analysis-engine').replaceChildren(...m.engines.map((e) => {
          const o = document.createElement('option');
          o.value = e.id;
          o.textContent = e.name;
          return o;
        }));
        if (m.engines.some((e) => e.id === chosen)) $('analysis-engine').value = chosen;
        $('engine-choice').hidden = false;
      }
      // The strengths below full, strongest first (the last step is full strength itself).
      if (m.strengths) {
        const kept = storedJson(settingsKey)?.levelElo || $('level-elo').value;
        $('level-elo').replaceChildren(...['', ...m.strengths.slice(0, -1).reverse()].map((elo) => {
          const o = document.createElement('option');
          o.value = elo;
          o.textContent = elo ? `Elo ${elo}` : 'full';
          return o;
        }));
        $('level-elo').value = kept;
      }
      $('variant').replaceChildren(...variants.map((v) => {
        const o = document.createElement('option');
        o.value = v.name;
        o.textContent = `${v.name} (${v.rows}x${v.rows})`;
        return o;
      }));
      break;
    case 'state': onState(m); break;
    case 'thinking': showThinking(m); break;
    case 'info': onInfo(m); break;
    case 'done': onDone(m); break;
    case 'draw': say(m.message, m.accepted ? 'info' : 'error'); break;
    case 'pdn_games': onPdnGames(m); break;
    case 'pdn': download(m.filename, m.text); break;
    case 'error': say(m.message); break;
    default: break;
  }
}

// --- the state -----------------------------------------------------------------------------

// --- work kept in the browser: the game survives a reload and a restarted server -----------

// The game is the tab's own (sessionStorage: a reload keeps it, another tab has its own); the
// settings are shared by every tab (localStorage).
const gameKey = 'kroon.game';
const settingsKey = 'kroon.settings';

function storedJson(key, storage = localStorage) {
  try { return JSON.parse(storage.getItem(key) || 'null'); } catch { return null; }
}
function store(key, value, storage = localStorage) {
  try { storage.setItem(key, JSON.stringify(value)); } catch { /* storage full or off */ }
}

// The game kept before it was the tab's own went to every tab: the first tab takes it over.
function takeOverSharedGame() {
  try {
    const shared = localStorage.getItem(gameKey);
    if (shared === null) return;
    localStorage.removeItem(gameKey);
    if (sessionStorage.getItem(gameKey) === null) sessionStorage.setItem(gameKey, shared);
  } catch { /* storage off */ }
}

// The tree in its own order: a node's children as the tree has them (the first continues the
// line), every parent before its children, so that the restored tree has the same main line
// and variations in the same order, whatever order its nodes were made in.
function keptGame(s) {
  const tree = [];
  const entry = new Map();
  for (const stack = [[0, 0]]; stack.length;) {
    const [n, parent] = stack.pop();
    const node = s.tree[n];
    entry.set(n, tree.length);
    tree.push(node.parent < 0 ? { parent: 0, comment: node.comment }
      : { parent, move: node.id, marks: node.marks, nags: node.nags, comment: node.comment, comment_before: node.comment_before });
    for (let i = node.children.length - 1; i >= 0; --i) stack.push([node.children[i], entry.get(n)]);
  }
  return { variant: s.variant, fen: s.start_fen, tree, node: entry.get(s.node) ?? 0, tags: s.tags, kroon: s.kroon, level: s.level };
}

// On a new connection the server starts a fresh game: send the kept one back unless that is it.
function restoreKeptGame(s) {
  const kept = storedJson(gameKey, sessionStorage);
  if (!kept || !(Array.isArray(kept.tree) || Array.isArray(kept.moves))) return false;
  const fresh = keptGame(s);
  const empty = Array.isArray(kept.tree) ? kept.tree.length <= 1 && !kept.tree[0]?.comment : kept.moves.length === 0;
  if (kept.variant === fresh.variant && kept.fen === fresh.fen && empty) return false;
  send({ type: 'restore', ...kept });
  return true;
}

function saveSettings() {
  store(settingsKey, {
    levelKind: $('level-kind').value, levelValue: $('level-value').value, levelElo: $('level-elo').value, kroonSide: $('kroon-side').value,
    lines: $('analysis-lines').value, engine: $('analysis-engine').value,
    flipped, numbers: $('numbers').checked,
  });
}

function loadSettings() {
  const kept = storedJson(settingsKey);
  if (!kept) return;
  if (kept.levelKind) $('level-kind').value = kept.levelKind;
  if (kept.levelValue) $('level-value').value = kept.levelValue;
  if (kept.kroonSide) $('kroon-side').value = kept.kroonSide;
  if (kept.lines) $('analysis-lines').value = kept.lines;
  if (kept.flipped) { flipped = true; board.setFlipped(true); }
  if (kept.numbers) { $('numbers').checked = true; board.setNumbers(true); }
}

function onState(s) {
  if (restorePending) {
    restorePending = false;
    if (restoreKeptGame(s)) return;
  }
  store(gameKey, keptGame(s), sessionStorage);
  const newPosition = !state || state.fen !== s.fen || state.ply !== s.ply;
  const newGame = !state || state.variant !== s.variant || state.start_fen !== s.start_fen ||
    s.plies < state.plies - 2 || (s.plies === 0 && state.plies > 0);
  // The engine panel shows nothing of another game (reports after a new game are the new game's).
  if (newGame) lastInfo = null;
  if (newGame) reviewBest = [];
  // The review's best moves belong to the line they were found on, as far as it is still shown.
  if (state && !newGame) {
    let same = 0;
    while (same < s.line.length && same < state.line.length && s.line[same] === state.line[same]) same++;
    if (reviewBest.length > same) reviewBest.length = same;
  }
  state = s;
  stateReceived = performance.now();
  recorded = readRecord(s);
  if (newPosition) board.setHint(null);
  $('variant-title').textContent = s.variant;
  $('variant').value = s.variant;
  board.setMarks(setup ? null : readComment(s.tree[s.node].comment));
  if (!setup) drawBoard();
  $('fen-input').value = s.fen;
  drawPlayers();
  drawStatus();
  drawMoveList();
  drawBook();
  drawGraph();
  drawEnginePanel();
  drawButtons();
  // Analysis goes on from position to position until Stop, in a game after Kroon's move too.
  if (analysing && !s.engine && !positionOver(s)) send(analyseRequest());
}

function positionOver(s) { return s.ply === s.plies && s.over; }

function drawBoard() {
  if (!state) return;
  const algebraic = state.board.notation === 'algebraic';
  $('numbers-label').textContent = algebraic ? 'Coordinates' : 'Numbers';
  if (setup) board.show(state, { pieces: setup.pieces, moves: [], setup: true });
  else board.show(state);
}

function sideName(side) { return side === 'white' ? 'White' : 'Black'; }

function drawPlayers() {
  const bottom = flipped ? 'black' : 'white';
  const top = flipped ? 'white' : 'black';
  $('top-name').textContent = `${sideName(top)}: ${state.players[top]}`;
  $('bottom-name').textContent = `${sideName(bottom)}: ${state.players[bottom]}`;
  drawClocks();
}

// A recorded game's clocks and scores (a match record's [%clk] and [%eval]) along the line
// shown, read once per state: `clocks[p]` each side's clock at ply p (null before any), `evals[p]`
// the score written after the move that led to ply p.
let recorded = { clocks: [], evals: [], any: false };

function readRecord(s) {
  const start = startingTime((s.tags.find((t) => t.name === 'TimeControl') || {}).value);
  const left = { white: start, black: start };
  const clocks = [{ ...left }];
  const evals = [null];
  let any = false;
  for (let p = 1; p < s.line.length; ++p) {
    const node = s.tree[s.line[p]];
    const noted = readComment(node.comment);
    if (noted.clock !== null) {
      left[node.side] = noted.clock;
      any = true;
    }
    clocks.push({ ...left });
    evals.push(noted.eval);
  }
  return { clocks, evals, any };
}

// The clocks of a game against Kroon run on the server; a recorded game shows the clocks it
// recorded at the position shown.
function drawClocks() {
  const clock = state && state.clock;
  const kept = !clock && state && recorded.any ? recorded.clocks[state.ply] : null;
  for (const [slot, side] of [['top', flipped ? 'white' : 'black'], ['bottom', flipped ? 'black' : 'white']]) {
    const node = $(`${slot}-clock`);
    if (kept) {
      node.textContent = kept[side] === null ? '' : clockText(kept[side]);
      node.className = 'clock recorded';
      continue;
    }
    if (!clock) { node.textContent = ''; node.className = 'clock'; continue; }
    let left = clock[side];
    const running = clock.running === side;
    if (running) left -= (performance.now() - stateReceived) / 1000;
    node.textContent = clockText(left);
    node.className = 'clock' + (running ? ' running' : '') + (left < 10 ? ' low' : '');
  }
}
setInterval(drawClocks, 100);

// One line under the board, so that the buttons under it never move: the status, or at the end
// of a finished game its result; cut with an ellipsis where it is too long, whole in its tooltip.
function drawStatus() {
  const s = state;
  const status = $('status');
  status.className = '';
  const mainLine = s.line.every((n) => isFirstChild(n));
  const atEnd = s.ply === s.plies;
  let text;
  if (!atEnd) {
    const inGame = s.kroon !== 'none' && !s.over && mainLine;
    text = `Move ${s.ply} of ${s.plies}: ${sideName(s.side)} to move; a move here ` +
      (inGame ? 'continues the game (the moves it replaces stay as a variation)' : 'starts a variation');
  } else if (s.over) {
    text = 'Game over';
  } else if (s.engine && s.engine.task === 'move') {
    text = s.engine.queued ? 'Kroon waits for a free search thread…' : `Kroon is thinking for ${sideName(s.side)}…`;
  } else {
    text = `${sideName(s.side)} to move`;
    // Kroon plays the game's own line; in a variation the player moves both sides.
    if (s.kroon !== 'none' && mainLine) text = s.side === s.kroon ? `${sideName(s.side)} (Kroon) to move` : `Your move (${sideName(s.side)})`;
    if (s.kroon !== 'none' && !mainLine) text += ' (a variation: you move both sides)';
    if (s.capture && s.moves.length) {
      text += ': capture is compulsory';
      status.className = 'capture';
    }
  }
  status.textContent = text;
  status.title = text;
  const result = $('result');
  result.hidden = !(s.over && atEnd);
  status.hidden = !result.hidden;
  if (s.over) result.textContent = result.title = `${s.result}  ${s.termination}`;
}

function drawButtons() {
  const s = state;
  const thinkingMove = s.engine && s.engine.task === 'move';
  $('takeback').disabled = s.plies === 0;
  $('hint').disabled = thinkingMove || (s.ply === s.plies && s.over);
  $('kroon-move').disabled = s.over || s.ply < s.plies || thinkingMove || s.kroon === s.side;
  $('resign').disabled = s.over;
  if (s.over && resignArmed) disarmResign();
  $('draw').disabled = s.over;
  $('analyse').disabled = thinkingMove || (s.ply === s.plies && s.over);
  $('stop').disabled = !s.engine;
  $('play-pv').disabled = !(infoShown() && lastInfo.task === 'analysis' && lastInfo.ply === s.ply && lastInfo.pv_ids.length);
  $('review').disabled = thinkingMove;
  $('nav-first').disabled = s.ply === 0;
  $('nav-prev').disabled = s.ply === 0;
  $('nav-next').disabled = s.ply === s.plies;
  $('nav-last').disabled = s.ply === s.plies;
}

// The move list is the game's tree: the line shown in full, each variation after the move it
// replaces, comments and glyphs where the PDN had them. A click shows a move's position.
// Glyphs the fonts of every system have (⩲ and ⩱, the usual signs of $14 and $15, are in few).
const nagGlyphs = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '+=', 15: '=+', 16: '±', 17: '∓', 18: '+−', 19: '−+' };

// Scrolls `box` alone so that `item` shows in it: Element.scrollIntoView would scroll the page
// too, and pull it away from whatever panel the user is reading whenever a move arrives.
function scrollWithin(box, item) {
  const inner = item.getBoundingClientRect();
  const outer = box.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}

function drawMoveList() {
  const list = $('move-list');
  list.replaceChildren();
  const tree = state.tree;
  const plyOf = new Map(state.line.map((node, ply) => [node, ply]));
  // A move with its number, marks and comments; a blank after each, where a line may wrap
  // (never inside a move: .move does not wrap).
  const moveSpan = (n, numbered) => {
    const node = tree[n];
    const parts = [];
    if (node.comment_before) parts.push(commentSpan(node.comment_before), ' ');
    if (node.side === firstSide() || numbered) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = node.side === firstSide() ? `${node.number}.` : `${node.number}...`;
      parts.push(num);
    }
    const span = document.createElement('span');
    const ply = plyOf.get(n);
    const fromBook = ply !== undefined && (state.book_plies || []).includes(ply);
    span.className = 'move' + (n === state.node ? ' current' : '') + (ply !== undefined ? ' shown' : '') +
      (fromBook ? ' book' : '');
    span.dataset.node = n;
    if (ply !== undefined) span.dataset.ply = ply;
    span.textContent = node.text + node.marks + node.nags.map((g) => nagGlyphs[g] || ` $${g}`).join('');
    const titles = [];
    if (fromBook) titles.push('Kroon played this from its opening book');
    // What a match record says of the move: the mover's clock, the time it took, the score.
    const noted = readComment(node.comment);
    if (noted.clock !== null) titles.push(`clock ${clockText(noted.clock)}`);
    if (noted.moveTime !== null) titles.push(`took ${clockText(noted.moveTime)}`);
    if (noted.eval !== null) titles.push(`score ${scoreText(noted.eval)}${noted.depth ? ` (depth ${noted.depth})` : ''}`);
    const judged = ply !== undefined ? judgeMove(ply - 1) : null;
    if (judged) {
      span.classList.add(judged.label);
      span.textContent += judged.glyph;
      titles.unshift(`${judged.label}: ${scoreText(judged.before)} to ${scoreText(judged.after)}, ${Math.round(judged.lost * 100)} % of the points lost; better ${judged.better}`);
    }
    if (titles.length) span.title = titles.join('; ');
    span.addEventListener('click', () => send({ type: 'goto', node: n }));
    parts.push(span, ' ');
    if (noted.text) parts.push(commentSpan(noted.text), ' ');
    return parts;
  };
  // The line after `parent` into `box`; each variation becomes a block of its own in it.
  const drawLine = (box, parent, numbered) => {
    let flow = document.createElement('div');
    flow.className = 'flow';
    box.appendChild(flow);
    for (let n = parent; tree[n].children.length;) {
      const [main, ...others] = tree[n].children;
      flow.append(...moveSpan(main, numbered));
      for (const v of others) {
        const variation = document.createElement('div');
        variation.className = 'variation';
        const first = document.createElement('div');
        first.className = 'flow';
        first.append(...moveSpan(v, true));
        variation.appendChild(first);
        drawLine(variation, v, false);
        box.appendChild(variation);
      }
      if (others.length) {
        flow = document.createElement('div');
        flow.className = 'flow';
        box.appendChild(flow);
      }
      numbered = others.length > 0;
      n = main;
    }
  };
  const opening = readComment(tree[0].comment).text;
  if (opening) list.appendChild(commentSpan(opening));
  drawLine(list, 0, false);
  // The game's result after its last move, as in its PDN.
  if (state.over && state.line.every((n) => isFirstChild(n)) && list.lastElementChild) {
    const token = document.createElement('span');
    token.className = 'result-token';
    token.textContent = state.result;
    list.lastElementChild.append(token);
  }
  const current = list.querySelector('.current');
  if (current) scrollWithin(list, current);
  // The comment's text is edited; the commands in it (clocks, scores, drawn shapes) stay.
  if (document.activeElement !== $('comment-input')) $('comment-input').value = readComment(tree[state.node].comment).text;
  for (const b of $('mark-buttons').querySelectorAll('button')) {
    b.disabled = state.node === 0;
    b.classList.toggle('selected', state.node !== 0 && tree[state.node].marks === b.dataset.marks);
  }
  $('tree-promote').disabled = state.node === 0 || state.line.every((n) => isFirstChild(n));
  $('tree-delete').disabled = state.node === 0;
  drawReviewSummary();
}

function isFirstChild(n) {
  const parent = state.tree[n].parent;
  return parent < 0 || state.tree[parent].children[0] === n;
}

function commentSpan(text) {
  const span = document.createElement('span');
  span.className = 'comment';
  span.textContent = text;
  return span;
}

// The opening explorer: the book's moves of the position shown; one of them is played by a
// click where the player may move.
function drawBook() {
  const rows = (state.book || []).map((b, i) => {
    const tr = document.createElement('tr');
    const playable = state.moves.some((m) => m.id === b.move.id);
    tr.className = (i === 0 ? 'best' : '') + (playable ? ' playable' : '');
    tr.dataset.move = b.move.id;
    for (const text of [b.move.text, b.score.text, String(b.depth), String(b.visits)]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    if (playable) tr.addEventListener('click', () => send({ type: 'move', move: b.move.id, ply: state.ply }));
    return tr;
  });
  $('book-moves').tBodies[0].replaceChildren(...rows);
  $('book-moves').hidden = rows.length === 0;
  $('book-empty').hidden = rows.length > 0;
}

// --- game review ------------------------------------------------------------------------------

// A move the review scored on both sides, judged by the share of the points it lost for its side
// (score_scale.js); the review's own best move is never judged.
function judgeMove(i) {
  const s = state.scores;
  const best = reviewBest[i];
  if (!best || i + 1 >= s.length || s[i] == null || s[i + 1] == null) return null;
  if (best.id === state.history[i].id) return null;
  const lost = shareLost(s[i], s[i + 1], state.history[i].side);
  const found = judgementOf(lost);
  return found ? { label: found.label, glyph: found.glyph, lost, before: s[i], after: s[i + 1], better: best.text } : null;
}

function drawReviewSummary() {
  const counts = { white: {}, black: {} };
  let any = false;
  state.history.forEach((h, i) => {
    const j = judgeMove(i);
    if (j) { counts[h.side][j.label] = (counts[h.side][j.label] || 0) + 1; any = true; }
  });
  const side = (c) => judgements.map(({ label, plural }) => `${c[label] || 0} ${(c[label] || 0) === 1 ? label : plural}`).join(', ');
  $('review-summary').textContent = any || reviewBest.length ? `White: ${side(counts.white)} · Black: ${side(counts.black)}` : '';
}

function firstSide() {
  const v = variants.find((x) => x.name === state.variant);
  return v ? v.first : 'white';
}

// --- the score graph: White's expected share of the points (score_scale.js), 0 to 1 ----------

function graphValue(v) {
  if (v === null || v === undefined) return null;
  return expectedShare(v);
}

// Kroon's scores (its moves, analyses, the review) as a line over a shaded area; a recorded
// game's own scores (a match record's [%eval]) as a line for each side's engine.
function drawGraph() {
  const g = $('graph');
  g.replaceChildren();
  const ns = 'http://www.w3.org/2000/svg';
  const n = Math.max(state.scores.length - 1, 1);
  const x = (i) => (i / n) * 300;
  const y = (share) => 96 - share * 92;
  const draw = (name, attributes) => {
    const e = document.createElementNS(ns, name);
    Object.entries(attributes).forEach(([k, v]) => e.setAttribute(k, v));
    g.appendChild(e);
  };
  draw('line', { x1: 0, x2: 300, y1: 50, y2: 50, class: 'graph-zero' });
  const pointsOf = (values) => {
    const points = [];
    values.forEach((v, i) => {
      const value = graphValue(v);
      if (value !== null) points.push(`${x(i).toFixed(1)},${y(value).toFixed(1)}`);
    });
    return points;
  };
  const own = pointsOf(state.scores);
  // Each engine's scores a line of its own: the two seldom agree, and one line through both
  // would zigzag between them.
  const keptBy = (side) => pointsOf(recorded.evals.map((v, p) =>
    (p > 0 && state.tree[state.line[p]].side === side ? v : null)));
  const keptWhite = keptBy('white');
  const keptBlack = keptBy('black');
  const kept = pointsOf(recorded.evals);
  if (own.length) {
    const first = own[0].split(',')[0];
    const last = own[own.length - 1].split(',')[0];
    draw('polygon', { points: `${first},50 ${own.join(' ')} ${last},50`, class: 'graph-white' });
  }
  if (keptWhite.length) draw('polyline', { points: keptWhite.join(' '), class: 'graph-record white' });
  if (keptBlack.length) draw('polyline', { points: keptBlack.join(' '), class: 'graph-record black' });
  $('graph-legend').hidden = kept.length === 0;
  if (kept.length) {
    $('legend-white').textContent = state.players.white;
    $('legend-black').textContent = state.players.black;
  }
  if (own.length) draw('polyline', { points: own.join(' '), class: 'graph-line' });
  draw('line', { x1: x(state.ply), x2: x(state.ply), y1: 0, y2: 100, class: 'graph-now' });
  g.dataset.points = own.length;
  g.dataset.recorded = kept.length;
}

$('graph').addEventListener('click', (e) => {
  if (!state) return;
  const box = $('graph').getBoundingClientRect();
  const ply = Math.round(((e.clientX - box.left) / box.width) * Math.max(state.plies, 1));
  send({ type: 'goto', ply: Math.max(0, Math.min(state.plies, ply)) });
});

// --- the engine ----------------------------------------------------------------------------

// White's share of the bar: its expected share of the points (score_scale.js), all of it for a
// won position (a database or a found win).
function drawEvalBar(value) {
  const bar = $('eval-bar');
  if (value === null || value === undefined) {
    $('eval-white').style.width = '50%';
    bar.dataset.value = '';
    return;
  }
  const share = 100 * expectedShare(value);
  $('eval-white').style.width = `${share.toFixed(1)}%`;
  bar.dataset.value = value;
}

// Does the latest report describe the position shown? The one it searched, or, for Kroon's
// own move, the position that move led to (so its score stays beside the board after it).
function infoShown() {
  if (!lastInfo || !state || state.line[lastInfo.ply] !== lastInfo.node) return false;
  return lastInfo.ply === state.ply || (lastInfo.task === 'move' && lastInfo.ply === state.ply - 1);
}

// White's view of a score in hundredths of a man, as the server writes it.
function scoreText(value) {
  if (isFoundWin(value)) return value > 0 ? 'White wins' : 'Black wins';
  return `${value > 0 ? '+' : ''}${(value / 100).toFixed(2)}`;
}

const waitingFor = { move: 'Kroon', hint: 'The hint', analysis: 'The analysis' };

// The engine panel, the evaluation bar and the engine's arrows always show the position shown:
// the latest report when it is about that position, else the last score known there.
function drawEnginePanel() {
  const s = state;
  if (!s) return;
  const engine = s.engine && s.engine.task !== 'review' ? s.engine : null;
  const info = infoShown() ? lastInfo : null;
  const pv = $('info-pv');
  $('engine-info').dataset.task = info ? info.task : engine ? engine.task : '';
  if (info) {
    $('info-depth').textContent = `${info.depth}/${info.seldepth}`;
    $('info-score').textContent = info.score.text;
    $('info-nodes').textContent = info.nodes.toLocaleString('en');
    drawEvalBar(info.score.value);
    const lines = info.lines && info.lines.length > 1 ? info.lines : null;
    board.setArrows(info.task === 'move' || info.ply !== s.ply ? [] : lines ? lines.map((l) => l.move) : [info.move]);
    if (info.best) {
      pv.textContent = `best ${info.best.text} (${info.bestScore.text}) · ${info.pv.join(' ')}`;
    } else if (lines) {
      // One row per line, best first: its score and its moves.
      pv.replaceChildren(...lines.map((l) => {
        const row = document.createElement('div');
        row.className = 'line';
        const score = document.createElement('span');
        score.className = 'line-score';
        score.textContent = l.score.text;
        row.append(score, ` ${l.pv.join(' ')}`);
        return row;
      }));
    } else {
      pv.textContent = (info.task === 'move' ? 'Kroon: ' : '') + info.pv.join(' ');
    }
    if (info.engine && info.task !== 'move' && !info.best && !$('engine-choice').hidden) {
      const who = document.createElement('div');
      who.className = 'engine-name';
      who.textContent = info.engine;
      pv.prepend(who);
    }
  } else {
    const known = s.scores[s.ply] ?? recorded.evals[s.ply];
    $('info-depth').textContent = '–';
    $('info-score').textContent = known === null || known === undefined ? '–' : scoreText(known);
    $('info-nodes').textContent = '–';
    drawEvalBar(known);
    board.setArrows([]);
    pv.textContent = engine && engine.ply === s.ply && engine.task !== 'move' ? 'thinking…' : '';
    if (engine && engine.task === 'move') pv.textContent = 'Kroon is thinking…';
  }
  // A search that waits for a thread says so at once (another tab's search may hold it).
  if (engine && engine.queued) pv.textContent = `${waitingFor[engine.task]} waits for a free search thread…`;
}

function showThinking(m) {
  if (state && state.engine) state.engine.queued = false;
  if (m.task !== 'review') lastInfo = null;
  if (state) {
    drawStatus();
    drawEnginePanel();
  }
}

function onInfo(m) {
  if (m.task === 'review' || !state) return;
  lastInfo = { ...m, node: state.line[m.ply] };
  if (m.task === 'analysis' && m.ply < state.scores.length) {
    state.scores[m.ply] = m.score.value;
    drawGraph();
  }
  drawEnginePanel();
  drawButtons();
}

function onDone(m) {
  if (state && state.engine && state.engine.task === m.task) state.engine = null;
  if (m.task === 'hint') {
    if (m.best) {
      board.setHint(m.best);
      const who = m.engine && m.engine !== 'Kroon' ? ` from ${m.engine}` : '';
      say(`Hint${who}: ${m.best.text} (${m.score.text})`, 'info');
    }
    drawEnginePanel();
    return;
  }
  if (m.task === 'analysis') {
    if (m.preempted) {
      analysing = false;
      say('Analysis ended: another tab needed the search thread.', 'info');
    }
    if (m.best && state) {
      if (!lastInfo || lastInfo.ply !== m.ply) {
        lastInfo = { task: 'analysis', ply: m.ply, node: state.line[m.ply], depth: m.depth, seldepth: m.depth,
          score: m.score, nodes: m.nodes, pv: [m.best.text], pv_ids: [m.best.id], move: m.best, lines: [], engine: m.engine };
      }
      lastInfo.best = m.best;
      lastInfo.bestScore = m.score;
    }
    drawEnginePanel();
  }
  if (m.task === 'review' && state && m.score && m.ply < state.scores.length) {
    state.scores[m.ply] = m.score.value;
    if (m.best) reviewBest[m.ply] = m.best;
    drawGraph();
    drawMoveList();
  }
}

// --- files ---------------------------------------------------------------------------------

function download(name, text) {
  const blob = new Blob([text], { type: 'application/x-pdn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  $('pdn-games').dataset.saved = text;
}

function onPdnGames(m) {
  const list = $('pdn-games');
  list.replaceChildren();
  if (m.errors.length) say(`${m.error_count} game(s) could not be read: ${m.errors[0]}`);
  else if (m.notes && m.notes.length) say(`read with ${m.note_count} part(s) left out: ${m.notes[0]}`, 'info');
  if (!m.games.length) { say('no game found in the file'); return; }
  for (const g of m.games) {
    const b = document.createElement('button');
    b.className = 'game';
    b.dataset.index = g.index;
    const variant = g.variant_guessed ? `${g.variant}, no GameType tag` : g.variant;
    b.textContent = `${g.index + 1}. ${g.white} – ${g.black}  ${g.result}  (${g.moves} moves, ${variant}${g.event !== '?' ? ', ' + g.event : ''})`;
    b.addEventListener('click', () => send({ type: 'open_game', index: g.index }));
    list.appendChild(b);
  }
  if (m.games.length === 1) send({ type: 'open_game', index: 0 });
}

$('pdn-file').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const text = await file.text();
  send({ type: 'load_pdn', text });
  e.target.value = '';
});
$('pdn-save').addEventListener('click', () => send({ type: 'save_pdn' }));
$('pdn-read').addEventListener('click', () => {
  const text = $('pdn-text').value;
  if (text.trim()) send({ type: 'load_pdn', text });
});

// Editing the tree: the move shown is promoted, deleted (with what follows it) or commented.
$('tree-promote').addEventListener('click', () => send({ type: 'promote', node: state.node }));
// A mark for the move shown from the buttons under the list; its own mark again takes it away.
$('mark-buttons').addEventListener('click', (e) => {
  const b = e.target.closest('button');
  if (!b || !state || state.node === 0) return;
  const marks = state.tree[state.node].marks === b.dataset.marks ? '' : b.dataset.marks;
  send({ type: 'mark', node: state.node, marks });
});
$('tree-delete').addEventListener('click', () => send({ type: 'delete', node: state.node }));
$('comment-input').addEventListener('change', () => send({
  type: 'comment', node: state.node, text: writeComment(state.tree[state.node].comment, { text: $('comment-input').value }),
}));

// --- controls ------------------------------------------------------------------------------

// The level box as a level message, or null after saying what is wrong with it. A decimal
// comma is read as a point; a clock given as a bare number is minutes (5 is 5m).
function readLevel() {
  const kind = $('level-kind').value;
  const value = $('level-value').value.trim().replace(',', '.');
  const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  // Below full strength the level carries its Elo (the server's steps, from the welcome).
  const elo = $('level-elo').value ? { elo: Number($('level-elo').value) } : {};
  if (kind === 'time') {
    if (!(number >= 0.05 && number <= 3600)) return say(`"${value}": give the seconds per move, from 0.05 to 3600`), null;
    return { kind, seconds: number, ...elo };
  }
  if (kind === 'depth') {
    if (!(Number.isInteger(number) && number >= 1 && number <= 60)) return say(`"${value}": give a depth from 1 to 60 plies`), null;
    return { kind, depth: number, ...elo };
  }
  return { kind, control: Number.isNaN(number) ? value : `${value}m`, ...elo };
}

const levelHelp = { time: 'seconds per move', depth: 'search depth (plies)', clock: 'e.g. 5m+2: 5 minutes, 2 s a move (5 alone: 5 minutes)' };
const levelDefault = { time: '1', depth: '8', clock: '5m+2' };
$('level-kind').addEventListener('change', () => {
  const kind = $('level-kind').value;
  $('level-help').textContent = levelHelp[kind];
  $('level-value').value = levelDefault[kind];
});

$('new-game').addEventListener('click', () => {
  const level = readLevel();
  if (!level) return;
  analysing = false;
  send({ type: 'new', variant: $('variant').value, kroon: $('kroon-side').value, level });
});
$('apply-level').addEventListener('click', () => {
  const level = readLevel();
  if (level) send({ type: 'level', level });
});
$('takeback').addEventListener('click', () => send({ type: 'takeback' }));
$('hint').addEventListener('click', () => send({ type: 'hint', engine: $('analysis-engine').value }));
// Resigning takes a second click within a few seconds: a click by mistake loses nothing.
let resignArmed = null;
function disarmResign() {
  clearTimeout(resignArmed);
  resignArmed = null;
  $('resign').textContent = 'Resign';
  $('resign').classList.remove('confirm');
}
$('resign').addEventListener('click', () => {
  if (resignArmed) {
    disarmResign();
    send({ type: 'resign' });
    return;
  }
  $('resign').textContent = 'Really resign?';
  $('resign').classList.add('confirm');
  resignArmed = setTimeout(disarmResign, 4000);
});
$('kroon-move').addEventListener('click', () => { analysing = false; send({ type: 'play', kroon: state.side }); });
$('draw').addEventListener('click', () => send({ type: 'draw' }));
$('flip').addEventListener('click', () => {
  flipped = !flipped;
  board.setFlipped(flipped);
  if (state) drawPlayers();
  saveSettings();
});
$('numbers').addEventListener('change', (e) => { board.setNumbers(e.target.checked); saveSettings(); });
for (const id of ['level-kind', 'level-value', 'level-elo', 'kroon-side']) $(id).addEventListener('change', saveSettings);
$('analyse').addEventListener('click', () => { analysing = true; send(analyseRequest()); });
$('analysis-lines').addEventListener('change', () => { saveSettings(); if (analysing) send(analyseRequest()); });
$('analysis-engine').addEventListener('change', () => { saveSettings(); if (analysing) send(analyseRequest()); });
function analyseRequest() {
  return { type: 'analyse', lines: Number($('analysis-lines').value), engine: $('analysis-engine').value };
}
$('stop').addEventListener('click', () => { analysing = false; send({ type: 'stop' }); });
$('play-pv').addEventListener('click', () => {
  if (lastInfo && lastInfo.pv_ids.length) send({ type: 'move', move: lastInfo.pv_ids[0], ply: lastInfo.ply });
});
$('review').addEventListener('click', () => { analysing = false; send({ type: 'review' }); });
$('nav-first').addEventListener('click', () => send({ type: 'goto', ply: 0 }));
$('nav-prev').addEventListener('click', () => send({ type: 'goto', ply: Math.max(0, state.ply - 1) }));
$('nav-next').addEventListener('click', () => send({ type: 'goto', ply: Math.min(state.plies, state.ply + 1) }));
$('nav-last').addEventListener('click', () => send({ type: 'goto', ply: state.plies }));
// Stepping through the game: the arrow keys, Home and End, f to flip; the mouse wheel over
// the board or the move list.
function stepTo(ply) {
  const target = Math.max(0, Math.min(state.plies, ply));
  if (target !== state.ply) send({ type: 'goto', ply: target });
}
document.addEventListener('keydown', (e) => {
  if (!state || e.altKey || e.ctrlKey || e.metaKey || ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
  const keys = {
    ArrowLeft: () => stepTo(state.ply - 1), ArrowRight: () => stepTo(state.ply + 1),
    ArrowUp: () => stepTo(0), Home: () => stepTo(0), ArrowDown: () => stepTo(state.plies), End: () => stepTo(state.plies),
    f: () => $('flip').click(),
  };
  if (!keys[e.key]) return;
  e.preventDefault();
  keys[e.key]();
});
for (const id of ['board', 'move-list']) {
  $(id).addEventListener('wheel', (e) => {
    if (!state || e.deltaY === 0) return;
    e.preventDefault();
    stepTo(state.ply + (e.deltaY > 0 ? 1 : -1));
  }, { passive: false });
}

$('fen-load').addEventListener('click', () => {
  analysing = false;
  send({ type: 'new', variant: state.variant, fen: $('fen-input').value.trim(), kroon: $('kroon-side').value });
});
$('fen-copy').addEventListener('click', async () => {
  const fen = state.fen;
  $('fen-input').value = fen;
  try {
    await navigator.clipboard.writeText(fen);
    say('FEN copied', 'info');
  } catch {
    $('fen-input').select();
    say('select and copy the FEN above', 'info');
  }
});

// Setting up a position: the palette's piece goes where the board is clicked; the FEN is
// written here and checked by the server when the game starts.
function startSetup(pieces) {
  setup = { pieces, side: $('setup-side').value };
  $('setup-tools').hidden = false;
  drawBoard();
}
function setupFen() {
  const white = [];
  const black = [];
  setup.pieces.split('').forEach((c, i) => {
    const n = i + 1;
    if (c === 'w') white.push(`${n}`);
    if (c === 'W') white.push(`K${n}`);
    if (c === 'b') black.push(`${n}`);
    if (c === 'B') black.push(`K${n}`);
  });
  return `${$('setup-side').value}:W${white.join(',')}:B${black.join(',')}`;
}
function endSetup() {
  setup = null;
  $('setup-tools').hidden = true;
  drawBoard();
}
$('setup-toggle').addEventListener('click', () => { if (state) startSetup(state.pieces); });
$('palette').addEventListener('click', (e) => {
  const b = e.target.closest('button');
  if (!b) return;
  setupPiece = b.dataset.piece;
  for (const x of $('palette').querySelectorAll('button')) x.classList.toggle('selected', x === b);
});
$('setup-clear').addEventListener('click', () => { setup.pieces = '.'.repeat(setup.pieces.length); drawBoard(); });
$('setup-start').addEventListener('click', () => {
  send({ type: 'new', variant: state.variant, kroon: 'none' });
  endSetup();
});
$('setup-cancel').addEventListener('click', endSetup);
$('setup-done').addEventListener('click', () => {
  const fen = setupFen();
  analysing = false;
  send({ type: 'new', variant: state.variant, fen, kroon: $('kroon-side').value });
  endSetup();
});

takeOverSharedGame();
loadSettings();
connect();
