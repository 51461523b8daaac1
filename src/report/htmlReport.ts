/**
 * `surfcd report --format html`: one self-contained file — the page code (three.js
 * included, bundled by scripts/build-viewer.mjs), the report model and the geometry —
 * that opens from disk with no network (its Content-Security-Policy forbids any request).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { SurfcdError } from '../errors.js';
import type { Assembly } from '../model/types.js';
import { buildPayload, type PagePayload } from './pagePayload.js';
import type { ReportModel } from './reportModel.js';

/** A built page bundle under the package root: `dist/viewer/page.js` (report) or `view.js` (live viewer). */
export function viewerBundlePath(which: 'page' | 'view' = 'page'): string {
  // src/report (tests) and dist/src/report (built) both sit under the package root
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return join(dir, 'dist', 'viewer', `${which}.js`);
}

export function readViewerBundle(which: 'page' | 'view' = 'page'): string {
  const path = viewerBundlePath(which);
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new SurfcdError('FILE_NOT_FOUND', `${path}: the report page is not built; run \`npm run build\` (it bundles src/viewer with esbuild)`);
  }
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const REPORT_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; base-uri 'none'; form-action 'none'";
/** `surfcd view`: the page is all it serves and the core runs in the page, so it needs no request at all. */
export const VIEW_CSP = REPORT_CSP;
/** The header form may also forbid framing (a `<meta>` policy cannot). */
export const VIEW_CSP_HEADER = `${VIEW_CSP}; frame-ancestors 'none'`;

/** How the payload sits in the page: the JSON, gzipped, in base64 (the page inflates it with DecompressionStream). */
export const PAYLOAD_ENCODING = 'gzip+base64';

/**
 * The payload JSON gzipped then base64: the geometry's base64 strings and the repetitive item
 * text shrink to about a fifth, which keeps a 150-part report a few megabytes. gzip output
 * carries no time stamp from Node's zlib, so the page stays byte-identical for identical input.
 */
export function encodePayload(payload: PagePayload): string {
  return gzipSync(Buffer.from(JSON.stringify(payload), 'utf8'), { level: 9 }).toString('base64');
}

/** The page as one HTML string around a payload (also what `surfcd view` serves, with its own CSP). */
export function pageHtml(payload: PagePayload, bundle: string, csp = REPORT_CSP): string {
  const title = `surfcd report: ${payload.model.assembly}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    `<noscript>${escapeHtml(title)}: this report needs JavaScript (it runs offline; nothing is fetched).</noscript>`,
    `<script type="application/octet-stream" id="surfcd-data" data-encoding="${PAYLOAD_ENCODING}">${encodePayload(payload)}</script>`,
    `<script>${bundle.replace(/<\/script/gi, '<\\/script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function reportHtml(assembly: Assembly, model: ReportModel): string {
  const payload = buildPayload(assembly, model, (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'));
  return pageHtml(payload, readViewerBundle());
}
