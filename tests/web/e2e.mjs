// The browser end-to-end test of `kroon serve`: headless Chromium (Debian's) driven by
// puppeteer-core plays through the page as a person would: a move by dragging and by
// click-click, a takeback, flip, hint, a declined draw offer, a FEN set-up with a compulsory
// capture, a position set up with the palette, a PDN file loaded (two games) and a game saved
// as PDN and read back, a study with variations pasted, edited and saved back, an analysis stopped and its best move played, a game resigned, and a
// whole short game against Kroon played to its end; a game kept per tab across reloads with its
// variations in order, two tabs at once, a match record's clocks and scores, marks drawn on the
// board, and what the page shows kept in step with the position shown.
//
// Run: node tests/web/e2e.mjs path/to/kroon   (CTest: Web.BrowserEndToEnd)
// KROON_E2E_KEEP_GOING=1 runs the steps after a failed one too (those written as `check`), to
// see at once which of them fail on a build.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clickSquare as clickSquareOf, launchChromium, press as pressOf, squareCentre, startKroon } from './harness.mjs';

const kroon = process.argv[2];
if (!kroon) {
  console.error('usage: node e2e.mjs path/to/kroon');
  process.exit(2);
}

const started = Date.now();
// The browser first: a Chromium that does not start leaves no server or folder behind.
const { browser, close } = await launchChromium();
const work = mkdtempSync(join(tmpdir(), 'kroon-e2e-'));
// Without the opening book: the steps below answer known positions with searches; the book has
// its own step, on a server of its own.
// Kroon's own Hub program is the other engine (--engine) that analyses beside Kroon.
const server = await startKroon(kroon, ['--threads', '1', '--hash', '16', '--book', 'false',
  '--engine', `${kroon} hub`]);
const pageErrors = [];
const frames = [];
let passed = 0;
let page = null;

function step(name) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${name}`);
  passed += 1;
}

// A step that sets up what it needs itself: with KROON_E2E_KEEP_GOING=1 a failure is counted and
// the test goes on with the next one.
const keepGoing = process.env.KROON_E2E_KEEP_GOING === '1';
const failedChecks = [];
async function check(name, body) {
  try {
    await body();
    step(name);
  } catch (e) {
    if (!keepGoing) throw e;
    failedChecks.push(`${name}: ${String(e.message).split('\n')[0]}`);
    if (process.env.KROON_E2E_SCREENSHOT) {
      await page.screenshot({ path: process.env.KROON_E2E_SCREENSHOT.replace(/(\.png)?$/, `-${failedChecks.length}.png`) }).catch(() => {});
    }
    console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] FAILED ${name}: ${e.stack}`);
  }
}

