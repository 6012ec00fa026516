// What a score is worth to a player. Kroon's scores are hundredths of the learned evaluation's
// unit, which sets its own price on a man (about 3.5 at the start, 1.6 with three men left) and
// predicts a share of the points through the curve it was fitted with: 1 / (1 + exp(-s / 200))
// (docs/evaluation.md, The score's scale). So the board draws and judges by that share: a man
// lost in a level position costs a player more than one lost in a game already won.

const foundWin = 9000;  // beyond it a score is a win found by the search or the databases
const curve = 200;      // the curve's K, in hundredths

// Is the score a win found by the search or the databases (for either side)?
export function isFoundWin(score) {
  return Math.abs(score) > foundWin;
}

// White's expected share of the points, 0 to 1, for a score from White's side.
export function expectedShare(score) {
  if (isFoundWin(score)) return score > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score / curve));
}

// A move's marks by the share of the points it lost for its side: 5 points in a hundred an
// inaccuracy, 10 a mistake, 15 a blunder (from a level position, about a tenth, a quarter and a
// third of a man at the start).
export const judgements = [
  { least: 0.15, label: 'blunder', glyph: '??', plural: 'blunders' },
  { least: 0.10, label: 'mistake', glyph: '?', plural: 'mistakes' },
  { least: 0.05, label: 'inaccuracy', glyph: '?!', plural: 'inaccuracies' },
];

// The share of the points a move by `side` ('white' or 'black') lost, from White's scores before
// and after it; negative when it gained.
export function shareLost(before, after, side) {
  const lost = expectedShare(before) - expectedShare(after);
  return side === 'white' ? lost : -lost;
}

// The judgement of a move that lost `lost` of the points, or null for a good enough move.
export function judgementOf(lost) {
  return judgements.find((j) => lost >= j.least) ?? null;
}
