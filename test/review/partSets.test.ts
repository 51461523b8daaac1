/**
 * Part patterns and names as people write and read them: decoded names (`/`, `#`, `%`,
 * quotes, line breaks), paths relative to the common root, suffixes, globs, product nodes,
 * ambiguity and no-match errors, and the pair selection `--parts` / `--against` make.
 */
import { describe, expect, it } from 'vitest';
import { partFromMesh, type Assembly } from '../../src/index.js';
import { SurfcdError } from '../../src/errors.js';
import { matchPart, matchParts, selectParts, selectsPair } from '../../src/model/partSets.js';
import { commonRoot, displayPath, escapeName, joinPath, siblingSegments } from '../../src/model/paths.js';
import { box } from '../verdict/solidFixtures.js';

/** An assembly whose paths are built as the importer builds them (escaped names, `#k` for siblings). */
function assemblyOf(tree: [node: string, names: string[]][]): Assembly {
  const parts = [];
  for (const [node, names] of tree) {
    const segments = siblingSegments(names);
    for (let k = 0; k < names.length; k++) {
      const part = partFromMesh(box(names[k]!, [k, 0, 0], [k + 0.5, 1, 1]));
      parts.push({ ...part, name: names[k]!, path: joinPath(joinPath('Rig v1', node), segments[k]!) });
    }
  }
  return { name: 'rig', units: 'mm', root: { name: 'Rig v1', path: '', children: [], parts: parts.map((_, i) => i) }, parts };
}

const asm = assemblyOf([
  ['frame', ['3/8" Hex Bolt', '3/8" Hex Bolt', 'plate 50%', 'bracket #2']],
  ['motor', ['Motor\nassembly', 'shaft', 'M3x10', 'M3x10']],
]);
const paths = asm.parts.map((p) => p.path);

describe('names people read', () => {
  it('paths keep the escapes; displayPath decodes them, keeps #k and drops the common root', () => {
    expect(paths).toEqual([
      'Rig v1/frame/3%2F8" Hex Bolt#1', 'Rig v1/frame/3%2F8" Hex Bolt#2', 'Rig v1/frame/plate 50%25', 'Rig v1/frame/bracket %232',
      'Rig v1/motor/Motor%0Aassembly', 'Rig v1/motor/shaft', 'Rig v1/motor/M3x10#1', 'Rig v1/motor/M3x10#2',
    ]);
    const root = commonRoot(paths);
    expect(root).toBe('Rig v1');
    expect(paths.map((p) => displayPath(p, root))).toEqual([
      'frame/3/8" Hex Bolt#1', 'frame/3/8" Hex Bolt#2', 'frame/plate 50%', 'frame/bracket #2', 'motor/Motor assembly', 'motor/shaft', 'motor/M3x10#1', 'motor/M3x10#2',
    ]);
  });

  it('commonRoot never eats a whole path, and is empty when the first segments differ', () => {
    expect(commonRoot(['a/b/c', 'a/b/d'])).toBe('a/b');
    expect(commonRoot(['a/b', 'a/b/c'])).toBe('a');
    expect(commonRoot(['a/x', 'b/x'])).toBe('');
    expect(commonRoot(['solo'])).toBe('');
  });

  it('decoding undoes escapeName for every character it escapes', () => {
    for (const name of ['3/8" x 1"', 'a%b', 'tab\there', '#1 part', "O'Ring 10%"]) {
      expect(displayPath(escapeName(name))).toBe(name.replace(/\t/g, ' '));
    }
  });
});

describe('matchParts', () => {
  const one = (pattern: string): string => matchPart(asm, pattern, '--part').path;
  const all = (pattern: string): string[] => matchParts(asm, pattern, { what: '--parts' }).map((p) => p.path);

  it('matches a whole path, escaped or as the CAD shows it, and a path suffix on segment boundaries', () => {
    expect(one('Rig v1/frame/plate 50%25')).toBe(paths[2]);
    expect(one('plate 50%')).toBe(paths[2]);
    expect(one('frame/plate 50%')).toBe(paths[2]);
    expect(one('3/8" Hex Bolt#2')).toBe(paths[1]);
    expect(one('bracket #2')).toBe(paths[3]);
    expect(one('Motor assembly')).toBe(paths[4]);
    expect(one('motor/shaft')).toBe(paths[5]);
  });

  it('a name without its #k names every sibling; a product node names every part beneath it', () => {
    expect(all('M3x10')).toEqual([paths[6], paths[7]]);
    expect(all('3/8" Hex Bolt')).toEqual([paths[0], paths[1]]);
    expect(all('motor')).toEqual(paths.slice(4));
  });

  it('globs match any path suffix', () => {
    expect(all('*Bolt*')).toEqual([paths[0], paths[1]]);
    expect(all('M3x1?#2')).toEqual([paths[7]]);
    expect(all('frame/*')).toEqual(paths.slice(0, 4));
  });

  it('an ambiguous pattern for a one-part option lists the candidates', () => {
    const error = (() => { try { one('M3x10'); } catch (e) { return e as SurfcdError; } return null; })();
    expect(error).toBeInstanceOf(SurfcdError);
    expect(error!.code).toBe('UNKNOWN_PART');
    expect(error!.message).toBe('--part: "M3x10" is ambiguous in rig, it matches "motor/M3x10#1", "motor/M3x10#2"; give more of the path');
  });

  it('a pattern matching nothing is an error naming the closest parts, on one line', () => {
    expect(() => all('M4x10')).toThrow(/^--parts: no part or product node matches "M4x10" in rig; parts are "frame\/3\/8" Hex Bolt#1", /);
    expect(() => all('hex')).toThrow(/did you mean "frame\/3\/8" Hex Bolt#1", "frame\/3\/8" Hex Bolt#2"\?/);
    expect(() => all('  ')).toThrow(/^--parts: empty part pattern$/);
    expect(() => all('nothing*here')).toThrow(SurfcdError);
  });

  it('selections: --parts alone checks pairs within the set; with --against, only pairs across the two sets', () => {
    const within = selectParts(asm, ['motor'], [])!;
    expect(selectsPair(within, paths[5]!, paths[6]!)).toBe(true);
    expect(selectsPair(within, paths[0]!, paths[6]!)).toBe(false);
    const across = selectParts(asm, ['M3x10'], ['frame'])!;
    expect(selectsPair(across, paths[6]!, paths[2]!)).toBe(true);
    expect(selectsPair(across, paths[2]!, paths[7]!)).toBe(true);
    expect(selectsPair(across, paths[6]!, paths[7]!)).toBe(false);
    expect(selectsPair(across, paths[0]!, paths[2]!)).toBe(false);
    const againstAll = selectParts(asm, [], ['shaft'])!;
    expect(asm.parts.filter((p) => p.path !== paths[5] && selectsPair(againstAll, p.path, paths[5]!)).length).toBe(7);
    expect(selectParts(asm, [], [])).toBeUndefined();
    expect(selectsPair(undefined, 'a', 'b')).toBe(true);
  });
});
