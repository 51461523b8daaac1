/**
 * `surfcd view` answers only its own user: requests must name the loopback host and port it
 * listens on (a DNS-rebinding page sends its own name and gets 421 and no data), the page
 * carries a Content-Security-Policy that forbids outside requests, and nothing else is served.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHost, startViewServer, type ViewServer } from '../../src/cli/view.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';
import { reportFixture } from '../report/fixture.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request with any Host header (fetch would not let a test forge it). */
function get(port: number, host: string | null, path = '/', method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, setHost: false, headers: host === null ? {} : { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('surfcd view: who may reach it', () => {
  let view: ViewServer;
  let port: number;

  beforeAll(async () => {
    ensureViewerBundle();
    view = await startViewServer(reportFixture(), { port: 0, tolerance: 0.01, clearance: 0.5 });
    port = Number(new URL(view.url).port);
  });
  afterAll(async () => view?.close());

  it('serves the page to 127.0.0.1, localhost and [::1] on its port, with a CSP that forbids outside requests', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const r = await get(port, host);
      expect(r.status, host).toBe(200);
      expect(r.body).toContain('id="surfcd-data"');
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/connect-src|https?:|\*/);
    }
  });

  it('a forged Host (DNS rebinding), a wrong port or no Host gets 421 and no data', async () => {
    for (const host of [`evil.example:${port}`, `attacker.test`, `127.0.0.1:${port + 1}`, `127.0.0.1`, `localhost.evil.example:${port}`, `127.0.0.2:${port}`]) {
      const r = await get(port, host);
      expect(r.status, String(host)).toBe(421);
      expect(r.body).not.toContain('surfcd-data');
      expect(r.body.length).toBeLessThan(200);
    }
    // no Host at all: Node's parser refuses an HTTP/1.1 request without one (400) before us
    const bare = await get(port, null);
    expect([400, 421]).toContain(bare.status);
    expect(bare.body).not.toContain('surfcd-data');
    // also for paths that would otherwise be 404
    expect((await get(port, 'evil.example', '/dist/viewer/view.js')).status).toBe(421);
  });

  it('serves nothing but its page', async () => {
    const host = `127.0.0.1:${port}`;
    for (const path of ['/view.js', '/dist/viewer/view.js', '/../package.json', '/favicon.ico', '/index.html/x']) expect((await get(port, host, path)).status, path).toBe(404);
    expect((await get(port, host, '/', 'POST')).status).toBe(404);
    expect((await get(port, host, '/index.html')).status).toBe(200);
  });

  it('allowedHost: exact names and port only', () => {
    expect(allowedHost('127.0.0.1:8317', 8317)).toBe(true);
    expect(allowedHost('127.0.0.1:83170', 8317)).toBe(false);
    expect(allowedHost('127.0.0.1:8317.evil', 8317)).toBe(false);
    expect(allowedHost('[::1]:8317', 8317)).toBe(true);
    expect(allowedHost(undefined, 8317)).toBe(false);
  });
});
