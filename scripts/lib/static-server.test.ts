import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCert } from './self-signed-cert.ts';
import { pickEncoding, serveStatic, type StaticServer } from './static-server.ts';

let dir: string;
let server: StaticServer;
const page = `<!doctype html><title>t</title>${'<p>본문</p>'.repeat(200)}`;
/** A preload as the build writes the home's: quoted parameters with spaces and commas. */
const preload =
  '</_astro/a.avif>; rel=preload; as=image; imagesrcset="/_astro/a.avif 760w, /_astro/b.avif 1120w"';

interface Answer {
  status: number;
  link: string | undefined;
  /** The 1xx answers before it: status and `Link`. */
  hints: [number, string | undefined][];
}

/** A request over `node:http`, which reports the 1xx answers (`information`) fetch hides. */
async function answer(path: string, method = 'GET'): Promise<Answer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const hints: Answer['hints'] = [];
    const req = request(`${server.url}${path}`, { method }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode!, link: res.headers.link as string | undefined, hints }),
      );
    });
    req.on('information', (info) => hints.push([info.statusCode, info.headers.link as string | undefined]));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-server-'));
  mkdirSync(join(dir, 'faq'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'faq', 'index.html'), page);
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(join(dir, '_astro', 'a.js'), 'console.log(1);'.repeat(100));
  writeFileSync(join(dir, 'og.png'), Buffer.alloc(2000));
  writeFileSync(join(dir, 'manifest.json'), '{"routes":{}}');
  writeFileSync(join(dir, 'changed-routes.json'), '{"added":[]}');
  writeFileSync(
    join(dir, '_headers'),
    `/*\n  X-Test: all\n  Cache-Control: short\n/_astro/*\n  ! Cache-Control\n  Cache-Control: long\n/\n  Link: ${preload}\n`,
  );
  server = await serveStatic(dir, 0);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('serveStatic', () => {
  it('serves clean URLs with the _headers rules', async () => {
    const res = await fetch(`${server.url}/faq`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-test')).toBe('all');
    expect(res.headers.get('cache-control')).toBe('short');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(page);
    const asset = await fetch(`${server.url}/_astro/a.js`);
    expect(asset.headers.get('cache-control')).toBe('long');
  });

  it('compresses text with brotli or gzip and says it varies by Accept-Encoding', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await new Promise<{ headers: Headers; body: Buffer }>((resolve, reject) => {
        // fetch would decode the body itself; read the raw bytes instead.
        import('node:http').then(({ get }) =>
          get(`${server.url}/faq/`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                headers: new Headers(response.headers as Record<string, string>),
                body: Buffer.concat(chunks),
              }),
            );
          }).on('error', reject),
        );
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(Buffer.byteLength(page) / 5);
      expect(decode(res.body).toString('utf8')).toBe(page);
    }
  });

  it('leaves binary files alone and answers unknown paths with the 404 page', async () => {
    const png = await fetch(`${server.url}/og.png`, { headers: { 'Accept-Encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(2000);
    const missing = await fetch(`${server.url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('404');
  });

  it('applies the _headers rules to the path it serves: %2F names no file, so no asset rule reaches a page', async () => {
    for (const path of ['/_astro/..%2Ffaq', '/_astro/..%2ffaq/', '/_astro/..%5Cfaq']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('short');
      expect(await res.text(), path).not.toContain('본문');
    }
    // A missing asset is the 404 page under the page rules, not cached for a year.
    const missing = await fetch(`${server.url}/_astro/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('short');
    // Encoded characters that do name a file still reach it, under that file's rules.
    const encoded = await fetch(`${server.url}/%5Fastro/a.js`);
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('cache-control')).toBe('long');
  });

  it('does not serve the release files of the nightly rebuild or _headers', async () => {
    for (const path of ['/manifest.json', '/changed-routes.json', '/_headers']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('sends a Link preload of _headers first as 103 Early Hints, then with the answer', async () => {
    expect(await answer('/')).toEqual({ status: 200, link: preload, hints: [[103, preload]] });
    // Neither for a HEAD, nor where no rule gives a Link.
    expect(await answer('/', 'HEAD')).toEqual({ status: 200, link: preload, hints: [] });
    expect(await answer('/faq')).toEqual({ status: 200, link: undefined, hints: [] });
    // An HTTP/1.0 client must not get a 1xx answer.
    const { connect } = await import('node:net');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.0\r\nHost: x\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toContain(`\r\nLink: ${preload}\r\n`);
  });

  it('answers only GET and HEAD', async () => {
    const post = await fetch(`${server.url}/faq`, { method: 'POST' });
    expect(post.status).toBe(405);
    const head = await fetch(`${server.url}/faq`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe("serveStatic with the project's public/_headers", () => {
  let site: string;
  let project: StaticServer;

  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'static-server-site-'));
    mkdirSync(join(site, '_astro'));
    copyFileSync(new URL('../../public/_headers', import.meta.url), join(site, '_headers'));
    writeFileSync(join(site, '404.html'), '<!doctype html><title>404</title>');
    for (const file of ['font-cache.worker-Czd50rBf.js', 'module-cache.worker-BN_Fn42M.js', 'client.Ab12.js'])
      writeFileSync(join(site, '_astro', file), 'postMessage(1);');
    project = await serveStatic(site, 0);
  });

  afterAll(async () => {
    await project?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it("sends the web workers a policy of their own: a worker ignores the page's <meta> policy", async () => {
    for (const file of ['font-cache.worker-Czd50rBf.js', 'module-cache.worker-BN_Fn42M.js']) {
      const res = await fetch(`${project.url}/_astro/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-security-policy'), file).toBe(
        "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
      );
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }
    const chunk = await fetch(`${project.url}/_astro/client.Ab12.js`);
    expect(chunk.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});

describe('serveStatic over TLS', () => {
  let secure: StaticServer;
  beforeAll(async () => {
    secure = await serveStatic(dir, 0, '127.0.0.1', selfSignedCert());
  });
  afterAll(() => secure?.close());

  it('speaks HTTP/2 with the same answer: status, _headers rules, brotli and the early hint first', async () => {
    const { connect } = await import('node:http2');
    const session = connect(secure.url, { rejectUnauthorized: false });
    try {
      const got = await new Promise<{ headers: Record<string, unknown>; hints: unknown[]; body: Buffer }>(
        (resolve, reject) => {
          const hints: unknown[] = [];
          const chunks: Buffer[] = [];
          const req = session.request({ ':path': '/', 'accept-encoding': 'br' });
          req.on('headers', (headers) => hints.push([headers[':status'], headers.link]));
          req.on('response', (headers) => {
            req.on('data', (chunk: Buffer) => chunks.push(chunk));
            req.on('end', () => resolve({ headers, hints, body: Buffer.concat(chunks) }));
          });
          req.on('error', reject);
          req.end();
        },
      );
      expect(secure.url).toMatch(/^https:\/\//);
      expect(got.headers[':status']).toBe(200);
      expect(got.headers['x-test']).toBe('all');
      expect(got.headers.link).toBe(preload);
      expect(got.hints).toEqual([[103, preload]]);
      expect(got.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(got.body).toString()).toBe(page);
    } finally {
      session.close();
    }
  });
});
