// The browser test of the static site (docs/web.md, "The static site"): the site folder that
// `scripts/setup.sh web` builds, served by a plain static server (python3 -m http.server), in
// Debian's headless Chromium. No kroon process runs: the board's session and Kroon's engine
// run in the page's Web Workers. Kroon answers a move; an analysis of three lines runs and
// stops on request; a hint; a review of the game; a reload keeps the game; a Russian game in
// algebraic notation; a three-piece Frisian ending shows the databases' value; the search
// worker inflates the databases' zlib streams.
//
// Run: node tests/web/site.mjs build-web/site   (the site must hold the Frisian databases of
// up to 3 pieces at least: KROON_WEB_EGDB=frisian KROON_WEB_EGDB_PIECES=3 is enough)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { deflateSync } from 'node:zlib';
import { clickSquare as clickSquareOf, launchChromium } from './harness.mjs';

const site = process.argv[2];
if (!site) {
  console.error('usage: node site.mjs path/to/build-web/site');
  process.exit(2);
}

const freePort = () => new Promise((resolve) => {
  const probe = createServer();
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

const started = Date.now();
let passed = 0;
function step(name) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${name}`);
  passed += 1;
}

const port = await freePort();
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', site],
  { stdio: 'ignore' });
const { browser, close } = await launchChromium();
const pageErrors = [];
let page = null;
try {
  for (let i = 0; i < 50; ++i) {
    const up = await fetch(`http://127.0.0.1:${port}/index.html`).then((r) => r.ok).catch(() => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  page = await browser.newPage();
  page.setDefaultTimeout(30000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await page.setViewport({ width: 1280, height: 900 });
  if (process.env.KROON_SITE_DEBUG) {
    page.on('console', (m) => console.log(m.text().slice(0, 200)));
    await page.evaluateOnNewDocument(() => {
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (m) { if (typeof m === 'string') console.log(`> ${m.slice(0, 150)}`); return post.call(this, m); };
      const add = Worker.prototype.addEventListener;
      Worker.prototype.addEventListener = function (t, f) {
        if (t !== 'message') return add.call(this, t, f);
        return add.call(this, t, (e) => {
          if (typeof e.data === 'string' && !e.data.includes('"type":"info"')) console.log(`< ${e.data.slice(0, 100)}`);
          f(e);
        });
      };
    });
  }

  const text = (selector) => page.$eval(selector, (e) => e.textContent);
  const count = (selector) => page.$$eval(selector, (l) => l.length);
  const moveTexts = () => page.$$eval('#move-list .move', (l) => l.map((e) => e.textContent.trim()));
  const waitPlies = (n) => page.waitForFunction((k) => document.querySelectorAll('#move-list .move').length === k, {}, n);
  const clickSquare = (n) => clickSquareOf(page, n);
  const press = (selector) => page.$eval(selector, (e) => e.click());
  const connected = () => page.waitForFunction(() => document.getElementById('connection').textContent === 'connected');
  const newGame = async (variant, kroonSide, fen) => {
    await page.select('#variant', variant);
    await page.select('#kroon-side', kroonSide);
    await press('#new-game');
    await page.waitForFunction((v) => document.getElementById('variant-title').textContent === v, {}, variant);
    if (fen) {
      // Set up in the variant of the game shown.
      await page.$eval('#fen-input', (e, f) => { e.value = f; }, fen);
      await press('#fen-load');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-piece]').length === 3);
    }
  };

  // --- the site loads, its service worker takes it over and makes it cross-origin isolated --
  const opened = Date.now();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => self.crossOriginIsolated === true, { timeout: 60000 });
  await page.waitForSelector('#board [data-piece]');
  await connected();
  assert.equal(await count('#board .piece.white'), 20);
  step(`the site comes up isolated and connected to its worker in ${((Date.now() - opened) / 1000).toFixed(1)} s`);

  // --- Kroon answers a move -------------------------------------------------------------------
  await page.select('#level-kind', 'time');
  await page.$eval('#level-value', (e) => { e.value = '0.5'; });
  await newGame('international', 'black');
  await waitPlies(0);
  const moved = Date.now();
  await clickSquare(32);
  await clickSquare(28);
  await waitPlies(2);
  step(`Kroon answers 32-28 with ${(await moveTexts())[1]} in ${((Date.now() - moved) / 1000).toFixed(1)} s`);

  // --- a reload keeps the game ----------------------------------------------------------------
  const before = await moveTexts();
  // As a player reloads: the page shown now. The first visit loaded the page twice, the second
  // time cross-origin isolated, in another process; puppeteer's page.reload() right after that
  // may still reach the first page, which then comes back, not isolated and with none of the
  // game's storage.
  await Promise.all([page.waitForNavigation(), page.evaluate(() => location.reload())]);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true, 'the reloaded page is isolated');
  await connected();
  await page.waitForFunction((n) => document.querySelectorAll('#move-list .move').length === n, {}, before.length);
  assert.deepEqual(await moveTexts(), before);
  step(`a reload keeps the game: ${before.join(' ')}`);

  // --- an analysis of three lines runs, and stops on request ---------------------------------
  // Of the start position (White's reply to 19-23 is a forced capture).
  await press('#nav-first');
  await page.waitForFunction(() => document.querySelector('#move-list .move.current') === null ||
    document.getElementById('nav-first').disabled);
  await page.select('#analysis-lines', '3');
  await press('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#info-pv .line').length === 3, { timeout: 30000 });
  await page.waitForFunction(() => Number(document.getElementById('info-depth').textContent.split('/')[0]) >= 8);
  await press('#stop');
  // The search has ended when the state says Kroon does nothing.
  await page.waitForFunction(() => document.getElementById('stop').disabled);
  const depthAtStop = await text('#info-depth');
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(await text('#info-depth'), depthAtStop, 'the analysis goes on after Stop');
  step(`an analysis of three lines reached depth ${depthAtStop} and stopped`);

  // --- a hint ---------------------------------------------------------------------------------
  await press('#nav-last');
  await page.waitForFunction(() => document.getElementById('nav-last').disabled);
  await press('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('message').textContent));
  step(`a hint: ${await text('#message')}`);

  // --- a review of the game -------------------------------------------------------------------
  await press('#review');
  await page.waitForFunction(() => /White: .*Black: /.test(document.getElementById('review-summary').textContent),
    { timeout: 30000 });
  step(`the game reviewed: ${await text('#review-summary')}`);

  // --- a Russian game, in algebraic notation --------------------------------------------------
  await newGame('russian', 'black');
  await waitPlies(0);
  // The board's dark squares by file and rank (a1 at the bottom left, White below).
  const square = (name) => page.$eval('#board', (svg, [file, rank]) => {
    const rects = [...svg.querySelectorAll('rect[data-square]')];
    const rows = Math.round(Math.sqrt(rects.length * 2));
    const hit = rects.find((r) => Math.round(Number(r.getAttribute('x')) + 0.5) === file + 1 &&
      Math.round(Number(r.getAttribute('y')) + 0.5) === rows - rank + 1);
    return hit ? Number(hit.dataset.square) : null;
  }, [name.charCodeAt(0) - 97, Number(name[1])]);
  const c3 = await square('c3');
  const d4 = await square('d4');
  assert.ok(c3 && d4, 'the board names its squares c3 and d4');
  await clickSquare(c3);
  await clickSquare(d4);
  await waitPlies(2);
  const russian = await moveTexts();
  assert.equal(russian[0], 'c3-d4');
  assert.match(russian[1], /^[a-h][1-8][-:][a-h][1-8]/);
  step(`a Russian game in algebraic notation: ${russian.join(' ')}`);

  // --- a three-piece ending shows the databases' value ----------------------------------------
  await newGame('frisian', 'none', 'B:WK46:B5,6');
  await press('#analyse');
  await page.waitForFunction(() => /endgame database/.test(document.getElementById('info-score').textContent),
    { timeout: 30000 });
  const value = await text('#info-score');
  await press('#stop');
  step(`a three-piece Frisian ending: ${value}`);

  // --- the search worker inflates zlib streams, the databases' distance blocks ----------------
  // Through its inflater's worker and DecompressionStream, waiting with Atomics.wait; a stream
  // whose checksum (its last bytes, Adler-32) is wrong gives nothing.
  const searchWorker = page.workers().find((w) => w.url().endsWith('/search-worker.js'));
  assert.ok(searchWorker, 'the search worker is there');
  const distances = Array.from({ length: 65536 }, (_, i) => (i * 7919) % 251);
  const stream = [...deflateSync(Uint8Array.from(distances))];
  const [inflated, damaged] = await searchWorker.evaluate((bytes, expected) => {
    const out = new Uint8Array(expected.length);
    const length = self.kroonHost.inflate(Uint8Array.from(bytes), out);
    const bad = Uint8Array.from(bytes);
    bad[bad.length - 1] ^= 1;
    return [length === expected.length && out.every((v, i) => v === expected[i]),
      self.kroonHost.inflate(bad, new Uint8Array(expected.length))];
  }, stream, distances);
  assert.equal(inflated, true, 'the stream inflates to its bytes');
  assert.equal(damaged, -1, 'a damaged stream is refused');
  step(`the search worker inflates a zlib stream of ${distances.length} bytes, and refuses a damaged one`);

  assert.deepEqual(pageErrors, []);
  console.log(`${passed} passed, 0 failed`);
} catch (e) {
  console.error(`FAILED after ${passed} steps: ${e.stack || e}`);
  if (pageErrors.length) console.error(`page errors: ${pageErrors.join('\n')}`);
  if (page) await page.screenshot({ path: 'site-failure.png' }).catch(() => {});
  process.exitCode = 1;
} finally {
  await close();
  server.kill();
}
