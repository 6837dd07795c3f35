// Generates `custom-elements.json` (the Custom Elements Manifest named by package.json
// `customElements`) from the JSDoc of the element classes in src/elements/:
//   node scripts/manifest.mjs          writes it
//   node scripts/manifest.mjs --check  exits 1 when the committed one is stale
// The Vitest check in test/frameworks/manifest.test.ts calls `generateManifest()` too.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { litPlugin } from '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';
import globby from 'globby';
import { readOptions } from './options-doc.mjs';
import { readParts } from './parts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const MANIFEST_PATH = fileURLToPath(new URL('../custom-elements.json', import.meta.url));

/** The analysed sources: the element modules, not their styles, helpers' tests or type files. */
const GLOBS = ['src/elements/**/*.ts', '!src/elements/**/*.styles.ts', '!**/*.test.ts', '!**/*.d.ts'];

/** `src/elements/x.ts` → `dist/elements/x.js`: the manifest points at the published modules. */
const toDist = (path) => path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');

/**
 * The elements are registered by `defineElements()` through `registry.define('adpx-offers', Class)`
 * (a registry that may be passed in), which the analyzer's own `customElements.define` detection
 * does not see. This plugin records each such call as a custom element definition.
 */
function registryDefinePlugin(parts) {
  const definitions = [];
  return {
    name: 'adpx-registry-define',
    analyzePhase({ ts: api, node, moduleDoc }) {
      if (!api.isCallExpression(node) || !api.isPropertyAccessExpression(node.expression)) return;
      if (node.expression.name.text !== 'define') return;
      const [tag, klass] = node.arguments;
      if (!tag || !klass || !api.isStringLiteral(tag) || !api.isIdentifier(klass)) return;
      if (!tag.text.includes('-')) return;
      definitions.push({ module: moduleDoc.path, tag: tag.text, className: klass.text });
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const { module, tag, className } of definitions) {
        const owner = customElementsManifest.modules.find((m) =>
          m.declarations?.some((d) => d.kind === 'class' && d.name === className),
        );
        if (!owner) throw new Error(`manifest: no class ${className} for <${tag}>`);
        const declaration = owner.declarations.find((d) => d.name === className);
        declaration.customElement = true;
        declaration.tagName = tag;
        // The parts come from their one declaration (src/elements/parts.ts), not from JSDoc.
        declaration.cssParts = Object.entries(parts[tag] ?? {}).map(([name, description]) => ({
          name,
          description,
        }));
        owner.exports ??= [];
        if (!owner.exports.some((e) => e.kind === 'custom-element-definition' && e.name === tag)) {
          owner.exports.push({
            kind: 'custom-element-definition',
            name: tag,
            declaration: { name: className, module: owner.path },
          });
        }
        const registering = customElementsManifest.modules.find((m) => m.path === module);
        if (registering) registering.exports = registering.exports?.filter((e) => e.name !== tag);
      }
      // Only the modules that declare an element; helpers (card fragments, controllers) are internal.
      customElementsManifest.modules = customElementsManifest.modules.filter((m) =>
        m.declarations?.some((d) => d.customElement),
      );
      for (const mod of customElementsManifest.modules) {
        mod.path = toDist(mod.path);
        for (const declaration of mod.declarations ?? []) {
          if (declaration.customElement) publicSurface(declaration);
        }
        for (const entry of [...(mod.exports ?? []), ...(mod.declarations ?? [])]) {
          for (const ref of [entry.declaration, entry.superclass, entry.inheritedFrom]) {
            if (ref?.module) ref.module = toDist(ref.module);
          }
          for (const member of [
            ...(entry.members ?? []),
            ...(entry.attributes ?? []),
            ...(entry.events ?? []),
          ]) {
            if (member.inheritedFrom?.module)
              member.inheritedFrom.module = toDist(member.inheritedFrom.module);
          }
        }
      }
    },
  };
}

const OPTIONS_CLASS = 'OffersRequestElement';
const TYPES = { boolean: 'boolean', number: 'number', string: 'string', object: 'object' };

/**
 * The element's options are declared in src/options/schema.ts (its `static properties` are built
 * from that table at run time, which the analyzer cannot follow): this plugin writes each one's
 * attribute, field and doc onto the class that declares them, before inheritance is resolved.
 */
function optionsPlugin() {
  return {
    name: 'adpx-options',
    moduleLinkPhase({ moduleDoc }) {
      const declaration = moduleDoc.declarations?.find((d) => d.name === OPTIONS_CLASS);
      if (!declaration) return;
      declaration.members ??= [];
      declaration.attributes ??= [];
      for (const option of readOptions().filter((o) => o.property)) {
        let member = declaration.members.find((m) => m.name === option.property);
        if (!member) declaration.members.push((member = { kind: 'field', name: option.property }));
        member.description = option.doc;
        member.type ??= { text: TYPES[option.type] };
        if (option.initial !== undefined && !String(option.initial).startsWith('{'))
          member.default = JSON.stringify(option.initial);
        if (!option.attribute) continue;
        member.attribute = option.attribute;
        declaration.attributes.push({
          name: option.attribute,
          type: member.type,
          description: option.doc,
          fieldName: option.property,
        });
      }
    },
  };
}

/**
 * Keeps what a page may use: private and protected members go (they churn with every refactor; a
 * page cannot call them), and events
 * come from the `@fires` JSDoc, each typed as the `AdpxEvent` it is (`detail` per event name). The
 * analyzer also reads `dispatchEvent(new AdpxEvent(name, …))`, whose variable name is no event.
 */
function publicSurface(declaration) {
  declaration.members = declaration.members?.filter(
    (m) => m.privacy !== 'private' && m.privacy !== 'protected' && !m.name.startsWith('#'),
  );
  declaration.events = declaration.events
    ?.filter((e) => e.name.startsWith('adpx-'))
    .map((e) => ({ ...e, type: { text: `AdpxEvent<'${e.name.slice(5).replace(/-/g, '_')}'>` } }));
}

/** The manifest as the text written to custom-elements.json (stable: sorted paths, 2-space JSON). */
export async function generateManifest() {
  const paths = (await globby(GLOBS, { cwd: root })).sort();
  const modules = paths.map((path) =>
    ts.createSourceFile(path, readFileSync(`${root}/${path}`, 'utf8'), ts.ScriptTarget.ES2015, true),
  );
  const manifest = create({
    modules,
    plugins: [...litPlugin(), optionsPlugin(), registryDefinePlugin(await readParts())],
  });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function main() {
  const fresh = await generateManifest();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(MANIFEST_PATH, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== fresh) {
      console.error('custom-elements.json is stale (the elements’ JSDoc changed): run npm run manifest');
      process.exit(1);
    }
    console.info('custom-elements.json is up to date');
    return;
  }
  writeFileSync(MANIFEST_PATH, fresh);
  console.info('wrote custom-elements.json');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
