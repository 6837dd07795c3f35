import { fileURLToPath } from 'node:url';

/**
 * `adpx-offers/react` resolves to the repository's own package (its name and "exports"), so the
 * example runs the built dist/ as a publisher's app would run the installed package.
 * @type {import('next').NextConfig}
 */
export default {
  turbopack: { root: fileURLToPath(new URL('../../../', import.meta.url)) },
};
