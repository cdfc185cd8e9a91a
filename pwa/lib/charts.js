// Charts drawn by the app as inline SVG: the marks of every player over
// the hands of a game, and totals as bars. Only presentation attributes,
// no style, so the page's CSP needs no exception; every line also differs
// by its dash pattern and carries its player's name, not colour alone.
import { h, svg } from './dom.js';
import { formatNumber } from '../i18n/i18n.js';

const COLOURS = ['#ffd166', '#7fd1ff', '#ff8a80', '#9be564', '#d0a2ff', '#ffb703', '#5ee6c9', '#f4a6c8'];
const DASHES = [null, '8 4', '2 4', '10 3 2 3', '4 4', '12 4', '1 3', '6 2 2 2'];

function text(x, y, content, attrs = {}) {
  const el = svg('text', { x, y, fill: '#f1eee4', 'font-size': 11, ...attrs });
  el.textContent = content;
  return el;
}

// The baselines of the names at the lines' ends: each as near its line's
// end as it can be, at least a line of text (13 units) apart, and all
// inside the chart. Pushed down where lines end together, then up again
// from the bottom: three players at 0 put the third name under the chart.
function labelLines(wanted, height, gap = 13) {
  const order = wanted.map((y, k) => ({ y, k })).sort((a, b) => a.y - b.y || a.k - b.k);
  const top = 11;
  const bottom = height - 4; // room for the descenders of "g" and "j"
  order.forEach((l, i) => { l.at = Math.max(l.y, top, i ? order[i - 1].at + gap : -Infinity); });
  for (let i = order.length - 1; i >= 0; i--) {
    order[i].at = Math.min(order[i].at, i < order.length - 1 ? order[i + 1].at - gap : bottom);
  }
  const out = [];
  for (const l of order) out[l.k] = l.at;
  return out;
}

// "name tally" in at most `letters` letters: a longer name is shortened
// with an ellipsis, the tally always shown.
function endLabel(name, tally, letters) {
  const room = letters - 1 - tally.length;
  return `${name.length > room ? `${name.slice(0, Math.max(1, room - 1))}…` : name} ${tally}`;
}

let chartNo = 0;

// series: [{name, values: [tally at start, after hand 1, ...]}]
export function lineChart({ title, series, xLabel }) {
  const id = `chart-${(chartNo += 1)}`;
  const n = Math.max(1, ...series.map((s) => s.values.length - 1));
  const top = Math.max(1, ...series.flatMap((s) => s.values.filter((v) => v != null)));
  const W = 360;
  const H = 200;
  const L = 28;
  // Room on the right for the longest "name tally" at the lines' ends (a
  // generous 6.6 units a letter at font size 11), so "Anne-Kathrin 14"
  // is not cut off at the edge; up to 22 letters, so a 40-letter name
  // leaves the lines room (it is shortened here, whole in the title).
  const ends = series.map((s) => [s.name, String(s.values[s.values.length - 1] ?? '')]);
  const letters = Math.min(22, Math.max(0, ...ends.map(([name, tally]) => name.length + 1 + tally.length)));
  const R = Math.max(78, Math.ceil(10 + 6.6 * letters));
  const T = 10;
  const B = 26;
  const x = (i) => L + ((W - L - R) * i) / n;
  const y = (v) => T + (H - T - B) * (1 - v / top);
  const grid = [];
  for (let v = 0; v <= top; v += Math.max(1, Math.ceil(top / 7))) {
    grid.push(svg('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: '#3a464d', 'stroke-width': 1 }));
    grid.push(text(L - 6, y(v) + 4, String(v), { 'text-anchor': 'end' }));
  }
  for (let i = 0; i <= n; i += Math.max(1, Math.ceil(n / 10))) grid.push(text(x(i), H - B + 14, String(i), { 'text-anchor': 'middle' }));
  const endY = series.map((s) => y(s.values[s.values.length - 1] ?? 0));
  const labels = labelLines(endY.map((v) => v + 4), H);
  const lines = series.map((s, k) => {
    const pts = s.values.map((v, i) => (v == null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
    const colour = COLOURS[k % COLOURS.length];
    return svg('g', { class: 'chart-line' },
      svg('polyline', { points: pts.join(' '), fill: 'none', stroke: colour, 'stroke-width': 3, 'stroke-dasharray': DASHES[k % DASHES.length], 'stroke-linejoin': 'round' }),
      svg('circle', { cx: x(s.values.length - 1), cy: endY[k], r: 3.5, fill: colour }),
      text(W - R + 6, labels[k], endLabel(...ends[k], letters), { fill: colour }));
  });
  return h('figure', { class: 'chart' },
    svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': `${id}-t`, class: 'chart-svg' },
      (() => { const t = svg('title', { id: `${id}-t` }); t.textContent = `${title}: ${series.map((s) => `${s.name} ${s.values.filter((v) => v != null).join(', ')}`).join('; ')}`; return t; })(),
      grid, lines),
    h('figcaption', { text: xLabel ? `${title} (${xLabel})` : title }));
}

// rows: [{name, value}] — horizontal bars, largest first as given.
export function barChart({ title, rows }) {
  const id = `chart-${(chartNo += 1)}`;
  const W = 360;
  const row = 24;
  const L = 96;
  const H = rows.length * row + 8;
  const top = Math.max(1, ...rows.map((r) => r.value));
  const bars = rows.map((r, i) => {
    const w = Math.max(0, ((W - L - 40) * r.value) / top);
    const yy = 4 + i * row;
    return svg('g', {},
      text(L - 6, yy + 16, r.name, { 'text-anchor': 'end' }),
      svg('rect', { x: L, y: yy + 3, width: w.toFixed(1), height: row - 8, fill: COLOURS[i % COLOURS.length], rx: 3 }),
      text(L + w + 6, yy + 16, formatNumber(r.value)));
  });
  return h('figure', { class: 'chart' },
    svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': `${id}-t`, class: 'chart-svg' },
      (() => { const t = svg('title', { id: `${id}-t` }); t.textContent = `${title}: ${rows.map((r) => `${r.name} ${formatNumber(r.value)}`).join(', ')}`; return t; })(),
      bars),
    h('figcaption', { text: title }));
}
