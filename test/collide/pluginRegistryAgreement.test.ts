// The plugin registry and the narrow-phase lookup agree, whichever is read first: a
// first-party narrow phase removed with its plugin is gone from narrowPhaseNames() and from
// collide's methods, and comes back when the plugin is registered again. Each case starts
// from fresh modules, as a process does.
import { describe, expect, it, vi } from 'vitest';

const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

async function freshModules() {
  vi.resetModules();
  const core = await import('../../entries/index.js');
  const phases = await import('../../src/collide/narrowPhases.js');
  const part = core.partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] });
  return { core, names: phases.narrowPhaseNames, part };
}

describe('one registry for plugins and their narrow phases', () => {
  it('removePlugin before any narrow-phase lookup removes the phase for good', async () => {
    const { core, names, part } = await freshModules();
    const obbtree = core.FIRST_PARTY_PLUGINS.find((p) => p.source === 'plugins/narrow-obbtree')!.plugin;
    const others = core.FIRST_PARTY_PLUGINS.filter((p) => p.plugin !== obbtree).flatMap((p) => (p.plugin.narrowPhases ?? []).map((phase) => phase.name));
    expect(others).toContain('boxtree');
    expect(core.removePlugin('narrow-obbtree')).toBe(true);
    expect(names()).toEqual(['scd', ...others]);
    expect(() => core.collide(part, I, part, I, { method: 'obbtree' })).toThrow(`collide: method "obbtree" is not one of ${['scd', ...others].join(', ')} (narrow phases come from plugins)`);
    await core.usePlugin(obbtree);
    expect(names()).toEqual(['scd', ...others, 'obbtree']);
    expect(core.collide(part, I, part, I, { method: 'obbtree' }).intersecting).toBe(true);
  });

  it('removePlugin after a lookup removes it too', async () => {
    const { core, names } = await freshModules();
    expect(names().slice(0, 3)).toEqual(['scd', 'obbtree', 'boxtree']);
    expect(core.removePlugin('narrow-boxtree')).toBe(true);
    expect(names()).toEqual(['scd', 'obbtree']);
    expect(core.registeredPlugins().map((p) => p.name)).not.toContain('narrow-boxtree');
  });

  it('the core alone, without the package entry that hands it the first-party plugins, fails loudly instead of answering without them', async () => {
    vi.resetModules();
    const core = await import('../../src/index.js');
    const message = 'the first-party plugins were never handed to the plugin registry: import surfcd through its package entries (surfcd, surfcd/core), which register them';
    expect(() => core.registeredPlugins()).toThrow(message);
    expect(() => core.narrowPhaseNames()).toThrow(message);
    const part = core.partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] });
    expect(core.collide(part, I, part, I).intersecting).toBe(true); // S-CD itself needs no plugin
  });

  it('the entries hand the same list once; a different one is refused', async () => {
    vi.resetModules();
    const entry = await import('../../entries/core.js');
    const registry = await import('../../src/constraints/plugins.js');
    registry.provideFirstPartyPlugins(entry.FIRST_PARTY_PLUGINS);
    expect(registry.registeredPlugins().map((p) => p.source)).toEqual([...entry.DEFAULT_PLUGINS]);
    expect(registry.firstPartySetupModule()).toMatch(/entries\/installFirstParty\.(ts|js)$/);
    expect(() => registry.provideFirstPartyPlugins([])).toThrow('first-party plugins: a second, different list was handed to the registry');
  });
});
