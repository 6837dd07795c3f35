// Reading a Chromium trace (Playwright's `browser.startTracing`) for the script-cost figures: the
// renderer's main thread is the one that recorded our `performance.mark`s; its top-level tasks
// (`RunTask`) give the busy time and the long tasks in a window; `EvaluateScript`/`v8.compile` of
// the SDK's URL give the time to evaluate it; style and layout events that carry a JS stack are the
// ones forced by script, and those whose top frame is the SDK are counted as the SDK's.

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'blink.user_timing',
  'v8.execute',
];

const LONG_TASK_US = 50_000;

/** Intervals `[start, end]` merged where they overlap. */
function union(intervals) {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [s, e] of sorted) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

const overlap = ([s, e], from, to) => Math.max(0, Math.min(e, to) - Math.max(s, from));

/** Events that no other event of the list contains (the outermost ones). */
function outermost(events) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const kept = [];
  let end = -Infinity;
  for (const e of sorted) {
    if (e.ts + e.dur <= end) continue;
    kept.push(e);
    end = e.ts + e.dur;
  }
  return kept;
}

/**
 * Figures of one trace: `from`/`to` are mark names; `scriptUrl` a part of the SDK's URL.
 * Times in milliseconds.
 */
export function analyseTrace(buffer, { from, to, scriptUrl }) {
  const { traceEvents } = JSON.parse(buffer.toString());
  const mark = (name) => traceEvents.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  const start = mark(from);
  const end = mark(to);
  if (!start || !end) throw new Error(`trace: marks ${from}/${to} not found`);
  const { pid, tid } = start;
  const main = traceEvents.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');

  const tasks = outermost(main.filter((e) => e.name === 'RunTask'));
  const busy = union(tasks.map((t) => [t.ts, t.ts + t.dur])).reduce(
    (sum, iv) => sum + overlap(iv, start.ts, end.ts),
    0,
  );
  const inWindow = tasks.filter((t) => t.ts + t.dur > start.ts && t.ts < end.ts);
  const longTasks = inWindow.filter((t) => t.dur > LONG_TASK_US).map((t) => t.dur / 1000);

  const urlOf = (e) => e.args?.data?.url ?? e.args?.fileName ?? '';
  const evaluate = outermost(
    main.filter(
      (e) => ['EvaluateScript', 'v8.compile', 'v8.run'].includes(e.name) && urlOf(e).includes(scriptUrl),
    ),
  ).reduce((sum, e) => sum + e.dur, 0);

  const forced = main.filter((e) => {
    if (e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') return false;
    const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
    return e.ts >= start.ts && e.ts <= end.ts && stack?.[0]?.url?.includes(scriptUrl);
  });

  return {
    window: (end.ts - start.ts) / 1000,
    busy: busy / 1000,
    longTasks,
    longestTask: Math.max(0, ...inWindow.map((t) => t.dur / 1000)),
    evaluate: evaluate / 1000,
    forcedCount: forced.length,
    forcedMs: forced.reduce((sum, e) => sum + e.dur, 0) / 1000,
  };
}
