/**
 * Node-only: loading plugin modules from paths and file: URLs (the CLI's `--plugin`, and the
 * `surfcd` entry's `usePlugin(path)`). The registry itself is browser-safe (`plugins.ts`).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SurfcdError } from '../errors.js';
import { registerPlugin, validatePlugin } from './plugins.js';
import type { LoadedPlugin, SurfcdPlugin } from './types.js';

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

/**
 * Imports and validates a plugin module: a path (relative to the working directory), a
 * folder with an index file, or a file: URL. Does not register it (see `usePlugin`).
 */
export async function loadPlugin(specifier: string | { readonly href: string }): Promise<LoadedPlugin> {
  const label = typeof specifier === 'object' && specifier !== null && typeof specifier.href === 'string' ? specifier.href : String(specifier);
  let file: string;
  if (typeof specifier === 'object' || /^file:/i.test(label)) {
    file = moduleFile(fileURLToPath(label), label);
  } else {
    if (typeof specifier !== 'string' || label.trim() === '') throw new SurfcdError('PLUGIN_FAILED', `plugin "${label}": expected a file path`);
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

/** Registers a plugin for every later `recognizeConstraints` call: an object, or a module to load (path or file: URL). */
export async function usePlugin(plugin: SurfcdPlugin | string | { readonly href: string }): Promise<LoadedPlugin> {
  const fromFile = typeof plugin === 'string' || (typeof plugin === 'object' && plugin !== null && typeof (plugin as { href?: unknown }).href === 'string');
  const loaded = fromFile ? await loadPlugin(plugin as string | { href: string }) : validatePlugin(plugin, '(object)');
  return registerPlugin(loaded);
}
