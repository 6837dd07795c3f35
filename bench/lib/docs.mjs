// `--write-docs`: the figures table of docs/performance.md, rewritten from one run. The table is a
// few of the report's figures, picked by name; everything else stays in the JSON. It replaces what
// stands between the two marker lines and nothing else, in prettier's table layout (format:check
// passes).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { format } from './report.mjs';

export const START = '<!-- bench:table -->';
export const END = '<!-- /bench:table -->';

/**
 * `[area, label, unit, figure names, target?]`: one line of the table. Several figures in one line
 * are shown as "a / b", each found after the one before it in the report (the memory suite has two
 * "of which in the second half"); the line's target is the first figure's unless given, and is met
 * when each of its figures with a target meets its own.
 */
const ROWS = [
  ['Size', 'first script-tag file, gzip', 'KB', ['IIFE first file gzip']],
  ['', 'first + sanitizer file, gzip', 'KB', ['IIFE first + sanitizer file gzip']],
  ['', 'single-file variant, gzip', 'KB', ['IIFE single-file variant gzip']],
  [
    '',
    'ESM own code, gzip: all exports / elements',
    'KB',
    ['ESM own code, all exports: gzip', 'ESM own code, elements (define): gzip'],
  ],
  ['Script cost', 'IIFE evaluate (compile + run, trace)', 'ms', ['IIFE evaluate (compile + run)']],
  ['', 'script start → first offer painted', 'ms', ['script start → first offer painted']],
  [
    '',
    "long tasks > 50 ms (page's observer / trace)",
    '',
    ['long tasks > 50 ms (PerformanceObserver)', 'long tasks > 50 ms (trace)'],
  ],
  [
    'Render',
    'warm re-render, main-thread: SDK / by hand',
    'ms',
    ['SDK: response in hand → card, main-thread', 'baseline: same card by hand, main-thread'],
  ],
  ['', 'warm re-render, ratio', '×', ['ratio SDK / baseline, main-thread']],
  [
    '',
    'cold first render, main-thread: SDK / by hand',
    'ms',
    ['SDK cold (first render in page), main-thread', 'baseline cold, main-thread'],
  ],
  ['', 'cold first render, ratio', '×', ['ratio SDK / baseline cold, main-thread']],
  ['', 'to first card painted, ratio', '×', ['ratio SDK / baseline, to first card painted']],
  [
    '',
    'DOM nodes: SDK / same card / lean card',
    '',
    ['DOM nodes rendered: SDK', 'DOM nodes rendered: baseline', 'DOM nodes rendered: lean baseline'],
  ],
  [
    'Impression',
    'in view → pixel issued / received',
    'ms',
    ['in view → pixel request issued', 'in view → pixel received by the service'],
  ],
  [
    'Memory',
    'JS heap growth over the cycles / 2nd half',
    'KB',
    [/^JS heap growth \d+ → \d+$/, 'of which in the second half'],
    '< 1 MB',
  ],
  [
    '',
    'DOM nodes, listeners, observations left',
    '',
    [/^DOM node growth/, /^JS event listeners growth/, 'observations left (IO/RO/MO)'],
    '0',
  ],
  [
    'CLS',
    'demo page: inline, popup × 1280×800, 390×844',
    '',
    [
      'CLS inline, 1280×800, page',
      'CLS inline, 390×844, page',
      'CLS popup, 1280×800, page',
      'CLS popup, 390×844, page',
    ],
  ],
  [
    'Phone (CPU ×4)',
    'long animation frames > 50 ms: SDK / by hand',
    '',
    ['phone: long animation frames > 50 ms, SDK page', 'phone: long animation frames > 50 ms, by hand'],
  ],
  ['', 'long animation frames, SDK − by hand', '', ['phone: long animation frames, SDK − by hand']],
  [
    '',
    'longest frame: SDK / by hand',
    'ms',
    ['phone: longest frame, SDK page', 'phone: longest frame, by hand'],
  ],
  ['', 'longest frame, ratio', '×', ['phone: longest frame, ratio SDK / by hand']],
  [
    '',
    'blocking time: SDK / by hand',
    'ms',
    ['phone: blocking time, SDK page', 'phone: blocking time, by hand'],
  ],
  ['', 'blocking time, SDK − by hand', 'ms', ['phone: blocking time, SDK − by hand']],
  [
    '',
    'first card painted: SDK / by hand',
    'ms',
    ['phone: first card painted, SDK page', 'phone: first card painted, by hand'],
  ],
  ['', 'first card painted, ratio', '×', ['phone: first card painted, ratio SDK / by hand']],
  ['', 'longest task of the SDK', 'ms', ['phone: longest task of the SDK (its scripts in long frames)']],
  ['', 'hydrating page: long frames − by hand', '', ['phone: long animation frames, hydrating − by hand']],
  ['', 'hydrating page: blocking time − by hand', 'ms', ['phone: blocking time, hydrating − by hand']],
  [
    'Phone (CPU ×6)',
    'long animation frames, SDK − by hand',
    '',
    ['phone ×6: long animation frames, SDK − by hand'],
  ],
  ['', 'blocking time, SDK − by hand', 'ms', ['phone ×6: blocking time, SDK − by hand']],
  [
    '',
    'longest frame: SDK / by hand',
    'ms',
    ['phone ×6: longest frame, SDK page', 'phone ×6: longest frame, by hand'],
  ],
  [
    '',
    'first card painted: SDK / by hand',
    'ms',
    ['phone ×6: first card painted, SDK page', 'phone ×6: first card painted, by hand'],
  ],
  ['', 'first card painted, ratio', '×', ['phone ×6: first card painted, ratio SDK / by hand']],
  ['', 'longest task of the SDK', 'ms', ['phone ×6: longest task of the SDK (its scripts in long frames)']],
  ['Network (4G, CPU ×4)', 'first card painted: by hand', 'ms', ['network: first card painted, by hand']],
  [
    '',
    'script tag, fetching: first card painted',
    'ms',
    ['network: script tag, fetching: first card painted'],
  ],
  ['', 'script tag, fetching: ratio', '×', ['network: script tag, fetching: ratio to by hand']],
  [
    '',
    'request sent: by hand / script tag',
    'ms',
    ['network: request sent, by hand', 'network: script tag, fetching: request sent'],
  ],
  [
    '',
    'response in the page: first card painted',
    'ms',
    ['network: response in the page (API prefetch): first card painted'],
  ],
  [
    '',
    'response in the page: ratio',
    '×',
    ['network: response in the page (API prefetch): ratio to by hand'],
  ],
  ['', 'server-rendered: first card painted', 'ms', ['network: server-rendered: first card painted']],
  ['', 'server-rendered: ratio', '×', ['network: server-rendered: ratio to by hand']],
  [
    '',
    'server-rendered: CLS through hydration',
    'score',
    ['network: server-rendered: CLS through hydration'],
  ],
  [
    '',
    'server-rendered: long frames − by hand',
    '',
    ['network: server-rendered: long animation frames, server-rendered − by hand'],
  ],
];

