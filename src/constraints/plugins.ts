/**
 * The plugin registry. The core never imports a plugin: first-party plugins are listed
 * here by folder (relative to the package root) and imported at runtime from a URL
 * resolved against this module, so the same list works from the TypeScript sources
 * (`src/constraints/` → `plugins/<name>/index.ts`, as vitest runs them) and from the build
 * (`dist/src/constraints/` → `dist/plugins/<name>/index.js`).
 *
 * The default plugins are loaded once, when this module is first imported (top-level
 * await), so `recognizeConstraints` can stay synchronous. A failure there is kept and
 * thrown as PLUGIN_FAILED by whatever first needs the plugins.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SurfcdError } from '../errors.js';
import type { ConstraintReporter, ConstraintRule, LoadedPlugin, SurfcdPlugin } from './types.js';

/** First-party plugin folders, relative to the package root (loaded by default, in this order). */
export const DEFAULT_PLUGINS: readonly string[] = ['plugins/constraints-basic', 'plugins/constraints-gear'];

/** The package root: two levels above this module (`src/constraints/` or `dist/src/constraints/`). */
const packageRoot = new URL('../../', import.meta.url);

const registry: LoadedPlugin[] = [];
let defaultFailure: SurfcdError | null = null;

/** Where a module file for `target` (a file, or a folder with index.js / index.ts) is. */
function moduleFile(target: string, label: string): string {
  const candidates = [target, `${target}.js`, `${target}.ts`];
  for (const c of candidates) {
    if (existsSync(c)) {
      if (!statSync(c).isDirectory()) return c;
      for (const index of ['index.js', 'index.mjs', 'index.ts']) {
        const f = resolvePath(c, index);
        if (existsSync(f)) return f;
      }
      throw new SurfcdError('PLUGIN_FAILED', `plugin ${label}: the folder has no index.js or index.ts`);
    }
  }
  throw new SurfcdError('PLUGIN_FAILED', `plugin ${label}: no such file`);
}

const describeValue = (v: unknown): string =>
  v === undefined ? 'missing' : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'function' ? 'a function' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;

/**
 * Checks a plugin object and normalises its rules. Every problem is a PLUGIN_FAILED that
 * names `source` and the field.
 */
export function validatePlugin(plugin: unknown, source: string): LoadedPlugin {
  const where = `plugin ${source}`;
  if (plugin === null || typeof plugin !== 'object' || Array.isArray(plugin)) {
    throw new SurfcdError('PLUGIN_FAILED', `${where}: the default export is ${describeValue(plugin)}, expected an object { name, constraintRules?, reporters? }`);
  }
  const p = plugin as Record<string, unknown>;
  if (typeof p['name'] !== 'string' || p['name'].trim() === '') {
    throw new SurfcdError('PLUGIN_FAILED', `${where}: "name" is ${describeValue(p['name'])}, expected a non-empty string`);
  }
  const name = p['name'];
  const rules: ConstraintRule[] = [];
  const rawRules = p['constraintRules'];
  if (rawRules !== undefined) {
    if (!Array.isArray(rawRules)) throw new SurfcdError('PLUGIN_FAILED', `${where} ("${name}"): "constraintRules" is ${describeValue(rawRules)}, expected an array of rules`);
    rawRules.forEach((r: unknown, i: number) => {
      const at = `${where} ("${name}"): constraintRules[${i}]`;
      if (typeof r === 'function') {
        const fnName = r.name && r.name !== 'anonymous' ? r.name : `rule${i}`;
        rules.push({ name: fnName, match: r as ConstraintRule['match'] });
        return;
      }
      if (r === null || typeof r !== 'object' || Array.isArray(r)) {
        throw new SurfcdError('PLUGIN_FAILED', `${at} is ${describeValue(r)}, expected a function or an object { name, match?, derive?, merge?, freedom?, describe? }`);
      }
      const rule = r as Record<string, unknown>;
      if (typeof rule['name'] !== 'string' || rule['name'].trim() === '') {
        throw new SurfcdError('PLUGIN_FAILED', `${at}: "name" is ${describeValue(rule['name'])}, expected a non-empty string`);
      }
      for (const f of ['match', 'matchPair', 'supersede', 'derive', 'merge', 'freedom', 'describe']) {
        if (rule[f] !== undefined && typeof rule[f] !== 'function') {
          throw new SurfcdError('PLUGIN_FAILED', `${at} ("${rule['name']}"): "${f}" is ${describeValue(rule[f])}, expected a function`);
        }
      }
      if (typeof rule['match'] !== 'function' && typeof rule['derive'] !== 'function' && typeof rule['matchPair'] !== 'function') {
        throw new SurfcdError('PLUGIN_FAILED', `${at} ("${rule['name']}"): has neither "match" nor "derive" (nor "matchPair"); a rule needs at least one of them`);
      }
      if (rule['kinds'] !== undefined && !(Array.isArray(rule['kinds']) && rule['kinds'].every((k) => typeof k === 'string'))) {
        throw new SurfcdError('PLUGIN_FAILED', `${at} ("${rule['name']}"): "kinds" is ${describeValue(rule['kinds'])}, expected an array of strings`);
      }
      if (rules.some((q) => q.name === rule['name'])) {
        throw new SurfcdError('PLUGIN_FAILED', `${at}: a second rule named "${rule['name']}"; rule names must be unique within a plugin`);
      }
      rules.push(r as ConstraintRule);
    });
  }
  const reporters: Record<string, ConstraintReporter> = {};
  const rawReporters = p['reporters'];
  if (rawReporters !== undefined) {
    if (rawReporters === null || typeof rawReporters !== 'object' || Array.isArray(rawReporters)) {
      throw new SurfcdError('PLUGIN_FAILED', `${where} ("${name}"): "reporters" is ${describeValue(rawReporters)}, expected an object { format: (report, assembly) => string }`);
    }
    for (const [format, fn] of Object.entries(rawReporters)) {
      if (typeof fn !== 'function') throw new SurfcdError('PLUGIN_FAILED', `${where} ("${name}"): reporters["${format}"] is ${describeValue(fn)}, expected a function`);
      reporters[format] = fn as ConstraintReporter;
    }
  }
  return { name, source, rules, reporters, plugin: plugin as SurfcdPlugin };
}

