/**
 * The plugin registry (browser-safe: no file system, no top-level side effects). The
 * first-party plugins are plain objects the package entries hand over (entries/firstParty.ts,
 * through `provideFirstPartyPlugins`: the core never imports a plugin); they are validated
 * and registered the first time the registry is read. Loading plugins from paths or file:
 * URLs is Node-only: see `loadPlugin.ts` (the `surfcd` entry's `usePlugin` and `loadPlugin`).
 */
import { describeValue, SurfcdError } from '../errors.js';
import { provideFirstPartyPhases, registerFirstPartyPhases, registerNarrowPhase, unregisterNarrowPhase, validateNarrowPhase, type NarrowPhase } from '../collide/narrowPhases.js';
import type { ConstraintReporter, ConstraintRule, LoadedPlugin, SurfcdPlugin } from './types.js';

export interface FirstPartyPlugin {
  /** Where it lives, relative to the package root (reported as the plugin's source). */
  readonly source: string;
  readonly plugin: SurfcdPlugin;
}

// The one plugin registry, module state on purpose: plugins are registered for the whole
// process (the entries' first-party hand-over, loadPlugin) and every query, recognizer and
// reporter reads the same set. A worker thread has its own module instance and builds its
// registry again from the setup module's URL. collide/narrowPhases.ts is its index by method.
let registry: LoadedPlugin[] | null = null;
let firstParty: readonly FirstPartyPlugin[] | null = null;
let firstPartySetup: string | null = null;

/**
 * Hands the registry its first-party plugins (registered before any other, when the registry
 * is first read). The package entries call it (entries/installFirstParty.ts); `setupModule` is
 * the URL of the module that did, which a worker thread imports to do the same. A second call
 * with the same list changes nothing; with another list it is a PLUGIN_FAILED.
 */
export function provideFirstPartyPlugins(list: readonly FirstPartyPlugin[], setupModule: string | null | undefined = null): void {
  if (firstParty === list) return;
  if (firstParty !== null) throw new SurfcdError('PLUGIN_FAILED', 'first-party plugins: a second, different list was handed to the registry (two copies of surfcd loaded?)');
  firstParty = list;
  firstPartySetup = setupModule ?? null;
  provideFirstPartyPhases(list.map(({ source, plugin }) => ({ source, phases: (plugin.narrowPhases ?? []) as readonly NarrowPhase[] })));
}

/** The URL of the module that handed over the first-party plugins (for a worker thread to import), or null. */
export function firstPartySetupModule(): string | null {
  return firstPartySetup;
}

/** The registry, with the first-party plugins validated and registered on first use. */
function theRegistry(): LoadedPlugin[] {
  if (registry === null) {
    registerFirstPartyPhases();
    const loaded: LoadedPlugin[] = [];
    for (const { source, plugin } of firstParty!) {
      try {
        const plugin1 = validatePlugin(plugin, source);
        registerPhases(plugin1);
        loaded.push(plugin1);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new SurfcdError('PLUGIN_FAILED', `first-party ${message}`, { cause: error });
      }
    }
    registry = loaded;
  }
  return registry;
}

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
  const narrowPhases: NarrowPhase[] = [];
  const rawPhases = p['narrowPhases'];
  if (rawPhases !== undefined) {
    if (!Array.isArray(rawPhases)) throw new SurfcdError('PLUGIN_FAILED', `${where} ("${name}"): "narrowPhases" is ${describeValue(rawPhases)}, expected an array of { name, build, collide }`);
    rawPhases.forEach((phase: unknown, i: number) => narrowPhases.push(validateNarrowPhase(phase, `${where} ("${name}"): narrowPhases[${i}]`)));
  }
  return { name, source, rules, reporters, narrowPhases, plugin: plugin as SurfcdPlugin };
}

/**
 * Registers a plugin object for every later `recognizeConstraints` call. Here (the
 * browser-safe core) only objects: import the module yourself and pass its default export.
 * The Node entry's `usePlugin` also takes a path or file: URL.
 */
export async function usePlugin(plugin: SurfcdPlugin): Promise<LoadedPlugin> {
  if (typeof plugin === 'string' || (plugin as unknown) instanceof URL) {
    throw new SurfcdError('PLUGIN_FAILED', `plugin ${String(plugin)}: loading a plugin from a path needs the Node entry ('surfcd'); here import the module and pass its default export`);
  }
  return registerPlugin(validatePlugin(plugin, '(object)'));
}

/** Adds an already validated plugin (same object again: the registered one). */
export function registerPlugin(loaded: LoadedPlugin): LoadedPlugin {
  const plugins = theRegistry();
  const same = plugins.find((p) => p.plugin === loaded.plugin);
  if (same) return same;
  if (plugins.some((p) => p.name === loaded.name)) {
    throw new SurfcdError('PLUGIN_FAILED', `plugin ${loaded.source}: a plugin named "${loaded.name}" is already registered`);
  }
  registerPhases(loaded);
  plugins.push(loaded);
  return loaded;
}

/** Unregisters a plugin by name (first-party ones included); returns whether it was registered. */
export function removePlugin(name: string): boolean {
  const plugins = theRegistry();
  const i = plugins.findIndex((p) => p.name === name);
  if (i < 0) return false;
  for (const phase of plugins[i]!.narrowPhases) unregisterNarrowPhase(phase);
  plugins.splice(i, 1);
  return true;
}

/** The registered plugins, first-party first. Throws PLUGIN_FAILED if a first-party plugin is invalid. */
export function registeredPlugins(): readonly LoadedPlugin[] {
  return theRegistry();
}

/** Hands a plugin's narrow phases to collide's registry (all or none). */
function registerPhases(loaded: LoadedPlugin): void {
  const done: NarrowPhase[] = [];
  try {
    for (const phase of loaded.narrowPhases) {
      registerNarrowPhase(phase, loaded.source);
      done.push(phase);
    }
  } catch (error) {
    for (const phase of done) unregisterNarrowPhase(phase);
    throw error;
  }
}

