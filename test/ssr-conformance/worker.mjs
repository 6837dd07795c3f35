// The table in workerd: one request runs every case and answers the result as JSON.
import { renderOffers } from '../../dist/server/ssr/index.js';
import { runCases } from './cases.mjs';

export default {
  async fetch() {
    return Response.json(await runCases(renderOffers));
  },
};
