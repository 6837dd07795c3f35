/**
 * The script-tag entry (`dist/adpx-offers.iife.js`): registers the elements. Loading the file
 * twice on one page is harmless: registration skips tags already defined.
 */
import { defineElements } from './elements/registry.js';

defineElements();
