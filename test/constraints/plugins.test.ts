import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadAssembly,
  loadPlugin,
  recognizeConstraints,
  registeredPlugins,
  removePlugin,
  SurfcdError,
  usePlugin,
  type Assembly,
} from '../../src/index.js';
import { constraintsTable } from '../../src/report/constraintsReport.js';
import { fixture, sample } from '../helpers/shared.js';

const plugin = (name: string): string => fixture(`plugins/${name}`);

async function failure(work: () => Promise<unknown> | unknown): Promise<SurfcdError> {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(SurfcdError);
    expect((error as SurfcdError).code).toBe('PLUGIN_FAILED');
    return error as SurfcdError;
  }
  throw new Error('expected a PLUGIN_FAILED error');
}

describe('plugin registry', () => {
  it('loads the first-party rules by default, through the registry (not an import)', () => {
    const basic = registeredPlugins().find((p) => p.name === 'constraints-basic');
    expect(basic?.source).toBe('plugins/constraints-basic');
    expect(basic?.rules.map((r) => r.name)).toEqual(['prismatic', 'spline', 'against', 'coaxial', 'tangent', 'spherical', 'conical', 'insert']);
    expect(registeredPlugins().find((p) => p.name === 'constraints-gear')?.rules.map((r) => r.name)).toEqual(['gear']);
  });

  it('loads a user plugin from a file: a rule object, and a bare match function', async () => {
    const flush = await loadPlugin(plugin('flush-rule.mjs'));
    expect(flush.name).toBe('flush-example');
    expect(flush.rules.map((r) => r.name)).toEqual(['flush']);
    expect(Object.keys(flush.reporters)).toEqual(['count']);
    const bare = await loadPlugin(plugin('bare-function.mjs'));
    expect(bare.rules.map((r) => r.name)).toEqual(['sameSphere']);
  });

  it.each([
    ['missing.mjs', /missing\.mjs: no such file/],
    ['no-default.mjs', /no-default\.mjs: has no default export \(it exports constraintRules, name\)/],
    ['no-name.mjs', /no-name\.mjs: "name" is missing, expected a non-empty string/],
    ['rule-not-function.mjs', /rule-not-function\.mjs \("bad-rule"\): constraintRules\[0\] is number 42, expected a function or an object/],
    ['match-not-function.mjs', /match-not-function\.mjs \("bad-match"\): constraintRules\[0\] \("oops"\): "match" is string "against", expected a function/],
    // Node says SyntaxError; vitest's module runner says "invalid JS syntax"
    ['syntax-error.mjs', /syntax-error\.mjs: cannot be imported \(.*(SyntaxError|syntax)/],
  ])('rejects %s with PLUGIN_FAILED naming the file and the problem', async (file, message) => {
    const error = await failure(() => loadPlugin(plugin(file)));
    expect(error.message).toMatch(message);
  });

  it('rejects bad plugin objects given to usePlugin', async () => {
    expect((await failure(() => usePlugin({} as never))).message).toMatch(/"name" is missing/);
    expect((await failure(() => usePlugin({ name: 'x', constraintRules: {} } as never))).message).toMatch(/"constraintRules" is an object, expected an array/);
    expect((await failure(() => usePlugin({ name: 'x', constraintRules: [{ name: 'r' }] } as never))).message).toMatch(/has neither "match" nor "derive"/);
    expect((await failure(() => usePlugin({ name: 'x', reporters: { csv: 1 } } as never))).message).toMatch(/reporters\["csv"\] is number 1, expected a function/);
    expect((await failure(() => usePlugin({ name: 'constraints-basic', constraintRules: [] }))).message).toMatch(/already registered/);
  });
});

describe('plugins at work (rig)', () => {
  let rig: Assembly;
  beforeAll(async () => {
    rig = await loadAssembly(sample('rig.step'));
  });

  it('a plugin given to one call adds its rule to that call only', async () => {
    const flush = await loadPlugin(plugin('flush-rule.mjs'));
    const report = recognizeConstraints(rig, { plugins: [flush] });
    const found = report.constraints.filter((c) => c.kind === 'flush');
    // the bearing ring is flush with the plate's bottom face
    expect(found.map((c) => [c.partA, c.partB])).toContainEqual([rig.parts.find((p) => p.name === 'bearing')!.path, rig.parts.find((p) => p.name === 'plate')!.path]);
    expect(found.every((c) => c.plugin === 'flush-example' && c.rule === 'flush')).toBe(true);
    expect(report.plugins.map((p) => p.name)).toEqual(['constraints-basic', 'constraints-gear', 'constraints-thread', 'flush-example']);
    // rules without `freedom` stay out of the DOF analysis, and the report says so
    expect(report.freedom.ignoredKinds).toEqual(['flush']);
    expect(constraintsTable(rig, report, [...registeredPlugins(), flush])).toMatch(/flush\s+flush at 0\.00/);
    expect(recognizeConstraints(rig).constraints.some((c) => c.kind === 'flush')).toBe(false);
  });

  it('usePlugin registers a plugin for every later call; removePlugin takes it back', async () => {
    const loaded = await usePlugin(plugin('flush-rule.mjs'));
    expect(await usePlugin(loaded.plugin)).toBe(loaded); // the same plugin twice is one plugin
    try {
      expect(recognizeConstraints(rig).constraints.some((c) => c.kind === 'flush')).toBe(true);
    } finally {
      expect(removePlugin('flush-example')).toBe(true);
    }
    expect(recognizeConstraints(rig).constraints.some((c) => c.kind === 'flush')).toBe(false);
  });

  it('without the registered plugins nothing is recognised', () => {
    expect(recognizeConstraints(rig, { registeredPlugins: false }).constraints).toEqual([]);
  });

  it('a rule that throws, or returns nonsense, fails with PLUGIN_FAILED naming the plugin, rule and surfaces', async () => {
    const throwing = await loadPlugin(plugin('throwing-rule.mjs'));
    const e1 = await failure(() => recognizeConstraints(rig, { plugins: [throwing] }));
    expect(e1.message).toMatch(/plugin "throwing-example" \(.*throwing-rule\.mjs\), rule "explodes": match on "[^"]+" surface \d+ \/ "[^"]+" surface \d+ threw Error: boom/);
    const bad = await loadPlugin(plugin('bad-candidate.mjs'));
    const e2 = await failure(() => recognizeConstraints(rig, { plugins: [bad] }));
    expect(e2.message).toMatch(/rule "noKind": match returned a candidate whose "kind" is undefined/);
  });
});
