/** Absolute path of the committed manifest, custom-elements.json at the repository root. */
export declare const MANIFEST_PATH: string;
/** The manifest generated from src/elements/, as the exact text `npm run manifest` writes. */
export declare function generateManifest(): Promise<string>;
