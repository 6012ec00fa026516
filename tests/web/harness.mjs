// Shared by the browser test and the screenshot script: start `kroon serve` on a free port and
// Debian's Chromium, headless, with a fresh profile and none of its background networking
// (which hangs on a machine without a network).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

export const chromiumPath = process.env.KROON_CHROMIUM || '/usr/bin/chromium';

// Resolves to {url, process, stop()} once the server printed its address.
export function startKroon(kroon, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(kroon, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`kroon serve printed no address in 10 s: ${out}${err}`)), 10000);
    child.stdout.on('data', (data) => {
      out += data;
      const m = out.match(/http:\/\/\S+\//);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[0],
          process: child,
          stderr: () => err,
          stop: () => new Promise((done) => {
            if (child.exitCode !== null) return done(child.exitCode);
            child.once('exit', (code) => done(code));
            child.kill('SIGTERM');
          }),
        });
      }
    });
    child.stderr.on('data', (data) => { err += data; });
    child.once('exit', (code) => reject(new Error(`kroon serve exited with ${code}: ${out}${err}`)));
  });
}

// A cold start on a loaded machine (the test suite runs beside it) has taken more than
// puppeteer's 30 s: wait longer, and start a second Chromium when the first never answers.
const launchSeconds = 90;

export async function launchChromium() {
  for (let attempt = 1; ; ++attempt) {
    const profile = mkdtempSync(join(tmpdir(), 'kroon-chromium-'));
    try {
      const browser = await puppeteer.launch({
        executablePath: chromiumPath,
        headless: true,
        userDataDir: profile,
        timeout: launchSeconds * 1000,
        protocolTimeout: 60000,
        args: [
          '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync',
          '--disable-dev-shm-usage', '--window-size=1300,950',
        ],
      });
      const close = async () => {
        await browser.close().catch(() => {});
        rmSync(profile, { recursive: true, force: true });
      };
      return { browser, close };
    } catch (e) {
      rmSync(profile, { recursive: true, force: true });
      if (attempt === 2 || e.name !== 'TimeoutError') throw e;
      console.error(`Chromium did not start in ${launchSeconds} s; starting it again`);
    }
  }
}

// The centre of square n on the page's board, in the page's coordinates, for page.mouse.click.
// Measured in one step inside the page: the board is redrawn when a message arrives (a new
// game, Kroon's move), and a square found first and measured after such a redraw is gone and
// has no box. A square outside the window is scrolled to the middle first, as a person would.
export async function squareCentre(page, n) {
  const found = await page.waitForFunction((k) => {
    const square = document.querySelector(`#board rect[data-square="${k}"]`);
    if (!square) return null;
    const r = square.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      square.scrollIntoView({ block: 'center' });
      return null;
    }
    return [r.left + r.width / 2, r.top + r.height / 2];
  }, {}, n);
  return found.jsonValue();
}

// Clicks square n of the page's board as a person would, with the mouse at its centre.
export async function clickSquare(page, n) {
  const [x, y] = await squareCentre(page, n);
  await page.mouse.click(x, y);
}

// page.click, again while the element is still moving: puppeteer scrolls to the element and
// then measures it, and a list redrawn or a panel grown by a message that arrives between the
// two leaves it nowhere to click ("not clickable"). Nothing has been clicked then, so clicking
// again once the page holds still is what a person would do; a hidden element still fails.
export async function press(page, selector) {
  for (let attempt = 1; ; ++attempt) {
    try {
      return await page.click(selector);
    } catch (e) {
      if (attempt === 20 || !/not clickable/.test(e.message)) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
