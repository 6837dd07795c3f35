/** Name of the integrity manifest the build writes in dist/. */
export declare const SRI_FILE: string;
/** `sha384-<base64>` of some bytes, as the `integrity` attribute takes it. */
export declare function sriOf(bytes: Uint8Array | string): string;
/** The script-tag files in `dir`, sorted: top-level `.js` files with no `.d.ts` of the same name. */
export declare function scriptTagFiles(dir: string): string[];
/** `{ "file.js": "sha384-…" }` for the script-tag files of `dir`. Throws when there are none. */
export declare function integrityManifest(dir: string): Record<string, string>;
