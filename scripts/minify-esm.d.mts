/** Minifies the Lit template text of the ESM build under `dist` in place, chaining source maps. */
export function minifyEsm(dist: string): { files: number; saved: number };
