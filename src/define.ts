/**
 * `import 'adpx-offers/define'` registers the elements. This is the package's only module with a
 * side effect (package.json `sideEffects`).
 */
import { defineElements } from './elements/registry.js';

defineElements();
