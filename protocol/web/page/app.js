// Kroon's page: one WebSocket to the server (the messages of docs/web.md), the board
// (board.js), the game's controls, the analysis, the move list, the score graph, setting up
// positions and PDN files. Everything about the rules comes from the server.
import { Board } from './board.js';

const $ = (id) => document.getElementById(id);

let socket = null;
let state = null;
let variants = [];
let flipped = false;
let analysing = false;      // the player asked for analysis until Stop
let lastInfo = null;        // the latest info message of the running analysis or move
let stateReceived = 0;      // when the state (and its clock) arrived
let setup = null;           // the position being set up: {pieces, side}, or null
let setupPiece = 'w';
let reconnectDelay = 500;
let restorePending = false;
let reviewBest = [];         // per position, the best move Score the game found there  // the first state of a connection: the kept game goes back first

const board = new Board($('board'), $('chooser'), {
  onMove: (move) => {
    board.setHint(null);
    send({ type: 'move', move: move.id, ply: state.ply });
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
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  socket = new WebSocket(url);
  socket.addEventListener('open', () => {
    reconnectDelay = 500;
    $('connection').textContent = 'connected';
    $('connection').classList.remove('down');
  });
  socket.addEventListener('message', (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  });
  socket.addEventListener('close', () => {
    $('connection').textContent = 'disconnected: reconnecting…';
    $('connection').classList.add('down');
    setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 8000);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
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

// The engine panel shows nothing of another game.
function clearEngineInfo() {
  lastInfo = null;
  $('info-depth').textContent = '–';
  $('info-score').textContent = '–';
  $('info-nodes').textContent = '–';
  $('info-pv').textContent = '';
}

// --- work kept in the browser: the game survives a reload and a restarted server -----------

const gameKey = 'kroon.game';
const settingsKey = 'kroon.settings';

function storedJson(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; }
}
function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or off */ }
}

function keptGame(s) {
  const tree = s.tree.map((n) => n.parent < 0 ? { parent: 0, comment: n.comment }
    : { parent: n.parent, move: n.id, marks: n.marks, nags: n.nags, comment: n.comment, comment_before: n.comment_before });
  return { variant: s.variant, fen: s.start_fen, tree, node: s.node, tags: s.tags, kroon: s.kroon, level: s.level };
}

// On a new connection the server starts a fresh game: send the kept one back unless that is it.
function restoreKeptGame(s) {
  const kept = storedJson(gameKey);
  if (!kept || !(Array.isArray(kept.tree) || Array.isArray(kept.moves))) return false;
  const fresh = keptGame(s);
  const empty = Array.isArray(kept.tree) ? kept.tree.length <= 1 && !kept.tree[0]?.comment : kept.moves.length === 0;
  if (kept.variant === fresh.variant && kept.fen === fresh.fen && empty) return false;
  send({ type: 'restore', ...kept });
  return true;
}

function saveSettings() {
  store(settingsKey, {
    levelKind: $('level-kind').value, levelValue: $('level-value').value, kroonSide: $('kroon-side').value,
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
  store(gameKey, keptGame(s));
  const newPosition = !state || state.fen !== s.fen || state.ply !== s.ply;
  const newGame = !state || state.variant !== s.variant || state.start_fen !== s.start_fen ||
    s.plies < state.plies - 2 || (s.plies === 0 && state.plies > 0);
  if (newGame && !s.engine) clearEngineInfo();
  if (newGame) reviewBest = [];
  // The review's best moves belong to the line they were found on, as far as it is still shown.
  if (state && !newGame) {
    let same = 0;
    while (same < s.line.length && same < state.line.length && s.line[same] === state.line[same]) same++;
    if (reviewBest.length > same) reviewBest.length = same;
  }
  state = s;
  stateReceived = performance.now();
  if (newPosition) {
    board.setHint(null);
    board.setArrows([]);
    drawEvalBar(s.scores[s.ply]);
  }
  $('variant-title').textContent = s.variant;
  $('variant').value = s.variant;
  if (!setup) drawBoard();
  $('fen-input').value = s.fen;
  drawPlayers();
  drawStatus();
  drawMoveList();
  drawBook();
  drawGraph();
  drawButtons();
  // Analysis goes on from position to position until Stop.
  if (analysing && !s.engine && !positionOver(s)) send(analyseRequest());
  if (analysing && s.engine && s.engine.task === 'move') analysing = false;
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

function formatClock(seconds) {
  const s = Math.max(0, seconds);
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  return s < 20 ? `${m}:${rest.toFixed(1).padStart(4, '0')}` : `${m}:${String(Math.floor(rest)).padStart(2, '0')}`;
}

function drawClocks() {
  const clock = state && state.clock;
  for (const [slot, side] of [['top', flipped ? 'white' : 'black'], ['bottom', flipped ? 'black' : 'white']]) {
    const node = $(`${slot}-clock`);
    if (!clock) { node.textContent = ''; node.className = 'clock'; continue; }
    let left = clock[side];
    const running = clock.running === side;
    if (running) left -= (performance.now() - stateReceived) / 1000;
    node.textContent = formatClock(left);
    node.className = 'clock' + (running ? ' running' : '') + (left < 10 ? ' low' : '');
  }
}
setInterval(drawClocks, 100);

function drawStatus() {
  const s = state;
  const status = $('status');
  status.className = '';
  let text;
  if (s.ply < s.plies) {
    const inGame = s.kroon !== 'none' && !s.over && s.line.every((n) => isFirstChild(n));
    text = `Move ${s.ply} of ${s.plies}: ${sideName(s.side)} to move (a new move here ` +
      (inGame ? 'continues the game from here; the moves it replaces stay as a variation)' : 'starts a variation)');
  } else if (s.over) {
    text = 'Game over';
  } else if (s.engine && s.engine.task === 'move') {
    text = s.engine.queued ? 'Kroon waits for a free search thread…' : `Kroon is thinking for ${sideName(s.side)}…`;
  } else {
    text = `${sideName(s.side)} to move`;
    if (s.kroon !== 'none') text = s.side === s.kroon ? `${sideName(s.side)} (Kroon) to move` : `Your move (${sideName(s.side)})`;
    if (s.capture && s.moves.length) {
      text += ': capture is compulsory';
      status.className = 'capture';
    }
  }
  status.textContent = text;
  const result = $('result');
  result.hidden = !s.over;
  if (s.over) result.textContent = `${s.result}  ${s.termination}`;
}

function drawButtons() {
  const s = state;
  const thinkingMove = s.engine && s.engine.task === 'move';
  $('takeback').disabled = s.plies === 0;
  $('hint').disabled = thinkingMove || (s.ply === s.plies && s.over);
  $('kroon-move').disabled = s.over || s.ply < s.plies || thinkingMove || s.kroon === s.side;
  $('resign').disabled = s.over;
  $('draw').disabled = s.over;
  $('analyse').disabled = thinkingMove || (s.ply === s.plies && s.over);
  $('stop').disabled = !s.engine;
  $('play-pv').disabled = !(lastInfo && lastInfo.task === 'analysis' && lastInfo.ply === s.ply && lastInfo.pv_ids.length);
  $('review').disabled = thinkingMove;
  $('nav-first').disabled = s.ply === 0;
  $('nav-prev').disabled = s.ply === 0;
  $('nav-next').disabled = s.ply === s.plies;
  $('nav-last').disabled = s.ply === s.plies;
}

// The move list is the game's tree: the line shown in full, each variation after the move it
// replaces, comments and glyphs where the PDN had them. A click shows a move's position.
const nagGlyphs = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−', 19: '−+' };

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
  const moveSpan = (n, numbered) => {
    const node = tree[n];
    const parts = [];
    if (node.comment_before) parts.push(commentSpan(node.comment_before));
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
    if (fromBook) span.title = 'Kroon played this from its opening book';
    const judged = ply !== undefined ? judgeMove(ply - 1) : null;
    if (judged) {
      span.classList.add(judged.label);
      span.textContent += judged.glyph;
      span.title = `${judged.label}: lost ${(judged.lost / 100).toFixed(2)}; better ${judged.better}`;
    }
    span.addEventListener('click', () => send({ type: 'goto', node: n }));
    parts.push(span);
    if (node.comment) parts.push(commentSpan(node.comment));
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
  if (tree[0].comment) list.appendChild(commentSpan(tree[0].comment));
  drawLine(list, 0, false);
  const current = list.querySelector('.current');
  if (current) scrollWithin(list, current);
  if (document.activeElement !== $('comment-input')) $('comment-input').value = tree[state.node].comment || '';
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

// A move the review scored on both sides, judged by what it lost for its side (hundredths of a
// man, scores held within 10 men): 30 an inaccuracy, 80 a mistake, 200 a blunder; the review's
// own best move is never judged.
const reviewLabels = [[200, 'blunder', '??', 'blunders'], [80, 'mistake', '?', 'mistakes'],
  [30, 'inaccuracy', '?!', 'inaccuracies']];

function judgeMove(i) {
  const s = state.scores;
  const best = reviewBest[i];
  if (!best || i + 1 >= s.length || s[i] == null || s[i + 1] == null) return null;
  if (best.id === state.history[i].id) return null;
  const held = (v) => Math.max(-1000, Math.min(1000, v));
  const lost = state.history[i].side === 'white' ? held(s[i]) - held(s[i + 1]) : held(s[i + 1]) - held(s[i]);
  const found = reviewLabels.find(([least]) => lost >= least);
  return found ? { label: found[1], glyph: found[2], lost, better: best.text } : null;
}

function drawReviewSummary() {
  const counts = { white: {}, black: {} };
  let any = false;
  state.history.forEach((h, i) => {
    const j = judgeMove(i);
    if (j) { counts[h.side][j.label] = (counts[h.side][j.label] || 0) + 1; any = true; }
  });
  const side = (c) => reviewLabels.map(([, label, , plural]) => `${c[label] || 0} ${(c[label] || 0) === 1 ? label : plural}`).join(', ');
  $('review-summary').textContent = any || reviewBest.length ? `White: ${side(counts.white)} · Black: ${side(counts.black)}` : '';
}

function firstSide() {
  const v = variants.find((x) => x.name === state.variant);
  return v ? v.first : 'white';
}

// --- the score graph: White's view, in men, squeezed into +-4 ----------------------------------

function graphValue(v) {
  if (v === null || v === undefined) return null;
  const men = Math.abs(v) > 9000 ? Math.sign(v) * 4 : v / 100;
  return Math.max(-4, Math.min(4, men));
}

function drawGraph() {
  const g = $('graph');
  g.replaceChildren();
  const ns = 'http://www.w3.org/2000/svg';
  const n = Math.max(state.scores.length - 1, 1);
  const x = (i) => (i / n) * 300;
  const y = (v) => 50 - (v / 4) * 46;
  const zero = document.createElementNS(ns, 'line');
  Object.entries({ x1: 0, x2: 300, y1: 50, y2: 50, class: 'graph-zero' }).forEach(([k, v]) => zero.setAttribute(k, v));
  g.appendChild(zero);
  const points = [];
  state.scores.forEach((v, i) => {
    const value = graphValue(v);
    if (value !== null) points.push(`${x(i).toFixed(1)},${y(value).toFixed(1)}`);
  });
  if (points.length) {
    const area = document.createElementNS(ns, 'polygon');
    const first = points[0].split(',')[0];
    const last = points[points.length - 1].split(',')[0];
    area.setAttribute('points', `${first},50 ${points.join(' ')} ${last},50`);
    area.setAttribute('class', 'graph-white');
    g.appendChild(area);
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', points.join(' '));
    line.setAttribute('class', 'graph-line');
    g.appendChild(line);
  }
  const now = document.createElementNS(ns, 'line');
  Object.entries({ x1: x(state.ply), x2: x(state.ply), y1: 0, y2: 100, class: 'graph-now' })
    .forEach(([k, v]) => now.setAttribute(k, v));
  g.appendChild(now);
  g.dataset.points = points.length;
}

$('graph').addEventListener('click', (e) => {
  if (!state) return;
  const box = $('graph').getBoundingClientRect();
  const ply = Math.round(((e.clientX - box.left) / box.width) * Math.max(state.plies, 1));
  send({ type: 'goto', ply: Math.max(0, Math.min(state.plies, ply)) });
});

// --- the engine ----------------------------------------------------------------------------

// White's share of the bar: half at 0, most of it by two men ahead, all of it for a won
// position (a database or a found win).
function drawEvalBar(value) {
  const bar = $('eval-bar');
  if (value === null || value === undefined) {
    $('eval-white').style.width = '50%';
    bar.dataset.value = '';
    return;
  }
  const share = Math.abs(value) > 9000 ? (value > 0 ? 100 : 0) : 50 + 50 * Math.tanh(value / 250);
  $('eval-white').style.width = `${share.toFixed(1)}%`;
  bar.dataset.value = value;
}

function showThinking(m) {
  if (state && state.engine) state.engine.queued = false;
  if (state) drawStatus();
  if (m.task === 'review') return;
  lastInfo = null;
  $('engine-info').dataset.task = m.task;
  $('info-depth').textContent = '–';
  $('info-score').textContent = '–';
  $('info-nodes').textContent = '–';
  $('info-pv').textContent = m.task === 'move' ? 'Kroon is thinking…' : 'thinking…';
}

function onInfo(m) {
  if (m.task === 'review') return;
  lastInfo = m;
  const lines = m.lines && m.lines.length > 1 ? m.lines : null;
  if (state && m.ply === state.ply && m.task !== 'move') {
    drawEvalBar(m.score.value);
    board.setArrows(lines ? lines.map((l) => l.move) : [m.move]);
  }
  $('info-depth').textContent = `${m.depth}/${m.seldepth}`;
  $('info-score').textContent = m.score.text;
  $('info-nodes').textContent = m.nodes.toLocaleString('en');
  if (lines) {
    // One row per line, best first: its score and its moves.
    $('info-pv').replaceChildren(...lines.map((l) => {
      const row = document.createElement('div');
      row.className = 'line';
      const score = document.createElement('span');
      score.className = 'line-score';
      score.textContent = l.score.text;
      row.append(score, ` ${l.pv.join(' ')}`);
      return row;
    }));
  } else {
    $('info-pv').textContent = (m.task === 'move' ? 'Kroon: ' : '') + m.pv.join(' ');
  }
  if (m.engine && m.task !== 'move' && !$('engine-choice').hidden) {
    const who = document.createElement('div');
    who.className = 'engine-name';
    who.textContent = m.engine;
    $('info-pv').prepend(who);
  }
  if (state && m.task === 'analysis' && m.ply < state.scores.length) {
    state.scores[m.ply] = m.score.value;
    drawGraph();
  }
  if (state) drawButtons();
}

function onDone(m) {
  if (m.task === 'hint') {
    if (m.best) {
      board.setHint(m.best);
      const who = m.engine && m.engine !== 'Kroon' ? ` from ${m.engine}` : '';
      say(`Hint${who}: ${m.best.text} (${m.score.text})`, 'info');
    }
    return;
  }
  if (m.task === 'analysis') {
    if (m.preempted) {
      analysing = false;
      say('Analysis ended: another tab needed the search thread.', 'info');
    }
    if (m.best) $('info-pv').textContent = `best ${m.best.text} (${m.score.text}) · ` + (lastInfo ? lastInfo.pv.join(' ') : '');
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
  if (!m.games.length) { say('no game found in the file'); return; }
  for (const g of m.games) {
    const b = document.createElement('button');
    b.className = 'game';
    b.dataset.index = g.index;
    b.textContent = `${g.index + 1}. ${g.white} – ${g.black}  ${g.result}  (${g.moves} moves, ${g.variant}${g.event !== '?' ? ', ' + g.event : ''})`;
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
$('tree-delete').addEventListener('click', () => send({ type: 'delete', node: state.node }));
$('comment-input').addEventListener('change', () => send({ type: 'comment', node: state.node, text: $('comment-input').value }));

// --- controls ------------------------------------------------------------------------------

// The level box as a level message, or null after saying what is wrong with it. A decimal
// comma is read as a point; a clock given as a bare number is minutes (5 is 5m).
function readLevel() {
  const kind = $('level-kind').value;
  const value = $('level-value').value.trim().replace(',', '.');
  const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (kind === 'time') {
    if (!(number >= 0.05 && number <= 3600)) return say(`"${value}": give the seconds per move, from 0.05 to 3600`), null;
    return { kind, seconds: number };
  }
  if (kind === 'depth') {
    if (!(Number.isInteger(number) && number >= 1 && number <= 60)) return say(`"${value}": give a depth from 1 to 60 plies`), null;
    return { kind, depth: number };
  }
  return { kind, control: Number.isNaN(number) ? value : `${value}m` };
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
$('resign').addEventListener('click', () => send({ type: 'resign' }));
$('kroon-move').addEventListener('click', () => { analysing = false; send({ type: 'play', kroon: state.side }); });
$('draw').addEventListener('click', () => send({ type: 'draw' }));
$('flip').addEventListener('click', () => {
  flipped = !flipped;
  board.setFlipped(flipped);
  if (state) drawPlayers();
  saveSettings();
});
$('numbers').addEventListener('change', (e) => { board.setNumbers(e.target.checked); saveSettings(); });
for (const id of ['level-kind', 'level-value', 'kroon-side']) $(id).addEventListener('change', saveSettings);
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

loadSettings();
connect();
