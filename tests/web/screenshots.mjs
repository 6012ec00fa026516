// Takes the screenshots of docs/ (a game in progress, an analysis and review with its engine
// lines, a study with variations and comments, a Russian game with its coordinates) with
// headless Chromium:
//   node tests/web/screenshots.mjs build/tools/kroon docs
import { join } from 'node:path';
import { launchChromium, startKroon } from './harness.mjs';

const [kroon, out = 'docs'] = process.argv.slice(2);
const { browser, close } = await launchChromium();
const server = await startKroon(kroon, ['--threads', '1']);
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(60000);
  await page.setViewport({ width: 1200, height: 860 });
  await page.goto(server.url);
  await page.waitForSelector('#board [data-piece]');
  const centre = async (n) => {
    const box = await (await page.$(`#board rect[data-square="${n}"]`)).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const click = async (n) => { const [x, y] = await centre(n); await page.mouse.click(x, y); };
  const plies = () => page.$$eval('#move-list .move', (l) => l.length);
  const play = async (from, to) => {
    const n = await plies();
    await click(from);
    await click(to);
    await page.waitForFunction((k) => document.querySelectorAll('#move-list .move').length >= k + 2 ||
      !document.getElementById('result').hidden, {}, n);
  };

  // A game against Kroon on a 5 minute + 2 second clock.
  await page.select('#level-kind', 'clock');
  await page.$eval('#level-value', (e) => { e.value = '5m+2'; });
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('top-clock').textContent === '5:00');
  for (const [from, to] of [[32, 28], [37, 32], [41, 37], [34, 29], [40, 34]]) {
    const movable = await page.$$eval('#board .piece.movable', (l) => l.map((g) => Number(g.dataset.piece)));
    if (!movable.includes(from)) break;
    await play(from, to);
  }
  await page.click('#numbers');
  const movable = await page.$$eval('#board .piece.movable', (l) => l.map((g) => Number(g.dataset.piece)));
  await click(movable[Math.floor(movable.length / 2)]);
  await page.screenshot({ path: join(out, 'web-game.png') });

  // Analysis: the game scored move by move, then Kroon thinking about a position of it.
  for (let i = 0; i < 14; ++i) {
    if (!(await page.$eval('#result', (e) => e.hidden))) break;
    const from = await page.$eval('#board .piece.movable', (g) => Number(g.dataset.piece));
    await click(from);
    const to = await page.$eval('#board .dest', (e) => Number(e.dataset.dest));
    await play(from, to);
  }
  await page.click('#resign');
  await page.click('#review');
  await page.waitForFunction(() => document.getElementById('stop').disabled, { timeout: 120000 });
  const total = await plies();
  await page.click(`#move-list .move[data-ply="${Math.max(1, total - 8)}"]`);
  await page.waitForSelector('#move-list .current');
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('engine-info').dataset.task === 'analysis' &&
    Number.parseInt(document.getElementById('info-depth').textContent, 10) >= 16);
  await page.screenshot({ path: join(out, 'web-analysis.png') });
  await page.click('#stop');

  // A study: a PDN with variations, comments and glyphs pasted, a variation shown.
  const study = [
    '[Event "Opening study"]', '[White "?"]', '[Black "?"]', '[Result "*"]', '',
    '{The Roozenburg opening and its side lines} 1. 32-28 {the centre at once} 19-23',
    '(1... 18-23 {also played} 2. 38-32 (2. 37-32 13-18) 2... 12-18) 2. 28x19 14x23',
    '3. 37-32 10-14 ({or} 3... 9-14!? 4. 31-27 $14) 4. 41-37 5-10 5. 46-41 *', '',
  ].join('\n');
  await page.select('#level-kind', 'depth');
  await page.$eval('#level-value', (e) => { e.value = '8'; });
  await page.select('#kroon-side', 'none');
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('top-clock').textContent === '');
  await page.$eval('#setup-panel', (d) => { d.open = true; });
  await page.$eval('#pdn-text', (e, v) => { e.value = v; }, study);
  await page.click('#pdn-read');
  await page.waitForFunction(() => /Opening study/.test(document.getElementById('pdn-games').textContent));
  await page.click('#pdn-games .game[data-index="0"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .variation').length === 3);
  await page.click('#setup-panel summary');
  await page.$$eval('#move-list .move', (l) => l.find((e) => e.textContent === '9-14!?').click());
  await page.waitForFunction(() => document.querySelector('#move-list .current')?.textContent === '9-14!?');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(out, 'web-study.png') });

  // A Russian game: moves written c3-d4, the files and ranks on the board's edges.
  await page.select('#variant', 'russian');
  await page.select('#level-kind', 'depth');
  await page.$eval('#level-value', (e) => { e.value = '8'; });
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('variant-title').textContent === 'russian' &&
    document.querySelectorAll('#move-list .move').length === 0);
  if (!(await page.$eval('#numbers', (e) => e.checked))) await page.click('#numbers');
  for (const [from, to] of [[22, 18], [21, 17], [23, 19], [24, 20]]) {
    const movable = await page.$$eval('#board .piece.movable', (l) => l.map((g) => Number(g.dataset.piece)));
    if (!movable.includes(from)) break;
    await play(from, to);
  }
  await page.screenshot({ path: join(out, 'web-russian.png') });
} finally {
  await close();
  await server.stop();
}
