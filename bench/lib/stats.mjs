// Small statistics for repeated runs: every figure is reported as median, min and max.

export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `{ median, min, max, n }` of the finite values. */
export function summary(values) {
  const finite = values.filter(Number.isFinite);
  return {
    median: median(finite),
    min: finite.length ? Math.min(...finite) : NaN,
    max: finite.length ? Math.max(...finite) : NaN,
    n: finite.length,
  };
}

/** One figure of the report: a summary of `values` with its name, unit and optional target. */
export function figure(area, name, unit, values, target) {
  const s = summary(Array.isArray(values) ? values : [values]);
  const row = { area, name, unit, ...s };
  if (target) {
    row.target = target.text;
    row.met = Number.isFinite(s.median) ? target.test(s.median) : false;
  }
  return row;
}

/** Targets as data: `text` for the table, `test` on the median. */
export const atMost = (limit, text = `≤ ${limit}`) => ({ text, test: (v) => v <= limit });
export const below = (limit, text = `< ${limit}`) => ({ text, test: (v) => v < limit });
