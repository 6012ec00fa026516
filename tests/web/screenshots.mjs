// Takes the screenshots of docs/ (a game in progress, an analysis and review with its engine
// lines, a study with variations and comments, a match record with its clocks and score graph,
// a Russian game with its coordinates) with headless Chromium:
//   node tests/web/screenshots.mjs build/tools/kroon docs
// The match record is a game `kroon match` plays for it (about half a minute).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clickSquare, launchChromium, press as pressOf, startKroon } from './harness.mjs';

const [kroon, out = 'docs'] = process.argv.slice(2);

// A game of Kroon against Kroon with its hand-written evaluation on a 12 s + 0.1 clock,
// recorded as `kroon match` records games: the scores tell who wins, and when.
const work = mkdtempSync(join(tmpdir(), 'kroon-screenshots-'));
const matchPdn = join(work, 'match.pdn');
const played = spawnSync(kroon, ['match', 'builtin', `${kroon} hub --eval hand`, '--tc', '12+0.1', '--games', '1',
  '--seed', '3', '--ballots', '2', '--pdn', matchPdn], { encoding: 'utf8' });
if (played.status !== 0) throw new Error(`kroon match failed: ${played.stderr}`);
const record = readFileSync(matchPdn, 'utf8');

const { browser, close } = await launchChromium();
const server = await startKroon(kroon, ['--threads', '1']);
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(60000);
  await page.setViewport({ width: 1200, height: 860 });
  // The evaluation bar eases to a new width over 0.3 s: a picture waits until it has.
  const shot = async (name) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await page.screenshot({ path: join(out, name) });
  };
  await page.goto(server.url);
  await page.waitForSelector('#board [data-piece]');
  const press = (selector) => pressOf(page, selector);
  const click = (n) => clickSquare(page, n);
  const plies = () => page.$$eval('#move-list .move', (l) => l.length);
  const play = async (from, to, answered = true) => {
    const n = await plies();
    await click(from);
    await click(to);
    await page.waitForFunction((k) => document.querySelectorAll('#move-list .move').length >= k ||
      !document.getElementById('result').hidden, {}, n + (answered ? 2 : 1));
  };
  // The page at its top, the pointer off the page's buttons and moves.
  const top = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(1, 1);
  };

  // A game against Kroon on a 5 minute + 2 second clock.
  await page.select('#level-kind', 'clock');
  await page.$eval('#level-value', (e) => { e.value = '5m+2'; });
  await press('#new-game');
  await page.waitForFunction(() => document.getElementById('top-clock').textContent === '5:00');
  for (const [from, to] of [[32, 28], [37, 32], [41, 37], [34, 29], [40, 34]]) {
    const movable = await page.$$eval('#board .piece.movable', (l) => l.map((g) => Number(g.dataset.piece)));
    if (!movable.includes(from)) break;
    await play(from, to);
  }
  await press('#numbers');
  const movable = await page.$$eval('#board .piece.movable', (l) => l.map((g) => Number(g.dataset.piece)));
  await click(movable[Math.floor(movable.length / 2)]);
  await top();
  await shot('web-game.png');

  // Analysis: the game scored move by move, then Kroon thinking about a position of it.
  for (let i = 0; i < 14; ++i) {
    if (!(await page.$eval('#result', (e) => e.hidden))) break;
    const from = await page.$eval('#board .piece.movable', (g) => Number(g.dataset.piece));
    await click(from);
    const to = await page.$eval('#board .dest', (e) => Number(e.dataset.dest));
    await play(from, to);
  }
  if (await page.$eval('#result', (e) => e.hidden)) {
    await press('#resign');  // and again: resigning asks twice
    await page.waitForFunction(() => /really/i.test(document.getElementById('resign').textContent));
    await press('#resign');
  }
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  const total = await plies();
  await press('#review');
  // Every position scored (the start too), and the review over.
  await page.waitForFunction((n) => Number(document.getElementById('graph').dataset.points) >= n &&
    document.getElementById('stop').disabled, { timeout: 120000 }, total);
  await press(`#move-list .move[data-ply="${Math.max(1, total - 8)}"]`);
  await page.waitForSelector('#move-list .current');
  await press('#analyse');
  await page.waitForFunction(() => document.getElementById('engine-info').dataset.task === 'analysis' &&
    Number.parseInt(document.getElementById('info-depth').textContent, 10) >= 15, { timeout: 180000 });
  await top();
  await shot('web-analysis.png');
  await press('#stop');
  await page.waitForFunction(() => document.getElementById('stop').disabled);

  // A study: a PDN with variations, comments and glyphs pasted, a variation shown.
  const study = [
    '[Event "Opening study"]', '[White "?"]', '[Black "?"]', '[Result "*"]', '',
    '{The Roozenburg opening and its side lines} 1. 32-28 {the centre at once} 19-23',
    '(1... 18-23 {also played} 2. 38-32 (2. 37-32 13-18) 2... 12-18) 2. 28x19 14x23',
    '3. 37-32 10-14 ({or} 3... 9-14!? 4. 31-27 $14) 4. 41-37 5-10 5. 46-41 *', '',
  ].join('\n');
  const paste = async (text) => {
    await page.$eval('#setup-panel', (d) => { d.open = true; });
    await page.$eval('#pdn-text', (e, v) => { e.value = v; }, text);
    await press('#pdn-read');
  };
  await page.select('#level-kind', 'depth');
  await page.$eval('#level-value', (e) => { e.value = '8'; });
  await page.select('#kroon-side', 'none');
  await press('#new-game');
  await page.waitForFunction(() => document.getElementById('top-clock').textContent === '' &&
    document.querySelectorAll('#move-list .move').length === 0);
  await paste(study);
  await page.waitForFunction(() => document.querySelectorAll('#move-list .variation').length === 3);
  await page.$eval('#setup-panel', (d) => { d.open = false; });
  await page.$$eval('#move-list .move', (l) => l.find((e) => e.textContent === '9-14!?').click());
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '9-14!?');
  await top();
  await shot('web-study.png');

  // A match record: each side's clock at the move shown, the engines' scores as a graph.
  await paste(record);
  await page.waitForFunction(() => Number(document.getElementById('graph').dataset.recorded) > 20);
  await page.$eval('#setup-panel', (d) => { d.open = false; });
  const moves = await plies();
  await press(`#move-list .move[data-ply="${Math.min(moves, 41)}"]`);
  await page.waitForFunction((p) => document.querySelector('#move-list .current')?.dataset.ply === String(p), {},
    Math.min(moves, 41));
  await top();
  await shot('web-match.png');

  // A Russian game: moves written c3-d4, the files and ranks on the board's edges.
  await page.select('#variant', 'russian');
  await page.select('#kroon-side', 'black');
  await page.select('#level-kind', 'depth');
  await page.$eval('#level-value', (e) => { e.value = '8'; });
  await press('#new-game');
  await page.waitForFunction(() => document.getElementById('variant-title').textContent === 'russian' &&
    document.querySelectorAll('#move-list .move').length === 0);
  if (!(await page.$eval('#numbers', (e) => e.checked))) await press('#numbers');
  for (const [from, to] of [[22, 18], [21, 17], [23, 19], [24, 20]]) {
    const pieces = await page.$$eval('#board .piece.movable', (l) => l.map((g) => Number(g.dataset.piece)));
    if (!pieces.includes(from)) break;
    await play(from, to);
  }
  await top();
  await shot('web-russian.png');
} finally {
  await close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
