/**
 * Serves a built site folder the way a static host does: clean URLs (`/faq` → `faq/index.html`),
 * the Korean 404 page with status 404, long caching for hashed assets, short for HTML, the
 * security headers of `public/_headers`, and brotli or gzip compression of text files as every
 * CDN does (so Lighthouse in `npm run bench` measures the bytes a visitor would download).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createServer, type Server } from 'node:http';
import { parseHeadersFile, headersFor } from './headers-file.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Types worth compressing; images other than SVG and fonts are compressed already. */
const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when the client accepts it, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/** Compressed bodies by file, encoding and modification time, so each file is compressed once. */
const compressedCache = new Map<string, Buffer>();

function compressed(file: string, body: Buffer, encoding: Encoding): Buffer {
  const key = `${encoding}:${statSync(file).mtimeMs}:${file}`;
  let result = compressedCache.get(key);
  if (!result) {
    result =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body, { level: 9 });
    compressedCache.set(key, result);
  }
  return result;
}

function resolveFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  const candidates = [target, join(target, 'index.html'), `${target}.html`];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveStatic(dir: string, port: number, host = '127.0.0.1'): Promise<StaticServer> {
  const root = resolve(dir);
  const headersPath = join(root, '_headers');
  const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = resolveFile(root, url.pathname);
    let status = 200;
    if (!file || file.endsWith(`${sep}_headers`)) {
      file = join(root, '404.html');
      status = 404;
    }
    const headers: Record<string, string> = {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      ...headersFor(rules, url.pathname),
    };
    if (!existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    let body: Buffer = readFileSync(file);
    if (compressible.has(extname(file))) {
      headers['Vary'] = 'Accept-Encoding';
      const encoding = body.length > 256 ? pickEncoding(req.headers['accept-encoding']) : undefined;
      if (encoding) {
        body = compressed(file, body, encoding);
        headers['Content-Encoding'] = encoding;
      }
    }
    res.writeHead(status, { ...headers, 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  const realPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${realPort}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
