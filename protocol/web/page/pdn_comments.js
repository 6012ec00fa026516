// The commands inside a PDN comment, as `kroon match` and the board write them (docs/web.md,
// "Match records and marks"): [%clk 0:04:41.3] the mover's clock after the move, [%emt 0:00:01.2]
// the time it took, [%eval 0.15,14] the engine's score from White's side with its depth,
// [%cal G32-28,R19-23] arrows and [%csl G28] circled squares drawn on the board. The rest of
// the comment is what people wrote.

const command = /\[%(\w+)\s+([^\]]*)\]/g;

// h:mm:ss.d (or m:ss, ss) as seconds; null for anything else.
function seconds(text) {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null;
  return parts.reduce((total, p) => total * 60 + Number(p), 0);
}

// The colour letters of [%cal] and [%csl]: green, red, blue, yellow.
export const shapeColours = ['G', 'R', 'B', 'Y'];

function shapes(text, arrows) {
  const out = [];
  for (const item of text.split(',')) {
    const m = arrows ? /^\s*([GRBY])(\d+)-(\d+)\s*$/.exec(item) : /^\s*([GRBY])(\d+)\s*$/.exec(item);
    if (!m) continue;
    out.push(arrows ? { colour: m[1], from: Number(m[2]), to: Number(m[3]) } : { colour: m[1], square: Number(m[2]) });
  }
  return out;
}

// {text, clock, moveTime, eval, depth, arrows, circles, others}: `text` the comment without its
// commands; the others (commands the board does not know) are kept as written.
export function readComment(comment) {
  const read = { text: '', clock: null, moveTime: null, eval: null, depth: null, arrows: [], circles: [], others: [] };
  read.text = (comment || '').replace(command, (whole, name, value) => {
    if (name === 'clk') read.clock = seconds(value);
    else if (name === 'emt') read.moveTime = seconds(value);
    else if (name === 'eval') {
      const m = /^\s*([+-]?\d+(\.\d+)?)(,(\d+))?\s*$/.exec(value);
      if (m) {
        read.eval = Math.round(Number(m[1]) * 100);
        if (m[4]) read.depth = Number(m[4]);
      } else read.others.push(whole);
    } else if (name === 'cal') read.arrows.push(...shapes(value, true));
    else if (name === 'csl') read.circles.push(...shapes(value, false));
    else read.others.push(whole);
    return ' ';
  }).replace(/\s+/g, ' ').trim();
  return read;
}

// The comment again after `text` or the shapes changed: the commands it had come first, as
// `kroon match` writes them, then the drawn shapes, then the text.
export function writeComment(comment, { text, arrows, circles } = {}) {
  const read = readComment(comment);
  const parts = [];
  const raw = comment || '';
  for (const m of raw.matchAll(command)) if (['clk', 'emt', 'eval'].includes(m[1])) parts.push(m[0]);
  parts.push(...read.others);
  const a = arrows ?? read.arrows;
  const c = circles ?? read.circles;
  if (a.length) parts.push(`[%cal ${a.map((s) => `${s.colour}${s.from}-${s.to}`).join(',')}]`);
  if (c.length) parts.push(`[%csl ${c.map((s) => `${s.colour}${s.square}`).join(',')}]`);
  const words = (text ?? read.text).trim();
  if (words) parts.push(words);
  return parts.join(' ');
}

// A clock as a person reads it: 4:41, 0:09.3 under 20 s, 1:02:05 over an hour.
export function clockText(total) {
  const s = Math.max(0, total);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  const rest = s - h * 3600 - m * 60;
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${String(Math.floor(rest)).padStart(2, '0')}`;
  return s < 20 ? `${m}:${rest.toFixed(1).padStart(4, '0')}` : `${m}:${String(Math.floor(rest)).padStart(2, '0')}`;
}

// The first period's time of a PDN TimeControl tag ("300+2", "40/7200:1800", "5m+2"), in
// seconds, or null.
export function startingTime(control) {
  const m = /^(\d+\/)?(\d+(\.\d+)?)([hms]?)/.exec(control || '');
  if (!m) return null;
  const scale = { h: 3600, m: 60, s: 1, '': 1 }[m[4]];
  return Number(m[2]) * scale;
}
