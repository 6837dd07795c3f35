/**
 * The IAB GPP CMP API (`@iabgpp/cmpapi`), bundled for the test pages as `window.IabGpp`:
 * `new IabGpp.CmpApi(cmpId, cmpVersion)` installs `__gpp`; the page sets the GPP string, the
 * applicable sections and `signalStatus` as a CMP does.
 */
export { CmpApi } from '@iabgpp/cmpapi';
