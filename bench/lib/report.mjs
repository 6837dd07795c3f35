// The report: one table on stdout, and the same figures as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A figure's value as the table shows it, for its unit. */
export const format = (value, unit) => {
  if (!Number.isFinite(value)) return '–';
  if (unit === 'score') return value.toFixed(4);
  if (unit === '×') return value.toFixed(2);
  if (unit === 'count' || unit === 'nodes' || unit === 'B') return String(Math.round(value));
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
};

export function printTable(figures, header) {
  const rows = figures.map((f) => [
    f.area,
    f.name,
    f.unit,
    f.note ?? format(f.median, f.unit),
    f.n > 1 ? `${format(f.min, f.unit)} … ${format(f.max, f.unit)}` : '',
    f.target ?? '',
    f.target === undefined ? '' : f.met ? 'met' : 'MISSED',
  ]);
  const titles = ['area', 'figure', 'unit', 'median', 'min … max', 'target', ''];
  const widths = titles.map((t, i) => Math.max(t.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 3 || i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(header);
  console.log(line(titles));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  let area;
  for (const [i, r] of rows.entries()) {
    const shown = r[0] === area ? ['', ...r.slice(1)] : r;
    area = r[0];
    if (i > 0 && shown[0]) console.log('');
    console.log(line(shown));
  }
}

export function writeJson(file, report) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
