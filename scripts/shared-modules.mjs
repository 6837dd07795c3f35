// The script-tag build's first file and the rest of the SDK share their modules (decision 016):
// the first file (`src/boot/start.ts`) holds what starts the offers request (consent, the request,
// the options table, the key), and the rest file takes those modules from it instead of carrying
// a second copy: one consent state, one debug log, one Trusted Types policy, and no byte twice.
//
// - `bootModules(config)`: the modules of the first file, by building it in memory (until the list
//   no longer changes: exposing a module keeps all its exports, which may bring in another), with
//   the names each exports.
// - `exposeModules(modules, start, onlyRead)`: the first file's entry, generated: every export of those
//   modules in one array, by position, which `start`'s `boot(shared)` puts on the window
//   (`Symbol.for('adpx-offers.shared')`).
// - `importShared(modules)`: in the rest file's build, an import of one of those modules becomes
//   a module that reads its exports from that array, by position (no export name in either file).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Which slots the rest file's last build read (written by `importShared`, read by `exposeModules`). */
const SLOTS_FILE = fileURLToPath(
  new URL('../node_modules/.cache/adpx-offers/shared-slots.json', import.meta.url),
);

function usedSlots(modules) {
  try {
    const { shared, used } = JSON.parse(readFileSync(SLOTS_FILE, 'utf8'));
    return shared === sharedKey(modules) ? new Set(used) : undefined;
  } catch {
    return undefined;
  }
}

const SHARED = "Symbol.for('adpx-offers.shared')";
export const BOOT_ENTRY = 'adpx-boot-entry';
const ENTRY = `\0${BOOT_ENTRY}`;
const PREFIX = '\0adpx-shared:';
const READ = '\0adpx-shared-read';

/** The shared modules and their exports as one string: the slots file is for these only. */
const sharedKey = (modules) => JSON.stringify(modules.map((m) => [m.id, m.exports]));

/** Every export of the shared modules, in one order for both files: `[module index, name]`. */
const slotsOf = (modules) => modules.flatMap((m, i) => m.exports.map((name) => [i, name]));

/**
 * The first file's entry: every export of each shared module, by position in one array (the
 * rest file reads them by position: no export name travels), then the start module's `boot`.
 */
export function exposeModules(modules, start, onlyRead = false) {
  return {
    name: 'adpx-expose-modules',
    enforce: 'pre',
    resolveId: (id) => (id.endsWith(BOOT_ENTRY) ? ENTRY : undefined),
    load(id) {
      if (id !== ENTRY) return undefined;
      const slots = slotsOf(modules);
      const imports = modules.map((m, i) => {
        const names = m.exports.map((name) => `${name === 'default' ? 'default' : name} as m${i}_${name}`);
        return `import { ${names.join(', ')} } from ${JSON.stringify(m.id)};`;
      });
      // `onlyRead`: only what the rest file reads (its build, just before, wrote the list for
      // these modules; another list, or none, exposes everything).
      const read = onlyRead ? usedSlots(modules) : undefined;
      const list = slots
        .map(([i, name], slot) => (!read || read.has(slot) ? `m${i}_${name}` : '0'))
        .join(', ');
      return `${imports.join('\n')}\nimport { boot } from ${JSON.stringify(start)};\nboot([${list}]);\n`;
    },
  };
}

/**
 * In another build: the shared modules read from the first file's array, not bundled again. Each
 * export is a pure read of its slot, so that the minifier drops the ones nothing uses.
 */
export function importShared(modules) {
  const index = new Map(modules.map((m, i) => [m.id, i]));
  const slots = slotsOf(modules);
  return {
    name: 'adpx-import-shared',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === READ) return READ;
      if (source.startsWith(PREFIX) || !importer) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const at = resolved && index.get(resolved.id);
      return at === undefined || at === null ? undefined : `${PREFIX}${at}`;
    },
    generateBundle(_, bundle) {
      // The slots the rest file reads: the first file exposes only those (`exposeModules`).
      const used = new Set();
      for (const chunk of Object.values(bundle)) {
        for (const [id, rendered] of Object.entries(chunk.modules ?? {})) {
          if (!id.startsWith(PREFIX)) continue;
          const at = Number(id.slice(PREFIX.length));
          slots.forEach(([i, name], slot) => {
            if (i === at && rendered.renderedExports.includes(name)) used.add(slot);
          });
        }
      }
      mkdirSync(dirname(SLOTS_FILE), { recursive: true });
      const list = [...used].sort((a, b) => a - b);
      writeFileSync(SLOTS_FILE, JSON.stringify({ shared: sharedKey(modules), used: list }));
    },
    load(id) {
      if (id === READ)
        return `const shared = window[${SHARED}];\nexport const read = (slot) => shared[slot];\n`;
      if (!id.startsWith(PREFIX)) return undefined;
      const at = Number(id.slice(PREFIX.length));
      const lines = [`import { read } from ${JSON.stringify(READ)};`];
      slots.forEach(([i, name], slot) => {
        if (i !== at) return;
        const value = `/* @__PURE__ */ read(${slot})`;
        lines.push(name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`);
      });
      return lines.join('\n');
    },
  };
}

/** The modules one in-memory build of `config` bundles, each with the names it exports. */
async function modulesOf(config) {
  let found = [];
  const collect = {
    name: 'adpx-collect-modules',
    generateBundle() {
      found = [...this.getModuleIds()]
        .filter((id) => !id.startsWith('\0') && /\/src\/.*\.ts$/.test(id))
        .map((id) => ({ id, exports: [...(this.getModuleInfo(id)?.exports ?? [])] }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
    },
  };
  await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    plugins: [...(config.plugins ?? []), collect],
    build: { ...config.build, write: false, minify: false, sourcemap: false },
  });
  return found;
}

/**
 * The first file's modules: `configFor(modules)` is its build config exposing `modules`; built
 * until exposing them brings in no other.
 */
export async function bootModules(configFor) {
  let modules = [];
  for (let round = 0; round < 4; round++) {
    const next = await modulesOf(configFor(modules));
    if (next.length === modules.length && next.every((m, i) => m.id === modules[i].id)) return next;
    modules = next;
  }
  throw new Error('shared-modules: the first file’s modules did not settle');
}
