// The board's reading of a score (protocol/web/page/score_scale.js): the expected share of the
// points that the evaluation bar and the score graph draw, and the review's marks.
// Run: node tests/web/score_scale.mjs   (no browser, no kroon)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// The page's files are browser modules (.js beside no package.json), so they are loaded from
// their text rather than by path.
const source = readFileSync(new URL('../../protocol/web/page/score_scale.js', import.meta.url), 'utf8');
const { expectedShare, judgementOf, shareLost } =
  await import(`data:text/javascript,${encodeURIComponent(source)}`);

let failed = 0;
function check(name, body) {
  try {
    body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${name}\n     ${e.message.split('\n').join('\n     ')}`);
  }
}

const near = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) < 0.005, `${what}: ${actual.toFixed(4)}, not ${expected}`);
const label = (before, after, side) => judgementOf(shareLost(before, after, side))?.label ?? null;

check('a score is White\'s share of the points by the curve the weights were fitted with', () => {
  near(expectedShare(0), 0.5, 'level');
  near(expectedShare(300), 0.818, 'a man up at the start (+3.00)');
  near(expectedShare(-300), 0.182, 'a man down at the start');
  near(expectedShare(200), 0.731, '+2.00');
  assert.ok(expectedShare(5000) < 1 && expectedShare(5000) > 0.999, 'a large score is nearly all');
});

check('a win found by the search or the databases is all of the points', () => {
  assert.equal(expectedShare(9500), 1);
  assert.equal(expectedShare(-9500), 0);
  assert.equal(expectedShare(-12000), 0);
});

check('the share a move lost is its own side\'s', () => {
  near(shareLost(0, -300, 'white'), 0.318, 'White gives up a man');
  near(shareLost(0, -300, 'black'), -0.318, 'Black gains what White loses');
  near(shareLost(0, 300, 'black'), 0.318, 'Black gives up a man');
});

check('from a level position the marks come at a tenth, a quarter and a third of a man', () => {
  assert.equal(label(0, -35, 'white'), null, '-0.35 is good enough');
  assert.equal(label(0, -45, 'white'), 'inaccuracy');
  assert.equal(label(0, -85, 'white'), 'mistake');
  assert.equal(label(0, -130, 'white'), 'blunder');
  assert.equal(label(0, 130, 'black'), 'blunder');
  assert.equal(label(0, -130, 'black'), null, 'a gain is never marked');
});

check('in a game already won a man given back is no blunder', () => {
  // +10.00 to +7.00: three of the score's men, a man or more of the board's, still winning.
  assert.equal(label(1000, 700, 'white'), null);
  assert.equal(label(-1000, -700, 'black'), null);
  // Giving the whole win away is.
  assert.equal(label(1000, 0, 'white'), 'blunder');
  // A found win thrown away into a lost position is.
  assert.equal(label(9800, -300, 'white'), 'blunder');
  // Between two found wins nothing is lost.
  assert.equal(label(9800, 9700, 'white'), null);
});

if (failed) {
  console.log(`${failed} check(s) failed`);
  process.exit(1);
}
