/**
 * The IAB TCF CMP API (`@iabtechlabtcf/cmpapi`), bundled for the test pages as `window.IabTcf`:
 * `new IabTcf.CmpApi(cmpId, cmpVersion)` installs `__tcfapi` (taking over the stub's queue) and
 * `update(tcString | null, uiVisible)` is what a CMP calls when the visitor's choice is known.
 */
export { CmpApi } from '@iabtechlabtcf/cmpapi';
