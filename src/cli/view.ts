/** `surfcd view <file>`: serves the live viewer on 127.0.0.1 (drag parts, contacts and constraints update in the page). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { DEFAULT_CLEARANCE, DEFAULT_TOLERANCE } from '../constraints/recognize.js';
import { SurfcdError } from '../errors.js';
import type { Assembly } from '../model/types.js';
import { pageHtml, readViewerBundle, VIEW_CSP, VIEW_CSP_HEADER } from '../report/htmlReport.js';
import { buildPayload } from '../report/pagePayload.js';
import { loadAssembly } from '../spatial/load.js';
import { addLoadOptions, loadOptions, reportWarnings, type LoadFlags } from './loadFlags.js';
import { parseNumber } from './output.js';
import { reportModelOf } from './report.js';

interface Flags extends LoadFlags {
  port: string;
  tolerance: string;
  clearance?: string;
}

export interface ViewServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The Host header of a request meant for this server: a loopback name with exactly its port. */
export function allowedHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  return host === `127.0.0.1:${port}` || host.toLowerCase() === `localhost:${port}` || host === `[::1]:${port}`;
}

/**
 * Starts the viewer for an assembly; port 0 picks a free one. Only 127.0.0.1 is bound.
 * `clearance` undefined: by size (ISO 273), in the page too.
 */
export async function startViewServer(assembly: Assembly, options: { port: number; tolerance: number; clearance?: number | undefined }): Promise<ViewServer> {
  const model = reportModelOf(assembly, { tolerance: options.tolerance, clearance: options.clearance });
  const payload = { ...buildPayload(assembly, model, (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64'), 'view'), live: { tolerance: options.tolerance, clearance: options.clearance ?? null } };
  const html = pageHtml(payload, readViewerBundle('view'), VIEW_CSP);
  let port = 0;
  const server = createServer((req, res) => {
    // A DNS-rebinding page reaches 127.0.0.1 under its own host name: answer only requests
    // addressed to this loopback port by name, and nothing but the page itself.
    if (!allowedHost(req.headers.host, port)) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('misdirected request: surfcd view answers only http://127.0.0.1, localhost or [::1] on its own port\n');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/' || path === '/index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': VIEW_CSP_HEADER, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
      res.end(req.method === 'HEAD' ? undefined : html);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new SurfcdError('INVALID_OPTION', `--port ${options.port}: cannot listen on 127.0.0.1 (${error.code ?? error.message})`)),
    );
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function registerViewCommand(program: Command): Command {
  return addLoadOptions(
    program
      .command('view')
      .description('serve the live viewer on 127.0.0.1: click a part, drag it (free or along a recognized constraint), see contacts and constraints update')
      .argument('<file>', 'STEP, IGES or BREP file')
      .option('-p, --port <n>', 'port on 127.0.0.1 (0: any free port)', '8317')
      .option('-t, --tolerance <mm>', 'surfaces closer than this touch', String(DEFAULT_TOLERANCE))
      .option('-c, --clearance <mm>', `largest radial gap of a fit reported as clearance (default: by size, ISO 273; ${DEFAULT_CLEARANCE} for other sizes)`),
  ).action(async (file: string, flags: Flags) => {
    const port = parseNumber('--port', flags.port, { min: 0 });
    if (!Number.isInteger(port) || port > 65535) throw new SurfcdError('INVALID_OPTION', `--port: expected an integer 0..65535, got "${flags.port}"`);
    const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
    const clearance = flags.clearance === undefined ? undefined : parseNumber('--clearance', flags.clearance, { min: 0 });
    const assembly = await loadAssembly(file, loadOptions(flags, file));
    reportWarnings(assembly, flags.strict);
    const view = await startViewServer(assembly, { port, tolerance, clearance });
    process.stderr.write(`surfcd view: ${assembly.name} at ${view.url} (Ctrl-C to stop)\n`);
    await new Promise<void>((resolve) => {
      const stop = (): void => void view.close().then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  });
}
