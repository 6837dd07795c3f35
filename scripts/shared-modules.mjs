// The script-tag build's files share their modules (decision 016). The first file
// (`src/boot/start.ts`) holds what starts the offers request (consent, the request, the options
// table, the key); the rest file (`src/iife-rest.ts`: the elements, templates, tracking) takes
// those modules from it instead of carrying a second copy; the later file (`src/iife-later.ts`:
// `window.Adpx`, `<adpx-terms>`) takes them from both. One consent state, one debug log, one
// Trusted Types policy, and no byte twice.
//
// A layer is the modules one file holds and shares: `{ name, symbol, modules }`, its exports by
// position in one array that the file's `boot(shared)` puts on the window under `symbol`.
//
// - `layerModules(configFor)`: the modules of a file, by building it in memory (until the list no
//   longer changes: exposing a module keeps all its exports, which may bring in another), with the
//   names each exports.
// - `exposeModules(layer, entry, start, onlyRead)`: the file's entry, generated: every export of
//   its modules in one array, by position, then `start`'s `boot(array)`. With `onlyRead`, only the
//   exports the files built after read (their builds wrote the list): the rest are `0`.
// - `importShared(layers, reader)`: in a file built later, an import of a layer's module becomes a
//   module that reads its exports from that layer's array, by position (no export name travels).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Where each reader's build writes the slots it read, by layer (read by `exposeModules`). */
const SLOTS_DIR = fileURLToPath(new URL('../node_modules/.cache/adpx-offers/', import.meta.url));
const slotsFile = (layer, reader) => `${SLOTS_DIR}shared-slots-${layer}-${reader}.json`;

/** The slots of `layer` that the files reading it read, or undefined when none wrote a list. */
function usedSlots(layer) {
  let used;
  const key = sharedKey(layer.modules);
  let names = [];
  try {
    names = readdirSync(SLOTS_DIR).filter((name) => name.startsWith(`shared-slots-${layer.name}-`));
  } catch {
    return undefined;
  }
  for (const name of names) {
    const { shared, slots } = JSON.parse(readFileSync(`${SLOTS_DIR}${name}`, 'utf8'));
    if (shared !== key) continue;
    used ??= new Set();
    for (const slot of slots) used.add(slot);
  }
  return used;
}

/** The generated entry of a file that shares its modules: a build's `lib.entry`. */
export const entryId = (name) => `adpx-${name}-entry`;
const prefixOf = (layer) => `\0adpx-shared:${layer}:`;
const readOf = (layer) => `\0adpx-shared-read:${layer}`;

/** The shared modules and their exports as one string: a slots file is for these only. */
const sharedKey = (modules) => JSON.stringify(modules.map((m) => [m.id, m.exports]));

/** Every export of the shared modules, in one order for every file: `[module index, name]`. */
const slotsOf = (modules) => modules.flatMap((m, i) => m.exports.map((name) => [i, name]));

/**
 * A file's entry: every export of each of its layer's modules, by position in one array (the
 * files built after read them by position: no export name travels), then the start module's `boot`.
 */
export function exposeModules(layer, start, onlyRead = false) {
  const entry = `\0${entryId(layer.name)}`;
  return {
    name: `adpx-expose-modules-${layer.name}`,
    enforce: 'pre',
    resolveId: (id) => (id.endsWith(entryId(layer.name)) ? entry : undefined),
    load(id) {
      if (id !== entry) return undefined;
      const { modules } = layer;
      const slots = slotsOf(modules);
      const imports = modules.map((m, i) => {
        const names = m.exports.map((name) => `${name === 'default' ? 'default' : name} as m${i}_${name}`);
        return `import { ${names.join(', ')} } from ${JSON.stringify(m.id)};`;
      });
      // `onlyRead`: only what the files built after read (their builds, just before, wrote the
      // lists for these modules; other lists, or none, expose everything).
      const read = onlyRead ? usedSlots(layer) : undefined;
      const list = slots
        .map(([i, name], slot) => (!read || read.has(slot) ? `m${i}_${name}` : '0'))
        .join(', ');
      return `${imports.join('\n')}\nimport { boot } from ${JSON.stringify(start)};\nboot([${list}]);\n`;
    },
  };
}

/**
 * In a file built after them (`reader`): the layers' modules read from their arrays, not bundled
 * again. Each export is a pure read of its slot, so that the minifier drops the ones nothing uses.
 */
export function importShared(layers, reader) {
  const where = new Map();
  layers.forEach((layer) => layer.modules.forEach((m, i) => where.set(m.id, `${prefixOf(layer.name)}${i}`)));
  const layerOf = (id) => layers.find((layer) => id.startsWith(prefixOf(layer.name)));
  return {
    name: 'adpx-import-shared',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (layers.some((layer) => source === readOf(layer.name))) return source;
      if (source.startsWith('\0adpx-shared') || !importer) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && where.get(resolved.id)) ?? undefined;
    },
    generateBundle(_, bundle) {
      // The slots this file reads: the layers' files expose only those (`exposeModules`).
      for (const layer of layers) {
        const slots = slotsOf(layer.modules);
        const used = new Set();
        for (const chunk of Object.values(bundle)) {
          for (const [id, rendered] of Object.entries(chunk.modules ?? {})) {
            if (!id.startsWith(prefixOf(layer.name))) continue;
            const at = Number(id.slice(prefixOf(layer.name).length));
            slots.forEach(([i, name], slot) => {
              if (i === at && rendered.renderedExports.includes(name)) used.add(slot);
            });
          }
        }
        mkdirSync(SLOTS_DIR, { recursive: true });
        const list = [...used].sort((a, b) => a - b);
        const content = JSON.stringify({ shared: sharedKey(layer.modules), slots: list });
        writeFileSync(slotsFile(layer.name, reader), content);
      }
    },
    load(id) {
      const read = layers.find((layer) => id === readOf(layer.name));
      if (read) {
        const array = `window[Symbol.for(${JSON.stringify(read.symbol)})]`;
        return `const shared = ${array};\nexport const read = (slot) => shared[slot];\n`;
      }
      const layer = layerOf(id);
      if (!layer) return undefined;
      const at = Number(id.slice(prefixOf(layer.name).length));
      const lines = [`import { read } from ${JSON.stringify(readOf(layer.name))};`];
      slotsOf(layer.modules).forEach(([i, name], slot) => {
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
      // A module that re-exports another's names (`export *`, lit's facades) is not shared: its
      // names are not all listed; the file that reads it bundles the facade, over shared modules.
      found = [...this.getModuleIds()]
        .filter((id) => !id.startsWith('\0') && /\/(src\/.*\.ts|node_modules\/.*\.js)$/.test(id))
        .map((id) => ({ id, exports: [...(this.getModuleInfo(id)?.exports ?? [])] }))
        .filter((m) => !m.exports.includes('*'))
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
 * A file's modules: `configFor(modules)` is its build config exposing `modules`; built until
 * exposing them brings in no other.
 */
export async function layerModules(configFor) {
  let modules = [];
  for (let round = 0; round < 4; round++) {
    const next = await modulesOf(configFor(modules));
    if (next.length === modules.length && next.every((m, i) => m.id === modules[i].id)) return next;
    modules = next;
  }
  throw new Error('shared-modules: a file’s modules did not settle');
}
