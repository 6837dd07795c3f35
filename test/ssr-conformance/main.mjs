// One runtime's run of the table (Node, Deno, Bun): prints the result as one JSON line.
import { renderOffers } from '../../dist/server/ssr/index.js';
import { runCases } from './cases.mjs';

console.info(`ssr-result ${JSON.stringify(await runCases(renderOffers))}`);
