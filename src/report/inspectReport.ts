import type { FastenerReport } from '../constraints/fasteners.js';
import type { Assembly, ProductNode } from '../model/types.js';
import { partSummaries } from './partSummary.js';
import { textTable } from './textTable.js';

export const INSPECT_SCHEMA = 'surfcd/inspect@1';

interface TreeJson {
  name: string;
  path: string;
  parts: string[];
  children: TreeJson[];
}

function treeJson(assembly: Assembly, node: ProductNode): TreeJson {
  return {
    name: node.name,
    path: node.path,
    parts: node.parts.map((i) => assembly.parts[i]!.path),
    children: node.children.map((c) => treeJson(assembly, c)),
  };
}

/** Each part's fastener role, size and evidence (`recognizeFasteners`), in part order; nulls without a report. */
function rolesOf(assembly: Assembly, fasteners: FastenerReport | undefined): { role: string | null; fastener: object | null; roleEvidence: string[] }[] {
  return assembly.parts.map((_, i) => {
    const r = fasteners?.roles[i];
    const f = r?.fastener;
    return { role: r?.role ?? null, fastener: f ? { nominal: f.nominal, pitch: f.pitch, standard: f.standard, designation: f.designation } : null, roleEvidence: r?.evidence ?? [] };
  });
}

export function inspectJson(assembly: Assembly, extra: { timingsMs?: Record<string, number>; fasteners?: FastenerReport } = {}): string {
  const roles = extra.fasteners ? rolesOf(assembly, extra.fasteners) : null;
  const parts = partSummaries(assembly).map((p, i) => (roles ? { ...p, ...roles[i]! } : p));
  return (
    JSON.stringify(
      {
        schema: INSPECT_SCHEMA,
        assembly: assembly.name,
        source: assembly.source ?? null,
        units: assembly.units,
        totals: {
          parts: parts.length,
          surfaces: parts.reduce((s, p) => s + p.surfaces, 0),
          triangles: parts.reduce((s, p) => s + p.triangles, 0),
        },
        tree: treeJson(assembly, assembly.root),
        parts,
        ...(extra.timingsMs ? { timingsMs: extra.timingsMs } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}

const fmt = (v: number): string => (Math.abs(v) >= 1e5 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : v.toFixed(2));

export function inspectText(assembly: Assembly, fasteners?: FastenerReport): string {
  const lines: string[] = [];
  const walk = (node: ProductNode, depth: number): void => {
    if (node.path !== '') lines.push(`${'  '.repeat(depth)}${node.path.split('/').pop()}`);
    const inner = node.path !== '' ? depth + 1 : depth;
    for (const i of node.parts) {
      const p = assembly.parts[i]!;
      lines.push(`${'  '.repeat(inner)}• ${p.path.split('/').pop()}  (${p.surfaces.length} surfaces, ${p.indices.length / 3} triangles)`);
    }
    for (const c of node.children) walk(c, inner);
  };
  walk(assembly.root, 0);
  const parts = partSummaries(assembly);
  const roles = fasteners ? rolesOf(assembly, fasteners) : null;
  const rows = parts.map((p, i) => [
    p.path,
    ...(roles ? [roles[i]!.role ? `${roles[i]!.role}${roles[i]!.fastener ? ` ${(roles[i]!.fastener as { designation: string | null }).designation ?? `Ø${(roles[i]!.fastener as { nominal: number }).nominal}`}` : ''}` : '—'] : []),
    p.surfaces,
    p.triangles,
    p.bounds ? p.bounds.min.map(fmt).join(' ') : '—',
    p.bounds ? p.bounds.max.map(fmt).join(' ') : '—',
  ]);
  const totalTriangles = parts.reduce((s, p) => s + p.triangles, 0);
  const totalSurfaces = parts.reduce((s, p) => s + p.surfaces, 0);
  return (
    `${assembly.name}: ${parts.length} parts, ${totalSurfaces} surfaces, ${totalTriangles} triangles (units: ${assembly.units})\n\n` +
    `Product tree\n${lines.join('\n')}\n\n` +
    textTable(['part', ...(roles ? ['role'] : []), 'surfaces', 'triangles', 'min (x y z)', 'max (x y z)'], rows, [false, ...(roles ? [false] : []), true, true, false, false])
  );
}
