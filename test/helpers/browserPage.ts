/**
 * A page for browser tests: esbuild bundles (the core + worker client for the page, the
 * worker script), served with occt's wasm and the samples from 127.0.0.1 (a worker cannot be
 * started from file://).
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { bundle, bundleDir, occtWasmPath } from './bundle.js';

export interface TestSite {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

/** Builds the page and worker bundles (iife, as a classic script and worker) and serves them with `files`. */
export async function startTestSite(files: string[] = []): Promise<TestSite> {
  const dir = bundleDir();
  await bundle('test/browser/page.ts', join(dir, 'page.js'), { platform: 'browser', format: 'iife' });
  // occt-import-js's glue requires node's path/crypto only on its Node code path.
  await bundle('src/worker/webWorker.ts', join(dir, 'worker.js'), { platform: 'browser', format: 'iife', external: ['path', 'crypto'] });
  copyFileSync(occtWasmPath, join(dir, 'occt-import-js.wasm'));
  for (const f of files) copyFileSync(f, join(dir, basename(f)));
  return serveDir(dir);
}

/** Serves the files of `dir` from 127.0.0.1, with an index page that runs `page.js`. */
export async function serveDir(dir: string): Promise<TestSite> {
  const html = '<!doctype html><meta charset="utf-8"><title>surfcd test</title><script src="page.js"></script>';
  const server: Server = createServer((request, response) => {
    const name = basename(new URL(request.url ?? '/', 'http://x').pathname) || 'index.html';
    try {
      const body = name === 'index.html' ? Buffer.from(html) : readFileSync(join(dir, name));
      response.writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A site open in headless Chromium: the page loaded without a page error (else it throws). */
export interface OpenSite {
  browser: Browser;
  site: TestSite;
  page: Page;
  close(): Promise<void>;
}

export async function openSite(starting: Promise<TestSite>): Promise<OpenSite> {
  const [browser, site] = await Promise.all([launchChromium(), starting]);
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
  if (errors.length > 0) throw new Error(`the test page failed: ${errors.join('; ')}`);
  return { browser, site, page, close: async () => { await browser.close(); await site.close(); } };
}
