/**
 * Libraries the hostile pages (e2e/pages/hostile/) load from their own packages' files: the
 * devDependencies zone.js and ses, served by the test server to the test pages only.
 */
export const VENDOR_FILES = [
  { prefix: '/vendor/zone.js/', dir: 'node_modules/zone.js/bundles' },
  { prefix: '/vendor/ses/', dir: 'node_modules/ses/dist' },
];
