/**
 * `import 'adpx-offers/define'` registers the elements. This is the package's only module with a
 * side effect (package.json `sideEffects`).
 */
import { defineElements } from './elements/registry.js';

defineElements();

// A type-only re-export keeps the registry module (and its HTMLElementTagNameMap and event map
// declarations) in `define.d.ts`, so a page that imports only `adpx-offers/define` is typed.
export type { defineElements } from './elements/registry.js';
