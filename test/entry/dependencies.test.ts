// @vitest-environment node
/**
 * What `npm install adpx-offers` brings (docs/decisions/011): `lit` and `dompurify` only, with
 * `qrcode` an optional peer that only the mock uses, looked up at run time, and `@lit-labs/ssr` and
 * `@lit-labs/ssr-client` optional peers that only server rendering (`adpx-offers/ssr`) imports; the
 * take-over's `hydrate` comes from `@lit-labs/ssr-client` through lit-hydrate.ts alone, which the
 * build replaces with the function bundled (scripts/lit-hydrate.mjs), so no browser entry needs it. The
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
      '@lit-labs/ssr-client': /^src\/(?:server\/ssr\/|elements\/adpx-offers\/lit-hydrate\.ts$)/,
      react: /^src\/frameworks\/react/,
    };
    const strays = imported
      .filter(([name, file]) => !allowed.has(name) && !optional[name]?.test(file))
      .map(([name, file]) => `${name} (${file})`);
    expect(strays).toEqual([]);
  });

  it('keeps the take-over out of every entry but those for server-rendered pages and define’s chunk', () => {
    const importers = (pattern: RegExp) =>
      sourceFiles(join(root, 'src'))
        .filter((file) => pattern.test(readFileSync(file, 'utf8')))
        .map((file) => file.slice(root.length))
        .sort();
    expect(importers(/from '\.[^']*take-over\.js'/)).toEqual([
      'src/hydrate.ts',
      'src/iife-rest-ssr.ts',
      'src/iife-ssr.ts',
    ]);
    // adpx-offers/define imports it only as a chunk of its own, when the page has such a unit.
    expect(importers(/import\('\.[^']*take-over\.js'\)/)).toEqual(['src/define.ts']);
    expect(importers(/from '\.[^']*lit-hydrate\.js'/)).toEqual(['src/elements/adpx-offers/take-over.ts']);
  });
});
