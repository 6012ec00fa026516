// The board as SVG. It knows no rules: the squares, the pieces and the legal moves (with the
// path and the captured pieces of every capture) all come from the server's state message.
// A move is made by click-click or by dragging; when several captures go from the same square
// to the same square, the player picks one from a list. The right mouse button draws marks:
// an arrow from square to square, or a circle on a square (shift: red, alt: blue, both: yellow).

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class Board {
  // onMove(id): a legal move chosen; onSquare(n): a square clicked in set-up mode;
  // onMark({colour, from, to} or {colour, square}): a mark drawn with the right button.
  constructor(svg, chooser, { onMove, onSquare, onMark }) {
    this.svg = svg;
    this.chooser = chooser;
    this.onMove = onMove;
    this.onSquare = onSquare;
    this.onMark = onMark;
    this.marks = { arrows: [], circles: [] };
    this.marking = null;    // the right button is down: {from, colour}
    this.flipped = false;
    this.numbers = false;
    this.state = null;
    this.pieces = '';       // one character per square: w W b B .
    this.moves = [];        // legal moves: {id, text, from, to, path, captured}
    this.last = null;
    this.hint = null;
    this.setup = false;
    this.selected = null;
    this.drag = null;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('pointercancel', () => this.cancelDrag());
    svg.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  show(state, { pieces = state.pieces, moves = state.moves, setup = false } = {}) {
    const sameMoves = this.state && JSON.stringify(this.moves) === JSON.stringify(moves);
    this.state = state;
    this.pieces = pieces;
    this.moves = moves;
    this.last = setup ? null : state.last;
    this.setup = setup;
    if (!sameMoves || setup) this.selected = null;
    if (this.selected !== null && !this.moves.some((m) => m.from === this.selected)) this.selected = null;
    this.hideChooser();
    this.draw();
  }

  setHint(move) { this.hint = move; this.draw(); }
  // Engine lines drawn as arrows along each first move's path; the first is the best.
  setArrows(moves) {
    const next = (moves || []).filter(Boolean);
    if (JSON.stringify(next.map((m) => m.id)) === JSON.stringify((this.arrows || []).map((m) => m.id))) return;
    this.arrows = next;
    this.draw();
  }
  // The marks of the position shown: {arrows: [{colour, from, to}], circles: [{colour, square}]}.
  setMarks(marks) {
    const next = { arrows: marks?.arrows || [], circles: marks?.circles || [] };
    if (JSON.stringify(next) === JSON.stringify(this.marks)) return;
    this.marks = next;
    this.draw();
  }
  setFlipped(flipped) { this.flipped = flipped; this.draw(); }
  setNumbers(numbers) { this.numbers = numbers; this.draw(); }

  // Square centre in board units, flipped or not.
  centre(n) {
    const s = this.square(n);
    const { rows, columns } = this.state.board;
    const col = this.flipped ? columns - 1 - s.col : s.col;
    const row = this.flipped ? rows - 1 - s.row : s.row;
    return [col + 0.5, row + 0.5];
  }

  square(n) { return this.squareIndex.get(n); }

  draw() {
    const svg = this.svg;
    const state = this.state;
    if (!state) return;
    const { rows, columns, squares } = state.board;
    this.squareIndex = new Map(squares.map((s) => [s.n, s]));
    svg.setAttribute('viewBox', `0 0 ${columns} ${rows}`);
    svg.replaceChildren();
    el('rect', { x: 0, y: 0, width: columns, height: rows, class: 'sq-light' }, svg);

    const lastSquares = new Set(this.last ? [this.last.from, this.last.to] : []);
    const hintSquares = new Set(this.hint ? [this.hint.from, this.hint.to] : []);
    for (const s of squares) {
      const [x, y] = this.centre(s.n);
      let cls = 'sq-dark';
      if (lastSquares.has(s.n)) cls += ' last';
      if (hintSquares.has(s.n)) cls += ' hint';
      el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: cls, 'data-square': s.n }, svg);
    }

    if (this.last && this.last.captured.length) this.drawPath(this.last, 'last');

    const froms = new Set(this.moves.map((m) => m.from));
    for (const s of squares) {
      const c = this.pieces[s.n - 1];
      if (!c || c === '.') continue;
      let cls = 'piece ' + (c.toLowerCase() === 'w' ? 'white' : 'black');
      if (!this.setup && froms.has(s.n)) {
        cls += ' movable';
        if (this.state.capture) cls += ' must-capture';
      }
      if (this.selected === s.n) cls += ' selected';
      this.drawPiece(s.n, c, cls);
    }

    if (this.selected !== null) {
      for (const m of this.moves.filter((mv) => mv.from === this.selected)) {
        if (m.captured.length) this.drawPath(m, '');
        const [x, y] = this.centre(m.to);
        el('circle', { cx: x, cy: y, r: 0.17, class: 'dest', 'data-dest': m.to }, svg);
      }
    }
    if (this.hint && this.hint.captured.length) this.drawPath(this.hint, '');
    (this.arrows || []).forEach((m, i) => this.drawArrow(m, i === 0 ? 'best' : 'other'));
    for (const c of this.marks.circles) {
      if (!this.square(c.square)) continue;
      const [x, y] = this.centre(c.square);
      el('circle', { cx: x, cy: y, r: 0.44, class: `mark-circle mark-${c.colour}`, 'data-mark': c.square }, svg);
    }
    for (const a of this.marks.arrows) {
      if (!this.square(a.from) || !this.square(a.to)) continue;
      this.drawArrow({ from: a.from, to: a.to, id: `${a.from}-${a.to}` }, `mark-${a.colour}`, 'mark-arrow');
    }
    if (this.numbers && state.board.notation === 'algebraic') this.drawCoordinates();
    else if (this.numbers) {
      for (const s of squares) {
        const [x, y] = this.centre(s.n);
        const t = el('text', { x: x - 0.46, y: y - 0.26, class: 'sq-number' }, svg);
        t.textContent = s.n;
      }
    }
  }

  // A line from square centre to square centre along the move's path, with a head at its end.
  drawArrow(move, kind, base = 'arrow') {
    const points = (move.path && move.path.length >= 2 ? move.path : [move.from, move.to]).map((n) => this.centre(n));
    const [x1, y1] = points[points.length - 2];
    const [x2, y2] = points[points.length - 1];
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const length = 0.34;
    const half = 0.2;
    const back = [x2 - length * Math.cos(angle), y2 - length * Math.sin(angle)];
    const line = points.slice(0, -1).concat([back]);
    el('polyline', { points: line.map((p) => p.join(',')).join(' '), class: `${base} ${kind}`, 'data-move': move.id }, this.svg);
    const head = [[x2, y2], [back[0] + half * Math.sin(angle), back[1] - half * Math.cos(angle)],
      [back[0] - half * Math.sin(angle), back[1] + half * Math.cos(angle)]];
    el('polygon', { points: head.map((p) => p.join(',')).join(' '), class: `${base}-head ${kind}` }, this.svg);
  }

  // Files along the bottom edge and ranks along the left one, as the players of the
  // variants written c3-d4 read the board; taken from the dark squares' names (a1 .. h8).
  drawCoordinates() {
    const { rows, columns, squares } = this.state.board;
    const files = new Map();
    const ranks = new Map();
    for (const s of squares) {
      files.set(s.col, s.name[0]);
      ranks.set(s.row, s.name.slice(1));
    }
    for (const [col, letter] of files) {
      const x = this.flipped ? columns - 1 - col : col;
      const t = el('text', { x: x + 0.94, y: rows - 0.06, class: 'sq-number coord-file', 'text-anchor': 'end' }, this.svg);
      t.textContent = letter;
    }
    for (const [row, digit] of ranks) {
      const y = this.flipped ? rows - 1 - row : row;
      const t = el('text', { x: 0.05, y: y + 0.24, class: 'sq-number coord-rank' }, this.svg);
      t.textContent = digit;
    }
  }

  drawPiece(n, c, cls) {
    const [x, y] = this.centre(n);
    const g = el('g', { class: cls, 'data-piece': n, transform: `translate(${x} ${y})` }, this.svg);
    el('circle', { r: 0.38, class: 'body' }, g);
    el('circle', { r: 0.28, class: 'ring' }, g);
    if (c === 'W' || c === 'B') {
      el('path', {
        d: 'M -0.2 0.1 L -0.22 -0.12 L -0.1 -0.02 L 0 -0.17 L 0.1 -0.02 L 0.22 -0.12 L 0.2 0.1 Z',
        class: 'crown',
      }, g);
    }
    return g;
  }

  // The landing squares of a capture as a line, and a cross on every piece it takes.
  drawPath(move, extra) {
    const points = move.path.map((n) => this.centre(n).join(',')).join(' ');
    el('polyline', { points, class: ('path ' + extra).trim() }, this.svg);
    for (const n of move.captured) {
      const [x, y] = this.centre(n);
      const d = 0.22;
      el('path', {
        d: `M ${x - d} ${y - d} L ${x + d} ${y + d} M ${x + d} ${y - d} L ${x - d} ${y + d}`,
        class: ('captured-mark ' + extra).trim(),
      }, this.svg);
    }
  }

  // The square under a pointer event, or null.
  squareAt(event) {
    if (!this.state) return null;
    const box = this.svg.getBoundingClientRect();
    const { rows, columns } = this.state.board;
    let col = Math.floor(((event.clientX - box.left) / box.width) * columns);
    let row = Math.floor(((event.clientY - box.top) / box.height) * rows);
    if (col < 0 || row < 0 || col >= columns || row >= rows) return null;
    if (this.flipped) { col = columns - 1 - col; row = rows - 1 - row; }
    const s = this.state.board.squares.find((q) => q.row === row && q.col === col);
    return s ? s.n : null;
  }

  // The colour of a mark by the keys held: none green, shift red, alt blue, both yellow.
  static markColour(event) {
    if (event.shiftKey && event.altKey) return 'Y';
    if (event.shiftKey) return 'R';
    if (event.altKey) return 'B';
    return 'G';
  }

  pointerDown(event) {
    if (event.button === 2 && this.state && !this.setup) {
      const from = this.squareAt(event);
      if (from !== null) this.marking = { from, colour: Board.markColour(event) };
      return;
    }
    if (event.button !== 0 || !this.state) return;
    const n = this.squareAt(event);
    if (n === null) return;
    if (this.setup) { this.onSquare(n); return; }
    if (this.selected !== null && this.moves.some((m) => m.from === this.selected && m.to === n)) {
      this.tryMove(this.selected, n);
      return;
    }
    if (this.moves.some((m) => m.from === n)) {
      this.selected = n;
      this.draw();
      const node = this.svg.querySelector(`[data-piece="${n}"]`);
      if (node) {
        this.svg.appendChild(node);  // on top while dragged
        this.drag = { from: n, node, moved: false, start: [event.clientX, event.clientY] };
        this.svg.setPointerCapture(event.pointerId);
      }
      return;
    }
    if (this.selected !== null) { this.selected = null; this.draw(); }
  }

  pointerMove(event) {
    if (!this.drag) return;
    const [sx, sy] = this.drag.start;
    if (!this.drag.moved && Math.hypot(event.clientX - sx, event.clientY - sy) < 4) return;
    this.drag.moved = true;
    this.drag.node.classList.add('dragging');
    const box = this.svg.getBoundingClientRect();
    const { rows, columns } = this.state.board;
    const x = ((event.clientX - box.left) / box.width) * columns;
    const y = ((event.clientY - box.top) / box.height) * rows;
    this.drag.node.setAttribute('transform', `translate(${x} ${y})`);
  }

  pointerUp(event) {
    if (event.button === 2 && this.marking) {
      const { from, colour } = this.marking;
      this.marking = null;
      const to = this.squareAt(event);
      if (to === null || !this.onMark) return;
      this.onMark(to === from ? { colour, square: from } : { colour, from, to });
      return;
    }
    if (!this.drag) return;
    const drag = this.drag;
    this.drag = null;
    if (!drag.moved) return;  // a click: the piece stays selected
    const n = this.squareAt(event);
    if (n !== null && n !== drag.from && this.moves.some((m) => m.from === drag.from && m.to === n)) {
      this.tryMove(drag.from, n);
    } else {
      this.draw();
    }
  }

  cancelDrag() {
    if (this.drag) { this.drag = null; this.draw(); }
  }

  tryMove(from, to) {
    const candidates = this.moves.filter((m) => m.from === from && m.to === to);
    if (candidates.length === 1) {
      this.selected = null;
      this.onMove(candidates[0]);
      return;
    }
    this.showChooser(candidates);
  }

  showChooser(candidates) {
    const list = this.chooser.querySelector('#chooser-moves');
    list.replaceChildren();
    for (const m of candidates) {
      const b = document.createElement('button');
      b.textContent = `${m.text}  (takes ${m.captured.join(', ')})`;
      b.addEventListener('mouseenter', () => { this.hint = m; this.draw(); });
      b.addEventListener('click', () => { this.hint = null; this.selected = null; this.hideChooser(); this.onMove(m); });
      list.appendChild(b);
    }
    const cancel = document.createElement('button');
    cancel.textContent = 'cancel';
    cancel.addEventListener('click', () => { this.hint = null; this.hideChooser(); this.draw(); });
    list.appendChild(cancel);
    this.chooser.hidden = false;
  }

  hideChooser() { this.chooser.hidden = true; }
}
