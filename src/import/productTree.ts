/**
 * Gives the nodes and meshes of the tree occt-import-js returns the names the STEP file
 * states (see stepStructure.ts for what occt loses). Only where the file and occt's tree agree
 * on every count and every name occt did give, so a file surfcd reads differently than occt
 * keeps occt's names as they are.
 */
import type { OcctMesh, OcctNode } from './occt.js';
import type { StepStructure } from './stepStructure.js';

export function restoreProductTree(top: OcctNode, meshes: OcctMesh[], structure: StepStructure): void {
  const { definitions } = structure;
  // Products sharing one shape representation: occt names them all after the first one it read.
  const namesOfShape = new Map<number, Set<string>>();
  for (const d of definitions.values()) {
    if (d.representation === null) continue;
    const names = namesOfShape.get(d.representation) ?? new Set<string>();
    names.add(d.name);
    namesOfShape.set(d.representation, names);
  }
  const answers = (name: string | undefined, def: number): boolean => {
    const d = definitions.get(def)!;
    return name === d.name || (d.representation !== null && name !== undefined && (namesOfShape.get(d.representation)?.has(name) ?? false));
  };

  /** Meshes occt makes of a definition and everything it uses, in order (null: a cycle, or an assembly with bodies of its own). */
  const leavesOf = (def: number, path: Set<number>): number[] | null => {
    const d = definitions.get(def)!;
    if (d.uses.length === 0) return new Array<number>(d.bodies).fill(def);
    if (d.bodies > 0 || path.has(def)) return null;
    path.add(def);
    const out: number[] = [];
    for (const child of d.uses) {
      const leaves = leavesOf(child, path);
      if (leaves === null) return null;
      out.push(...leaves);
    }
    path.delete(def);
    return out;
  };

  const restore = (node: OcctNode, def: number): void => {
    const d = definitions.get(def)!;
    node.name = d.name;
    const children = node.children ?? [];
    const ids = node.meshes ?? [];
    if (children.length > 0) {
      if (ids.length > 0 || children.length !== d.uses.length || !children.every((c, i) => answers(c.name, d.uses[i]!))) return;
      children.forEach((c, i) => restore(c, d.uses[i]!));
      return;
    }
    const leaves = leavesOf(def, new Set());
    if (leaves === null || leaves.length !== ids.length || leaves.length === 0) return;
    if (!leaves.every((leaf, i) => !meshes[ids[i]!]?.name || answers(meshes[ids[i]!]!.name, leaf))) return;
    // A flattened sub-assembly stays flat (its paths are what surfcd has always given, e.g.
    // AS1's bolts and nuts); each mesh takes the name of the part it is a body of.
    for (let i = 0; i < ids.length; i++) meshes[ids[i]!]!.name = definitions.get(leaves[i]!)!.name;
  };

  // occt's top-level nodes are the file's free shapes: the definitions nothing uses.
  const free = [...structure.roots];
  for (const child of top.children ?? []) {
    const k = free.findIndex((d) => answers(child.name, d));
    if (k < 0) continue;
    const [def] = free.splice(k, 1);
    restore(child, def!);
  }
}