const matches = (pattern, name) =>
  typeof pattern === 'string' ? name.trim() === pattern : pattern.test(name.trim());

/** A median, min or max as the table shows it: a layout shift score without trailing zeros. */
const shown = (value, unit) => (unit === 'score' ? String(Number(value.toFixed(3))) : format(value, unit));

/** A markdown table in prettier's layout; `right` marks the right-aligned columns. */
function markdownTable(rows, right) {
  const widths = rows[0].map((_, i) => Math.max(3, ...rows.map((row) => row[i].length)));
  const cell = (text, i) => (right[i] ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(rows[0]), `| ${rule.join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

/** The lines of the table from a run's figures; throws when the run lacks one of them. */
export function docsTable(figures) {
  const missing = [];
  const rows = [['area', 'figure', 'median', 'min–max', 'target', '']];
  for (const [area, label, unit, patterns, targetText] of ROWS) {
    let at = -1;
    const found = [];
    for (const pattern of patterns) {
      at = figures.findIndex((f, i) => i > at && matches(pattern, f.name));
      if (at < 0) missing.push(String(pattern));
      else found.push(figures[at]);
    }
    if (found.length < patterns.length) continue;
    const suffix = unit === '×' ? '×' : unit ? ` ${unit}` : '';
    const median = found.some((f) => f.note)
      ? found.map((f) => f.note ?? shown(f.median, f.unit)).join(' / ')
      : found.map((f) => shown(f.median, f.unit)).join(' / ') + suffix;
    const one = found.length === 1 && found[0].n > 1 ? found[0] : undefined;
    const range = one ? `${shown(one.min, one.unit)}–${shown(one.max, one.unit)}` : '';
    const targets = found.filter((f) => f.target !== undefined);
    const target = targets.length ? (targetText ?? targets[0].target) : '';
    const met = targets.length ? (targets.every((f) => f.met) ? 'met' : 'missed') : '';
    rows.push([area, label, median, range, target, met]);
  }
  if (missing.length) {
    throw new Error(`--write-docs: the run has no figure ${missing.join(', ')} (run every suite)`);
  }
  return markdownTable(rows, [false, false, true, true, false, false]);
}

/** Which commit the run measured, as `git describe` says it (`-dirty` with local changes). */
function commit(root) {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'an unknown commit';
  }
}

/** The text between the markers: where the figures come from, then the table. */
export function docsBlock(report, root) {
  const load = report.machine.loadavg.map((l) => l.toFixed(1)).join(' / ');
  const { runs, pairs, cycles, phoneRounds, phoneRuns, networkPairs } = report.options;
  const when = `${report.date.slice(0, 16).replace('T', ' ')} UTC`;
  const counts =
    `${runs} run${runs === 1 ? '' : 's'}, ${pairs} render pairs a run, ${cycles} memory cycles, ` +
    `${phoneRounds} phone round${phoneRounds === 1 ? '' : 's'} of ${phoneRuns} load${phoneRuns === 1 ? '' : 's'} a page, ` +
    `${networkPairs} network pair${networkPairs === 1 ? '' : 's'} a shape`;
  const about =
    `\`node bench/run.mjs\` (${report.mode} run: ${counts}) on \`${commit(root)}\`, ${when}, ` +
    `Chromium ${report.chromium} headless, ${report.machine.cores} cores, load average ${load}.`;
  return `${about}\n\n${docsTable(report.figures)}`;
}

/**
 * Rewrites the table of `file` (docs/performance.md) from `report`. The markers are lines of their
 * own, so prose that names them is left alone.
 */
export function writeDocs(file, report, root) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const from = lines.indexOf(START);
  const to = lines.indexOf(END, from + 1);
  if (from < 0 || to < 0 || lines.lastIndexOf(START) !== from) {
    throw new Error(`--write-docs: ${file} needs one ${START} line and one ${END} line after it`);
  }
  const block = docsBlock(report, root);
  writeFileSync(file, [...lines.slice(0, from + 1), '', block, '', ...lines.slice(to)].join('\n'));
}
