// @vitest-environment node
/**
 * What `npm install adpx-offers` brings (docs/decisions/011): `lit` and `dompurify` only, with
 * `qrcode` an optional peer that only the mock uses, looked up at run time. The source may import
 * nothing else from a package, so a new `import` of a devDependency fails here, long before the
 * pack check (`npm run test:pack`) installs the tarball.
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
  it('are exactly lit and dompurify; qrcode is an optional peer and a devDependency', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['dompurify', 'lit']);
    expect(Object.keys(pkg.peerDependencies ?? {})).toEqual(['qrcode']);
    expect(pkg.peerDependenciesMeta?.qrcode?.optional).toBe(true);
    expect(pkg.devDependencies.qrcode).toBe(pkg.peerDependencies?.qrcode);
  });

  it('are the only packages src/ imports at run time (type-only imports and node: built-ins aside)', () => {
    const imported = new Map<string, string>();
    const specifiers =
      /(?:^|[\s;])(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const file of sourceFiles(join(root, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(specifiers)) {
        const specifier = m[1] ?? m[2] ?? '';
        if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        imported.set(packageOf(specifier), file.slice(root.length));
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    const allowed = new Set(Object.keys(pkg.dependencies));
    const strays = [...imported].filter(([name]) => !allowed.has(name)).map(([n, f]) => `${n} (${f})`);
    expect(strays).toEqual([]);
  });
});