try {
  page = await browser.newPage();
  page.setDefaultTimeout(20000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.text())) pageErrors.push(m.text()); });
  await page.setViewport({ width: 1280, height: 900 });
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: work });
  // The latest messages both ways, shown when a step fails.
  await cdp.send('Network.enable');
  const frame = (arrow) => (e) => {
    frames.push(`${arrow} ${e.response.payloadData.slice(0, 160)}`);
    if (frames.length > 30) frames.shift();
  };
  cdp.on('Network.webSocketFrameSent', frame('>'));
  cdp.on('Network.webSocketFrameReceived', frame('<'));

  const text = (selector) => page.$eval(selector, (e) => e.textContent);
  const count = (selector) => page.$$eval(selector, (l) => l.length);
  const plies = () => count('#move-list .move');
  const press = (selector) => pressOf(page, selector);
  const centre = (n) => squareCentre(page, n);
  const clickSquare = (n) => clickSquareOf(page, n);
  // Clicks Save and returns the text of the PDN file the browser downloads into `work` (earlier
  // downloads removed first), or null after 10 s.
  const savePdn = async () => {
    const downloads = () => readdirSync(work).filter((f) => f.startsWith('kroon-') && f.endsWith('.pdn'));
    for (const f of downloads()) unlinkSync(join(work, f));
    await press('#pdn-save');
    for (let i = 0; i < 100; ++i) {
      const files = downloads();
      if (files.length) return readFileSync(join(work, files[0]), 'utf8');
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  };
  const waitPlies = (n) => page.waitForFunction((k) => document.querySelectorAll('#move-list .move').length === k, {}, n);
  const waitStatus = (re) => page.waitForFunction((source) => new RegExp(source).test(document.getElementById('status').textContent), {}, re.source);
  const pieceAt = (n) => page.$eval('#board', (svg, k) => {
    const g = svg.querySelector(`[data-piece="${k}"]`);
    return g ? g.getAttribute('class') : null;
  }, n);
  const choose = async (selector, value) => page.select(selector, value);
  const setLevel = async (kind, value) => {
    await choose('#level-kind', kind);
    await page.$eval('#level-value', (e, v) => { e.value = v; }, value);
  };
  const newGame = async ({ variant = 'international', kroonSide = 'black', kind = 'depth', value = '3' } = {}) => {
    await choose('#variant', variant);
    await choose('#kroon-side', kroonSide);
    await setLevel(kind, value);
    await press('#new-game');
    // A new game shows its variant, no result and (until Kroon moves) no moves.
    await page.waitForFunction((v) => document.getElementById('variant-title').textContent === v &&
      document.getElementById('result').hidden, {}, variant);
    const kroonFirst = kroonSide === (variant === 'english' ? 'black' : 'white');
    if (!kroonFirst) await waitPlies(0);
  };

  // Plays the first legal move the board offers (its first piece that may move, to its first
  // destination) and waits for `plies` more moves in the list: 2 with Kroon's answer.
  const playAny = async (plies = 2, p = page) => {
    const played = await p.$$eval('#move-list .move', (l) => l.length);
    await p.waitForSelector('#board .piece.movable');
    const from = await p.$eval('#board .piece.movable', (g) => Number(g.getAttribute('data-piece')));
    await clickSquareOf(p, from);
    await p.waitForSelector('#board .dest');
    const to = await p.$eval('#board .dest', (e) => Number(e.getAttribute('data-dest')));
    await clickSquareOf(p, to);
    await p.waitForFunction((n) => document.querySelectorAll('#move-list .move').length >= n, {}, played + plies);
  };
  // The moves of the main line (the list's top level; variations are blocks inside it).
  const mainLine = (p = page) => p.$$eval('#move-list > .flow .move', (l) => l.map((e) => e.textContent));

  // --- the page comes up with the international start position -------------------------
  await page.goto(server.url);
  await page.waitForSelector('#board [data-piece]');
  assert.equal(await count('#board rect[data-square]'), 50);
  assert.equal(await count('#board .piece.white'), 20);
  assert.equal(await count('#board .piece.black'), 20);
  await waitStatus(/Your move/);
  step('the page shows the international start position');

  // --- the layout: the board grows with the window and the controls stay in view ------------
  const layout = async (width, height) => {
    await page.setViewport({ width, height });
    return page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      const lowest = Math.max(...[...document.querySelectorAll('#play-area button')].map((b) => b.getBoundingClientRect().bottom));
      return { board: box('board').width, lowest, right: Math.max(box('side').right, box('board').right) };
    });
  };
  const laptop = await layout(1366, 768);
  assert.ok(laptop.lowest <= 768, `every button under the board is in view at 1366x768 (${laptop.lowest} px)`);
  assert.ok(laptop.board >= 420, `the board fills the height at 1366x768 (${laptop.board} px)`);
  const wide = await layout(1920, 1080);
  assert.ok(wide.lowest <= 1080, `every button under the board is in view at 1920x1080 (${wide.lowest} px)`);
  assert.ok(wide.board >= 760, `the board grows at 1920x1080 (${wide.board} px)`);
  assert.ok(wide.right >= 0.75 * 1920, `board and panel use the width at 1920 (to ${wide.right} px)`);
  const phone = await layout(390, 844);
  assert.ok(phone.board >= 340 && phone.board <= 390, `the board takes a phone's width (${phone.board} px)`);
  await page.setViewport({ width: 1280, height: 900 });
  step('the board scales with the window: controls in view at 1366x768, the width used at 1920');

  await check('the board stays in view while the side panels scroll (1280x800)', async () => {
    await page.setViewport({ width: 1280, height: 800 });
    await page.$eval('#setup-panel', (d) => { d.open = true; });
    const seen = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const box = document.getElementById('board').getBoundingClientRect();
      return { scrolled: window.scrollY, top: box.top, bottom: box.bottom };
    });
    await page.$eval('#setup-panel', (d) => { d.open = false; });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewport({ width: 1280, height: 900 });
    assert.ok(seen.scrolled > 100, `the panels are longer than the window (${seen.scrolled} px scrolled)`);
    assert.ok(seen.top >= 0 && seen.bottom <= 800, `the board is in view at the bottom of the page (${seen.top}..${seen.bottom})`);
  });

  await check('on a phone held upright the board stays at the top while the panels under it scroll', async () => {
    await page.setViewport({ width: 390, height: 844 });
    const seen = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const box = (id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, width: r.width };
      };
      const list = document.getElementById('move-list');
      list.scrollIntoView({ block: 'end' });
      return { scrolled: window.scrollY, board: box('board'), list: box('move-list') };
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewport({ width: 1280, height: 900 });
    assert.ok(seen.scrolled > 300, `the panels are longer than the window (${seen.scrolled} px scrolled)`);
    assert.ok(seen.board.top >= 0 && seen.board.bottom <= 844 && seen.board.width >= 340,
      `the board is in view at the bottom of the page (${seen.board.top}..${seen.board.bottom})`);
    assert.ok(seen.list.top >= seen.board.bottom && seen.list.bottom <= 844,
      `the move list shows under the board, not behind it (${seen.list.top}..${seen.list.bottom})`);
  });

  // --- a move by dragging, Kroon answers --------------------------------------------------
  await newGame();
  await press('#numbers');
  assert.equal(await count('#board .sq-number'), 50);
  const [fx, fy] = await centre(32);
  const [tx, ty] = await centre(28);
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  await page.mouse.move((fx + tx) / 2, (fy + ty) / 2, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 4 });
  await page.mouse.up();
  await waitPlies(2);
  assert.equal((await page.$$eval('#move-list .move', (l) => l.map((e) => e.textContent)))[0], '32-28');
  assert.match(await pieceAt(28), /white/);
  assert.equal(await pieceAt(32), null);
  assert.equal(await count('#board rect.last'), 2, 'the last move is marked');
  step('32-28 played by dragging; Kroon answered');

  await check('after Kroon\'s move the evaluation bar shows the score the panel shows', async () => {
    const shown = await text('#info-score');
    assert.match(shown, /^[+-]?\d+\.\d\d$/, 'the panel shows Kroon\'s score');
    assert.equal(await page.$eval('#eval-bar', (e) => e.dataset.value), String(Math.round(Number(shown) * 100)));
    // White's part of the bar is its expected share of the points (docs/web.md, Analysis).
    const part = await page.$eval('#eval-white', (e) => parseFloat(e.style.width));
    const share = 100 / (1 + Math.exp(-Number(shown) / 2));
    assert.ok(Math.abs(part - share) < 0.1, `White's part of the bar ${part} %, not ${share.toFixed(1)} %`);
  });

  await check('stepping back to a position Kroon did not search empties the engine panel; back at the end it shows again', async () => {
    const shown = await text('#info-score');
    await press('#nav-first');
    await page.waitForFunction(() => !document.querySelector('#move-list .current'));
    assert.equal(await text('#info-depth'), '–');
    assert.equal(await text('#info-pv'), '');
    assert.equal(await page.$eval('#eval-bar', (e) => e.dataset.value), '');
    await press('#nav-last');
    await page.waitForFunction((s) => document.getElementById('info-score').textContent === s, {}, shown);
  });

  // --- click-click: an illegal destination does nothing, a legal one plays ----------------
  // A white piece the board marks as able to move (Kroon's answer may have made a capture
  // compulsory, so which one depends on the weights).
  await page.waitForSelector('#board .piece.white.movable');
  const from = await page.$eval('#board .piece.white.movable', (g) => Number(g.getAttribute('data-piece')));
  await clickSquare(from);
  await page.waitForSelector('#board .piece.selected');
  const dests = await page.$$eval('#board .dest', (l) => l.map((e) => Number(e.getAttribute('data-dest'))));
  assert.ok(dests.length > 0, 'destinations are highlighted');
  await clickSquare(dests[0]);
  await waitPlies(4);
  step(`${from} to ${dests[0]} played by click-click; Kroon answered`);

  // --- takeback: back to the player's move, two plies fewer ------------------------------
  await press('#takeback');
  await waitPlies(2);
  assert.match(await pieceAt(from), /white/);
  await waitStatus(/Your move/);
  step('take back returned to the position before the last move');

  await check('after a takeback the engine panel shows nothing of the moves taken back', async () => {
    assert.equal(await text('#info-depth'), '–');
    assert.equal(await text('#info-pv'), '');
    assert.equal(await page.$eval('#eval-bar', (e) => e.dataset.value), '');
  });

  // --- flip: square 1 goes from the top left to the bottom right --------------------------
  const before = await centre(1);
  await press('#flip');
  const after = await centre(1);
  assert.ok(after[1] > before[1] && after[0] > before[0], 'square 1 moved to the bottom right');
  await press('#flip');
  step('flip turns the board around and back');

  // --- hint and a draw offer --------------------------------------------------------------
  await press('#hint');
  await page.waitForFunction(() => /Hint: /.test(document.getElementById('message').textContent));
  assert.equal(await count('#board rect.hint'), 2, 'the hint move is marked');
  await press('#draw');
  await page.waitForFunction(() => /declines the draw/.test(document.getElementById('message').textContent));
  assert.equal(await page.$eval('#result', (e) => e.hidden), true);
  step('hint shown on the board; Kroon declined a draw at the start');

  // --- the game kept in the tab: its line and variations in their order, per tab ------------
  await check('a game with a new line from its start survives a reload in order, and Kroon plays on', async () => {
    await newGame({ kroonSide: 'black', kind: 'depth', value: '1' });
    await playAny();
    await playAny();
    // Back to the start, another first move (playAny took the first piece, 31): it becomes the
    // game's line, the old one a variation.
    await press('#nav-first');
    await page.waitForFunction(() => !document.querySelector('#move-list .current'));
    await clickSquare(35);
    await clickSquare(30);
    await waitPlies(6);
    const line = await mainLine();
    assert.equal(line.length, 2);
    assert.equal(line[0], '35-30');
    await page.reload();
    await waitPlies(6);
    assert.deepEqual(await mainLine(), line, 'the main line is the same after the reload');
    await waitStatus(/^Your move \(White\)/);
    await playAny();
    assert.equal((await mainLine()).length, 4, 'Kroon answered on the game\'s line');
  });

  await check('each tab keeps its own game; another tab\'s search makes a hint wait, and the page says so', async () => {
    const mine = await mainLine();
    const all = await plies();
    const other = await browser.newPage();
    try {
      await other.setViewport({ width: 1280, height: 900 });
      await other.goto(server.url);
      await other.waitForSelector('#board [data-piece]');
      await other.select('#kroon-side', 'none');
      await other.click('#new-game');
      await other.waitForFunction(() => document.querySelectorAll('#move-list .move').length === 0 &&
        document.getElementById('top-name').textContent === 'Black: You');
      await playAny(1, other);
      const theirs = await mainLine(other);
      assert.equal(theirs.length, 1);
      // With two tabs the waits poll on a timer: a tab behind the other gets no animation frames.
      await page.bringToFront();
      await page.reload();
      await page.waitForFunction((n) => document.querySelectorAll('#move-list .move').length === n, { polling: 100 }, all);
      assert.deepEqual(await mainLine(), mine, 'a reload brings back this tab\'s own game');
      await other.bringToFront();
      await other.reload();
      await other.waitForFunction((n) => document.querySelectorAll('#move-list .move').length === n, { polling: 100 }, theirs.length);
      assert.deepEqual(await mainLine(other), theirs, 'and the other tab\'s its own');
      // The other tab's analysis holds the only search thread: a hint here waits, and says so.
      await other.click('#analyse');
      await other.waitForFunction(() => document.getElementById('engine-info').dataset.task === 'analysis' &&
        document.getElementById('info-depth').textContent !== '–', { polling: 100 });
      await page.bringToFront();
      await press('#hint');
      await page.waitForFunction(() => /waits for a free search thread/.test(document.getElementById('info-pv').textContent),
        { timeout: 3000, polling: 100 });
      await other.$eval('#stop', (b) => b.click());  // a tab behind: puppeteer's click waits for a frame
      await page.waitForFunction(() => /Hint: /.test(document.getElementById('message').textContent), { polling: 100 });
    } finally {
      await other.close();
    }
  });

  await check('an analysis goes on after the player\'s move and Kroon\'s answer in a game', async () => {
    await press('#analyse');
    await page.waitForFunction(() => document.getElementById('engine-info').dataset.task === 'analysis' &&
      document.querySelectorAll('#board .arrow.best').length === 1);
    const before = await plies();
    await playAny();
    await page.waitForFunction((n) => document.querySelectorAll('#move-list .move').length === n &&
      document.getElementById('engine-info').dataset.task === 'analysis' &&
      document.querySelectorAll('#board .arrow.best').length === 1, {}, before + 2);
    await press('#stop');
    await page.waitForFunction(() => document.getElementById('stop').disabled);
  });

  // --- a FEN set-up with a compulsory capture along its path ------------------------------
  await press('#setup-panel summary');
  await choose('#kroon-side', 'none');
  await page.$eval('#fen-input', (e) => { e.value = 'W:W28,38:B23,12,K5'; });
  await press('#fen-load');
  await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 5);
  await waitStatus(/capture is compulsory/);
  assert.match(await pieceAt(28), /must-capture/);
  assert.doesNotMatch(await pieceAt(38), /movable/, 'only the capturing piece may move');
  await clickSquare(28);
  await page.waitForSelector('#board polyline.path');
  assert.equal(await count('#board .captured-mark'), 1, 'the captured piece is marked');
  await clickSquare(19);
  await waitPlies(1);
  assert.equal(await pieceAt(23), null, 'the captured man is gone');
  assert.match(await pieceAt(19), /white/);
  assert.equal(await page.$eval('#fen-input', (e) => e.value), 'B:W19,38:BK5,12');
  step('FEN set up; the compulsory capture 28x19 was shown along its path and played');

  // --- the palette: clear, place three pieces, play the position --------------------------
  await press('#setup-toggle');
  await press('#setup-clear');
  await press('#palette [data-piece="w"]');
  await clickSquare(33);
  await press('#palette [data-piece="b"]');
  await clickSquare(18);
  await press('#palette [data-piece="B"]');
  await clickSquare(5);
  await press('#setup-done');
  await page.waitForFunction(() => document.getElementById('fen-input').value === 'W:W33:BK5,18');
  assert.equal(await count('#board .piece'), 3);
  step('a position set up with the palette');

  // --- copy the FEN -----------------------------------------------------------------------
  await press('#fen-copy');
  await page.waitForFunction(() => /FEN copied|copy the FEN/.test(document.getElementById('message').textContent));
  step('copy FEN');

  // --- a PDN file with two games: list, open the second, step through it -------------------
  const pdn = [
    '[Event "Test one"]', '[White "Alice"]', '[Black "Bob"]', '[Result "*"]', '',
    '1. 32-28 19-23 2. 28x19 14x23 *', '',
    '[Event "Test two"]', '[White "Carol"]', '[Black "Dave"]', '[Result "*"]', '',
    '1. 33-28 18-23 2. 39-33 12-18 3. 44-39 *', '',
  ].join('\n');
  const pdnPath = join(work, 'two.pdn');
  writeFileSync(pdnPath, pdn);
  await (await page.$('#pdn-file')).uploadFile(pdnPath);
  await page.waitForFunction(() => document.querySelectorAll('#pdn-games .game').length === 2);
  await press('#pdn-games .game[data-index="1"]');
  await waitPlies(5);
  assert.match(await text('#bottom-name'), /Carol/);
  await press('#nav-first');
  await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 40 &&
    !document.querySelector('#move-list .current'));
  await press('#nav-next');
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '33-28');
  await press('#move-list .move[data-ply="4"]');
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '12-18');
  await press('#nav-last');
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '44-39');
  step('PDN loaded: two games listed, the second opened and stepped through');

  // --- save as PDN, and the saved file reads back -----------------------------------------
  const saved = await savePdn();
  assert.ok(saved, 'a PDN file was downloaded');
  assert.match(saved, /\[White "Carol"\]/);
  assert.match(saved, /1\. 33-28 18-23 2\. 39-33 12-18 3\. 44-39/);
  const savedPath = join(work, 'saved.pdn');
  writeFileSync(savedPath, saved);
  await press('#new-game');
  await waitPlies(0);
  await (await page.$('#pdn-file')).uploadFile(savedPath);
  await waitPlies(5);
  step('the game saved as PDN and read back');

  // --- a study pasted as PDN text: nested variations, comments, marks and a NAG kept, shown,
  // saved back unchanged; a move inside the game makes a variation; a reload keeps the tree;
  // comment, promote and delete from under the move list ------------------------------------
  const study = [
    '[Event "Study"]', '[Site "?"]', '[Date "2026.11.26"]', '[Round "?"]', '[White "A"]', '[Black "B"]',
    '[Result "*"]', '[GameType "20"]', '[Annotator "Kroon\'s tests"]', '',
    '{An opening study} 1. 32-28 {good} 19-23 (1... 18-23 {also played} 2. 38-32',
    '(2. 37-32 13-18) 2... 12-18) 2. 28x19 $2 14x23 3. 37-32 10-14 ({or} 3... 9-14!?',
    '4. 31-27 $14) 4. 41-37 *', '',
  ].join('\n');
  await page.$eval('#pdn-text', (e, v) => { e.value = v; }, study);
  await press('#pdn-read');
  await page.waitForFunction(() => document.querySelectorAll('#pdn-games .game').length === 1 &&
    /Study/.test(document.getElementById('pdn-games').textContent));
  await press('#pdn-games .game[data-index="0"]');
  await waitPlies(14);
  assert.equal(await count('#move-list .variation'), 3);
  assert.equal(await count('#move-list .variation .variation'), 1, 'the nested variation is inside its parent');
  assert.deepEqual(await page.$$eval('#move-list .comment', (l) => l.map((e) => e.textContent)),
    ['An opening study', 'good', 'also played', 'or']);
  assert.equal(await page.$eval('#move-list .move[data-ply="3"]', (e) => e.textContent), '28x19?');
  assert.equal(await savePdn(), study);
  step('a pasted study shows its nested variations, comments and glyphs, and saves back unchanged');

  await check('every glyph of the move list is drawn by a font (none is a box)', async () => {
    // A character no font has is drawn as the missing-glyph box: the same picture as a
    // character that does not exist.
    const boxes = await page.$$eval('#move-list .move', (moves) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 48;
      const g = canvas.getContext('2d');
      const picture = (c, font) => {
        g.clearRect(0, 0, 48, 48);
        g.font = font;
        g.fillText(c, 4, 36);
        return g.getImageData(0, 0, 48, 48).data.join(',');
      };
      const found = new Set();
      for (const m of moves) {
        const style = getComputedStyle(m);
        const font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const box = picture('\u{10FFFD}', font);
        for (const c of m.textContent) if (c !== ' ' && picture(c, font) === box) found.add(`${m.textContent}: U+${c.codePointAt(0).toString(16)}`);
      }
      return [...found];
    });
    assert.deepEqual(boxes, []);
  });

  await press('#move-list .move[data-ply="1"]');
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '32-28');
  await page.evaluate(() => window.scrollTo(0, 0));
  await clickSquare(17);
  await clickSquare(21);
  await waitPlies(15);
  assert.equal(await text('#move-list .current'), '17-21');
  assert.equal(await count('#move-list .variation'), 4);
  assert.match(await savePdn(), /19-23\s\(1\.\.\.\s18-23\s\{also played\}\s[^]*12-18\)\s\(1\.\.\.\s17-21\)\s2\.\s28x19\s\$2/);
  await page.reload();
  await waitPlies(15);
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '17-21');
  await page.$eval('#setup-panel', (d) => { d.open = true; });
  step('a move inside the loaded game made a variation, and a reload kept the whole tree');

  await press('#comment-input');
  await page.keyboard.type('a quiet move');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('#move-list .comment')].some((e) => e.textContent === 'a quiet move'));
  await press('#tree-promote');
  await page.waitForFunction(() => document.querySelector('#move-list .variation .move')?.textContent === '17-21');
  assert.match(await savePdn(), /19-23\s\(1\.\.\.\s17-21\s\{a quiet move\}\)\s\(1\.\.\.\s18-23/);
  await press('#tree-delete');
  await waitPlies(14);
  assert.equal(await savePdn(), study);
  step('a comment, a promotion and a deletion from under the move list');

  await check('a mark set from the move list shows, is saved and is taken away again', async () => {
    await press('#move-list .move[data-ply="2"]');
    await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '19-23');
    await press('#mark-buttons [data-marks="!?"]');
    await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '19-23!?');
    assert.equal(await page.$eval('#mark-buttons [data-marks="!?"]', (b) => b.classList.contains('selected')), true);
    assert.match(await savePdn(), /1\. 32-28 \{good\} 19-23!\? \(1\.\.\./);
    await press('#mark-buttons [data-marks="!?"]');
    await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '19-23');
    assert.equal(await savePdn(), study);
  });

  await check('arrows and circles drawn with the right button are kept in the PDN and across a reload', async () => {
    await press('#move-list .move[data-ply="1"]');
    await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '32-28');
    await page.evaluate(() => window.scrollTo(0, 0));
    const [ax, ay] = await centre(17);
    const [bx, by] = await centre(21);
    await page.mouse.move(ax, ay);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(bx, by, { steps: 3 });
    await page.mouse.up({ button: 'right' });
    await page.waitForSelector('#board .mark-arrow.mark-G');
    const [cx, cy] = await centre(28);
    await page.keyboard.down('Shift');
    await page.mouse.click(cx, cy, { button: 'right' });
    await page.keyboard.up('Shift');
    await page.waitForSelector('#board .mark-circle.mark-R');
    assert.deepEqual(await page.$$eval('#move-list .comment', (l) => l.map((e) => e.textContent)).then((l) => l.slice(0, 2)),
      ['An opening study', 'good'], 'the list shows the comment without the marks');
    assert.match(await savePdn(), /1\. 32-28 \{\[%cal G17-21\] \[%csl R28\] good\} 19-23/);
    await page.reload();
    await page.waitForSelector('#board .mark-arrow.mark-G');
    assert.equal(await count('#board .mark-circle.mark-R'), 1);
    // The same marks again take them away: the study is as it was.
    await page.mouse.move(ax, ay);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(bx, by, { steps: 3 });
    await page.mouse.up({ button: 'right' });
    await page.keyboard.down('Shift');
    await page.mouse.click(cx, cy, { button: 'right' });
    await page.keyboard.up('Shift');
    await page.waitForFunction(() => !document.querySelector('#board .mark-arrow, #board .mark-circle'));
    await page.$eval('#setup-panel', (d) => { d.open = true; });  // closed again by the reload
    assert.equal(await savePdn(), study);
  });

  await check('a match record shows each side\'s clock and the engines\' scores as a graph', async () => {
    const record = [
      '[Event "Kroon match"]', '[White "Engine A"]', '[Black "Engine B"]', '[Result "*"]', '[GameType "20"]',
      '[TimeControl "60+1"]', '',
      '1. 32-28 {[%clk 0:01:00.5] [%emt 0:00:00.5] [%eval 0.10,12]} 19-23 {[%clk 0:00:58.0] [%emt 0:00:03.0] [%eval 0.05,11]}',
      '2. 28x19 {[%clk 0:00:59.0] [%emt 0:00:02.5] [%eval 0.20,13]} 14x23 {[%clk 0:00:57.9] [%emt 0:00:01.1] [%eval -1.25,12]} *', '',
    ].join('\n');
    await page.$eval('#setup-panel', (d) => { d.open = true; });
    await page.$eval('#pdn-text', (e, v) => { e.value = v; }, record);
    await press('#pdn-read');
    await waitPlies(4);
    assert.equal(await count('#move-list .comment'), 0, 'the clocks and scores are not shown as comments');
    assert.equal(await page.$eval('#graph', (g) => g.dataset.recorded), '4', 'the graph shows the four recorded scores');
    // At the end: each side's clock after its last move, the last score on the bar.
    assert.equal(await text('#bottom-clock'), '0:59');
    assert.equal(await text('#top-clock'), '0:57');
    assert.equal(await page.$eval('#eval-bar', (e) => e.dataset.value), '-125');
    assert.match(await page.$eval('#move-list .move[data-ply="2"]', (e) => e.title), /clock 0:58.*took 0:03.*score \+0\.05 \(depth 11\)/);
    await press('#nav-first');
    await page.waitForFunction(() => document.getElementById('top-clock').textContent === '1:00' &&
      document.getElementById('bottom-clock').textContent === '1:00');
    await press('#nav-next');
    await page.waitForFunction(() => document.getElementById('bottom-clock').textContent === '1:00' &&
      document.getElementById('eval-bar').dataset.value === '10');
  });

  await check('an international game without GameType opens on an English board, its draw as recorded', async () => {
    await newGame({ variant: 'english', kroonSide: 'none' });
    await page.$eval('#setup-panel', (d) => { d.open = true; });
    await page.$eval('#pdn-text', (e, v) => { e.value = v; },
      '[Event "club"]\n[Result "1-1"]\n\n1. 32-28 19-23 (1... 18-23 2. 28-33) 2. 28x19 14x23 1-1\n');
    await press('#pdn-read');
    await page.waitForFunction(() => /international, no GameType tag/.test(document.getElementById('pdn-games').textContent));
    // The game's four moves, and of the side line the move before the illegal one.
    await page.waitForFunction(() => document.getElementById('variant-title').textContent === 'international' &&
      document.querySelectorAll('#move-list .move').length === 5);
    assert.deepEqual(await mainLine(), ['32-28', '19-23', '28x19', '14x23']);
    assert.match(await text('#message'), /left out: .*illegal move 28-33/);
    assert.match(await page.$eval('#result', (e) => e.textContent), /^1-1 +draw - as recorded$/);
  });

  // --- analysis: live depth, score and line; stop; play the best move ---------------------
  await newGame({ kroonSide: 'none' });
  await press('#analyse');
  await page.waitForFunction(() => document.getElementById('engine-info').dataset.task === 'analysis' &&
    Number.parseInt(document.getElementById('info-depth').textContent, 10) >= 6);
  assert.match(await text('#info-score'), /^[+-]?\d+\.\d\d$/);
  assert.ok((await text('#info-pv')).split(' ').length >= 2, 'a principal variation is shown');
  assert.ok(Number(await page.$eval('#graph', (g) => g.dataset.points)) >= 1, 'the graph shows the score');
  assert.equal(await count('#board .arrow.best'), 1, 'the best move is drawn as an arrow');
  await page.waitForFunction(() => document.querySelectorAll('#info-pv .line').length === 3 &&
    document.querySelectorAll('#board .arrow').length === 3);
  assert.notEqual(await page.$eval('#eval-bar', (e) => e.dataset.value), '', 'the evaluation bar shows the score');
  // A deep search's line is long: it is cut on its row, and the panel stays beside the board
  // (were the panel dropped below it, the Stop button would move away under the pointer).
  const beside = await page.evaluate(() => {
    const panelBeside = () => document.getElementById('side').getBoundingClientRect().left >=
      document.getElementById('play-area').getBoundingClientRect().right;
    const before = panelBeside();
    document.querySelector('#info-pv .line').append(' 32-28 19-23 28x19 14x23'.repeat(40));
    return [before, panelBeside()];
  });
  assert.deepEqual(beside, [true, true], 'the panels stand beside the board, also with a long line');
  await press('#stop');
  await page.waitForFunction(() => /^best /.test(document.getElementById('info-pv').textContent));
  await page.waitForFunction(() => document.getElementById('stop').disabled);
  // On a short window the move list lies below the fold: the move arriving scrolls the list,
  // never the page away from the analysis panel the user is reading.
  await page.setViewport({ width: 1280, height: 480 });
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.ok(await page.$eval('#move-list', (e) => e.getBoundingClientRect().top > window.innerHeight),
    'the move list starts below the window');
  await press('#play-pv');
  await waitPlies(1);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new move leaves the page where it was');
  await page.setViewport({ width: 1280, height: 900 });
  step('analysis showed depth, score, three lines with their arrows and the evaluation bar, a long line cut on its row; stopped; its best move played');

  // --- the other engine (--engine) analyses the same board ---------------------------------
  assert.equal(await page.$eval('#engine-choice', (e) => e.hidden), false, 'the engine choice is shown');
  await page.select('#analysis-engine', 'other');
  await press('#analyse');
  await page.waitForFunction(() => /^Kroon \S+/.test(document.querySelector('#info-pv .engine-name')?.textContent ?? '') &&
    Number.parseInt(document.getElementById('info-depth').textContent, 10) >= 4);
  await press('#stop');
  await page.waitForFunction(() => document.getElementById('stop').disabled);
  await page.select('#analysis-engine', 'kroon');
  step(`the other engine analysed the position (${await text('#analysis-engine option[value=other]')})`);

  // --- Kroon takes over the side to move of an analysis board ------------------------------
  await press('#kroon-move');
  await waitPlies(2);
  await waitStatus(/Your move \(White\)/);
  assert.match(await text('#top-name'), /Black: Kroon/);
  step('Kroon took the side to move and played it');

  // --- resign ------------------------------------------------------------------------------
  await newGame({ kroonSide: 'black' });
  await check('one click on Resign asks again; it takes a second to resign', async () => {
    await press('#resign');
    await page.waitForFunction(() => /really/i.test(document.getElementById('resign').textContent));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await page.$eval('#result', (e) => e.hidden), true, 'one click has not resigned');
  });
  if (!(await page.$eval('#resign', (e) => /really/i.test(e.textContent)))) await press('#resign');
  if (await page.$eval('#result', (e) => e.hidden)) await press('#resign');
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.match(await text('#result'), /^0-2 .*resign/i);
  step('resignation ends the game with its article');

  // --- a clock game: both clocks shown, the player's runs -----------------------------------
  await newGame({ kroonSide: 'black', kind: 'clock', value: '1m+1' });
  await page.waitForFunction(() => /^1:0\d$|^0:5\d$/.test(document.getElementById('bottom-clock').textContent) &&
    document.getElementById('bottom-clock').classList.contains('running'));
  assert.match(await text('#top-clock'), /^1:00$/);
  assert.doesNotMatch(await page.$eval('#top-clock', (e) => e.className), /running/);
  await clickSquare(32);
  await clickSquare(28);
  await waitPlies(2);
  await page.waitForFunction(() => document.getElementById('bottom-clock').classList.contains('running'));
  assert.match(await text('#top-clock'), /^[01]:\d\d$/);
  step(`a 1m+1 clock game: both clocks shown (${await text('#bottom-clock')} / ${await text('#top-clock')})`);

  // --- the level box: a bad value is said, a decimal comma is read, a bare clock is minutes --
  await setLevel('time', 'abc');
  await press('#new-game');
  await page.waitForFunction(() => /give the seconds per move/.test(document.getElementById('message').textContent));
  assert.equal(await plies(), 2, 'no new game was started');
  assert.notEqual(await text('#info-depth'), '–', 'the engine panel shows Kroon\'s last search');
  await newGame({ kroonSide: 'black', kind: 'time', value: '0,5' });
  assert.equal(await text('#info-depth'), '–', 'a new game clears the engine panel');
  await newGame({ kroonSide: 'black', kind: 'clock', value: '5' });
  await page.waitForFunction(() => document.getElementById('top-clock').textContent === '5:00');
  step('the level box: "abc" is refused with a reason, "0,5" is half a second, a clock of "5" is 5 minutes');

  // --- a long error stays inside its box ------------------------------------------------------
  await page.$eval('#fen-input', (e) => { e.value = 'W:W' + '31,'.repeat(120) + 'x'; });
  await press('#fen-load');
  await page.waitForFunction(() => /FEN/.test(document.getElementById('message').textContent));
  const overflow = await page.$eval('#message', (e) => e.scrollWidth - e.clientWidth);
  assert.ok(overflow <= 1, `the message fits its box (${overflow} px over)`);
  step('a long error message wraps inside its box');

  // --- a Russian game: coordinates on the edges, the moves and the saved PDN as c3-d4 -------
  await newGame({ variant: 'russian', kroonSide: 'black' });
  assert.equal(await text('#numbers-label'), 'Coordinates');
  if (!(await page.$eval('#numbers', (e) => e.checked))) await press('#numbers');
  const edge = (cls) => page.$$eval(`#board .${cls}`, (l) => l.map((e) => e.textContent).sort().join(''));
  assert.equal(await edge('coord-file'), 'abcdefgh');
  assert.equal(await edge('coord-rank'), '12345678');
  assert.equal(await count('#board .sq-number:not(.coord-file):not(.coord-rank)'), 0);
  await clickSquare(22);
  await clickSquare(18);
  await waitPlies(2);
  const russianMoves = await page.$$eval('#move-list .move', (l) => l.map((e) => e.textContent));
  assert.equal(russianMoves[0], 'c3-d4');
  assert.match(russianMoves[1], /^[a-h][1-8][-:][a-h][1-8]$/);
  const russianPdn = await savePdn();
  assert.ok(russianPdn, 'the Russian game was downloaded');
  assert.match(russianPdn, /\[GameType "25"\]/);
  assert.ok(russianPdn.includes(`1. c3-d4 ${russianMoves[1]}`), russianPdn);
  step('a Russian game: coordinates a-h and 1-8 on the edges, moves and saved PDN written c3-d4');

  // --- a whole short game against Kroon (English checkers, Kroon plays White) ---------------
  await newGame({ variant: 'english', kroonSide: 'white', kind: 'depth', value: '6' });
  assert.equal(await count('#board rect[data-square]'), 32);
  for (let moves = 0; moves < 200; ++moves) {
    await page.waitForFunction(() => !document.getElementById('result').hidden ||
      document.querySelectorAll('#board .piece.movable').length > 0, { timeout: 30000 });
    if (!(await page.$eval('#result', (e) => e.hidden))) break;
    const played = await plies();
    const from = await page.$eval('#board .piece.movable', (g) => Number(g.getAttribute('data-piece')));
    await clickSquare(from);
    await page.waitForSelector('#board .dest');
    const to = await page.$eval('#board .dest', (e) => Number(e.getAttribute('data-dest')));
    await clickSquare(to);
    await page.waitForFunction((n) => document.querySelectorAll('#move-list .move').length > n, {}, played);
  }
  const result = await text('#result');
  // The result token and the verdict with the rule it comes from, e.g. "1-0 White wins: Black
  // to move has no legal move (Huisman en Hötte leaflet, English art. 6)".
  assert.match(result, /^(1-0|0-1|1\/2-1\/2) +\S.*\(.+\)/, `a rule ended the game: ${result}`);
  step(`a whole game of English checkers against Kroon: ${result.trim()} after ${await plies()} plies`);

  await check('a move is never cut over two lines of the move list', async () => {
    const broken = await page.evaluate(() => {
      const list = document.getElementById('move-list');
      const found = new Set();
      for (let width = 120; width <= 420; width += 3) {
        list.style.width = `${width}px`;
        for (const m of list.querySelectorAll('.move')) if (m.getClientRects().length > 1) found.add(m.textContent);
        if (list.scrollWidth > list.clientWidth + 1) found.add(`the list overflows at ${width} px`);
      }
      list.style.width = '';
      return [...found];
    });
    assert.deepEqual(broken, []);
  });

  // --- stepping through the game with the keyboard and the mouse wheel ----------------------
  const total = await plies();
  const current = () => page.$eval('#move-list', (l) => {
    const c = l.querySelector('.current');
    return c ? Number(c.dataset.ply) : 0;
  });
  const waitCurrent = (n) => page.waitForFunction((k) => {
    const c = document.querySelector('#move-list .current');
    return (c ? Number(c.dataset.ply) : 0) === k;
  }, {}, n);
  await page.focus('body');
  await page.keyboard.press('Home');
  await waitCurrent(0);
  await page.keyboard.press('ArrowRight');
  await waitCurrent(1);
  await page.keyboard.press('ArrowRight');
  await waitCurrent(2);
  await page.keyboard.press('ArrowLeft');
  await waitCurrent(1);
  await page.keyboard.press('End');
  await waitCurrent(total);
  const [bx, by] = await centre(5);
  await page.mouse.move(bx, by);
  await page.mouse.wheel({ deltaY: -100 });
  await waitCurrent(total - 1);
  await page.mouse.wheel({ deltaY: 100 });
  await waitCurrent(total);
  assert.equal(await current(), total);
  step(`Home, arrows, End and the mouse wheel step through the ${total} plies`);

  // --- a reload keeps the game and the settings --------------------------------------------
  const resultBefore = await text('#result');
  const topLeftBefore = await centre(1);
  await press('#flip');
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('#move-list .move').length === n, {}, total);
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await text('#result'), resultBefore);
  assert.equal(await page.$eval('#variant-title', (e) => e.textContent), 'english');
  const flippedAfter = await centre(1);
  assert.ok(flippedAfter[1] > topLeftBefore[1], 'the board is still flipped');
  await press('#flip');
  step(`a reload brought back the game (${total} plies, ${resultBefore.split(' ')[0]}) and the flipped board`);

  await check('at 1280x800 the status or result stays on one line and the step buttons in view', async () => {
    await page.setViewport({ width: 1280, height: 800 });
    try {
      const lowest = () => page.evaluate(() => {
        const shown = ['status', 'result'].map((id) => document.getElementById(id)).find((e) => !e.hidden);
        return { nav: document.getElementById('nav-last').getBoundingClientRect().bottom, line: shown.getBoundingClientRect().height };
      });
      await page.focus('body');
      await page.keyboard.press('Home');
      await waitStatus(/^Move 0 of /);
      await page.keyboard.press('ArrowRight');
      await waitStatus(/^Move 1 of /);
      const stepping = await lowest();
      await page.keyboard.press('End');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      const ended = await lowest();
      for (const [where, m] of [['stepping', stepping], ['at the end', ended]]) {
        assert.ok(m.nav <= 800, `${where}: the step buttons end at ${m.nav} px`);
        assert.ok(m.line <= 32, `${where}: the status is one line (${m.line} px)`);
      }
    } finally {
      await page.setViewport({ width: 1280, height: 900 });
    }
  });

  // --- game review: a known blunder is marked, with the better move and a summary ------------
  // White to move: 45-40 holds (about -0.4), 34-30 loses a man and the game.
  await newGame({ kroonSide: 'none' });
  await page.$eval('#setup-panel', (d) => { d.open = true; });  // closed again after the reload
  await page.$eval('#fen-input', (e) => { e.value = 'W:W34,45:B24,5'; });
  await press('#fen-load');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-piece]').length === 4);
  await clickSquare(34);
  await clickSquare(30);
  await waitPlies(1);
  await press('#review');
  await page.waitForSelector('#move-list .move.blunder', { timeout: 20000 });
  const blunder = await page.$eval('#move-list .move.blunder', (e) => ({ text: e.textContent, title: e.title }));
  assert.equal(blunder.text, '34-30??');
  assert.match(blunder.title, /^blunder: [+-]?\d+\.\d\d to (Black wins|[+-]?\d+\.\d\d), \d+ % of the points lost; better 45-40$/);
  assert.ok(Number(/, (\d+) % of the points lost/.exec(blunder.title)[1]) >= 15, 'a blunder loses 15 % or more');
  assert.match(await text('#review-summary'), /^White: 1 blunder, 0 mistakes, 0 inaccuracies · Black: 0 blunders/);
  step(`Score the game marks ${blunder.text} (${blunder.title})`);

  // --- the opening book: Kroon's first move from it, marked; the explorer plays a move -----
  const booked = await startKroon(kroon, ['--threads', '1', '--hash', '16']);
  try {
    await page.goto(booked.url);
    await page.waitForFunction(() => document.querySelectorAll('#book-moves tbody tr').length === 9);
    const bookRows = await page.$$eval('#book-moves tbody tr', (l) => l.map((r) => r.cells[0].textContent));
    assert.ok(await page.$eval('#book-empty', (e) => e.hidden), 'the start is in the book');
    await newGame({ kroonSide: 'white', kind: 'depth', value: '3' });
    await waitPlies(1);
    const first = await page.$eval('#move-list .move', (e) => ({ text: e.textContent, book: e.classList.contains('book') }));
    assert.deepEqual(first, { text: bookRows[0], book: true }, 'Kroon played the book\'s best move, marked');
    await check('the book mark reads "bk"', async () => {
      assert.equal(await page.$eval('#move-list .move.book', (e) => getComputedStyle(e, '::after').content), '"\u00a0bk"');
    });
    await page.waitForSelector('#book-moves tbody tr.playable');
    const reply = await page.$eval('#book-moves tbody tr.playable', (r) => r.cells[0].textContent);
    await press('#book-moves tbody tr.playable');
    await page.waitForFunction(() => document.querySelectorAll('#move-list .move').length >= 2);
    assert.equal((await page.$$eval('#move-list .move', (l) => l.map((e) => e.textContent)))[1], reply);
    step(`the opening book: Kroon opened ${first.text} from it; ${reply} played from the explorer`);
  } finally {
    await page.goto('about:blank');  // before the server goes, so the page does not reconnect to it
    await booked.stop();
  }

  assert.deepEqual(pageErrors, [], 'no errors on the page');
  if (failedChecks.length) {
    console.error(`${passed} passed, ${failedChecks.length} failed:\n${failedChecks.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(`${passed} passed, 0 failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
} catch (e) {
  console.error(`FAILED after ${passed} steps: ${e.stack || e}`);
  if (page) {
    const shown = await page.evaluate(() => ['status', 'message', 'result'].map((id) =>
      `${id}: ${document.getElementById(id).textContent}`).join('\n')).catch(() => '');
    console.error(shown);
    if (process.env.KROON_E2E_SCREENSHOT) await page.screenshot({ path: process.env.KROON_E2E_SCREENSHOT }).catch(() => {});
  }
  if (pageErrors.length) console.error(`page errors: ${pageErrors.join('\n')}`);
  if (frames.length) console.error(`the latest messages (> sent, < received):\n${frames.join('\n')}`);
  console.error(`server stderr: ${server.stderr()}`);
  process.exitCode = 1;
} finally {
  await close();
  const code = await server.stop();
  if (code !== 0 && !process.exitCode) {
    console.error(`kroon serve exited with status ${code} on SIGTERM`);
    process.exitCode = 1;
  }
  rmSync(work, { recursive: true, force: true });
}
