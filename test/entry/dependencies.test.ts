// @vitest-environment node
/**
 * What `npm install adpx-offers` brings (docs/decisions/011): `lit` and `dompurify` only, with
 * `qrcode` an optional peer that only the mock uses, looked up at run time, and `@lit-labs/ssr` and
 * `@lit-labs/ssr-client` optional peers that only server rendering (`adpx-offers/ssr`) and the
 * take-over of a server-rendered unit (`adpx-offers/hydrate`, the ssr script-tag file) import. The
 * source may import nothing else from a package, so a new `import` of a devDependency fails here,
 * long before the pack check (`npm run test:pack`) installs the tarball.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The package a bare specifier names: `lit/decorators.js` → `lit`, `@lit/x/y` → `@lit/x`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

describe('runtime dependencies', () => {
  it('are exactly lit and dompurify; the peers are optional and devDependencies', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['dompurify', 'lit']);
    const peers = Object.keys(pkg.peerDependencies ?? {});
    expect(peers).toEqual(['@lit-labs/ssr', '@lit-labs/ssr-client', 'qrcode', 'react']);
    for (const peer of peers) {
      expect(pkg.peerDependenciesMeta?.[peer]?.optional, peer).toBe(true);
      expect(pkg.devDependencies[peer], peer).toBeDefined();
    }
  });

  it('are the only packages src/ imports at run time (type-only imports and node: built-ins aside)', () => {
    const imported: Array<[name: string, file: string]> = [];
    const specifiers =
      /(?:^|[\s;])(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const file of sourceFiles(join(root, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(specifiers)) {
        const specifier = m[1] ?? m[2] ?? '';
        if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        imported.push([packageOf(specifier), file.slice(root.length)]);
      }
    }
    expect(imported.length).toBeGreaterThan(0);
    // The package itself (a self-reference, as src/frameworks/react.ts makes) is no dependency.
    const allowed = new Set([...Object.keys(pkg.dependencies), 'adpx-offers']);
    // The optional peers of server rendering, each only where it is needed.
    const optional: Record<string, RegExp> = {
      '@lit-labs/ssr': /^src\/server\/ssr\//,
      '@lit-labs/ssr-client': /^src\/(?:server\/ssr\/|elements\/adpx-offers\/take-over\.ts$)/,
      react: /^src\/frameworks\/react/,
    };
    const strays = imported
      .filter(([name, file]) => !allowed.has(name) && !optional[name]?.test(file))
      .map(([name, file]) => `${name} (${file})`);
    expect(strays).toEqual([]);
  });

  it('keeps the take-over (and @lit-labs/ssr-client) out of every entry but those for server-rendered pages', () => {
    const importers = sourceFiles(join(root, 'src'))
      .filter((file) => /from '\.[^']*take-over\.js'/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(root.length))
      .sort();
    expect(importers).toEqual(['src/hydrate.ts', 'src/iife-rest-ssr.ts', 'src/iife-ssr.ts']);
  });
});