/**
 * Imports and validates a plugin module: a path (relative to the working directory), a
 * folder with an index file, or a file: URL. Does not register it (see `usePlugin`).
 */
export async function loadPlugin(specifier: string | URL): Promise<LoadedPlugin> {
  const label = String(specifier);
  let file: string;
  if (specifier instanceof URL || /^file:/i.test(label)) {
    file = moduleFile(fileURLToPath(specifier), label);
  } else {
    if (label.trim() === '') throw new SurfcdError('PLUGIN_FAILED', 'plugin "": expected a file path');
    file = moduleFile(resolvePath(label), label);
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
    throw new SurfcdError('PLUGIN_FAILED', `plugin ${label}: cannot be imported (${reason})`, { cause: error });
  }
  if (!('default' in mod) || mod['default'] === undefined) {
    const named = Object.keys(mod).filter((k) => k !== 'default').sort();
    throw new SurfcdError(
      'PLUGIN_FAILED',
      `plugin ${label}: has no default export${named.length > 0 ? ` (it exports ${named.slice(0, 5).join(', ')})` : ''}; expected \`export default { name, constraintRules }\``,
    );
  }
  return validatePlugin(mod['default'], label);
}

/** Registers a plugin for every later `recognizeConstraints` call: an object, or a module to load. */
export async function usePlugin(plugin: SurfcdPlugin | string | URL): Promise<LoadedPlugin> {
  const loaded = typeof plugin === 'string' || plugin instanceof URL ? await loadPlugin(plugin) : validatePlugin(plugin, '(object)');
  const same = registry.find((p) => p.plugin === loaded.plugin);
  if (same) return same;
  if (registry.some((p) => p.name === loaded.name)) {
    throw new SurfcdError('PLUGIN_FAILED', `plugin ${loaded.source}: a plugin named "${loaded.name}" is already registered`);
  }
  registry.push(loaded);
  return loaded;
}

/** Unregisters a plugin by name (first-party ones included); returns whether it was registered. */
export function removePlugin(name: string): boolean {
  const i = registry.findIndex((p) => p.name === name);
  if (i < 0) return false;
  registry.splice(i, 1);
  return true;
}

/** The registered plugins, first-party first. Throws PLUGIN_FAILED if a first-party plugin failed to load. */
export function registeredPlugins(): readonly LoadedPlugin[] {
  if (defaultFailure) throw defaultFailure;
  return registry;
}

async function loadDefaults(): Promise<void> {
  for (const folder of DEFAULT_PLUGINS) {
    try {
      const loaded = await loadPlugin(new URL(folder, packageRoot));
      registry.push({ ...loaded, source: folder });
    } catch (error) {
      defaultFailure =
        error instanceof SurfcdError
          ? new SurfcdError('PLUGIN_FAILED', `first-party ${error.message}`, { cause: error })
          : new SurfcdError('PLUGIN_FAILED', `first-party plugin ${folder}: ${String(error)}`, { cause: error });
      return;
    }
  }
}

await loadDefaults();
