/**
 * Serves a built site folder the way a static host does, on `sirv`: clean URLs (`/faq` →
 * `faq/index.html`), the Korean 404 page with status 404, the headers of `public/_headers`
 * (long caching for hashed assets, short for HTML, the security headers), and brotli or gzip
 * compression of text files as every CDN does (so Lighthouse in `npm run bench` measures the
 * bytes a visitor would download).
 *
 * sirv serves only files it found at start, looked up by the request path with `decodeURI`
 * (which leaves `%2F` encoded, so `/_astro/..%2Ffaq` names no file and is a 404), and only
 * pre-compressed `.br`/`.gz` siblings. So the server first mirrors the folder into a temporary
 * one: a symbolic link per file, plus `.br` and `.gz` copies of the text files. The `_headers`
 * rules are applied to the path sirv looked up, i.e. the path actually served. The release
 * files of the nightly rebuild (`manifest.json`, `changed-routes.json`) and `_headers` itself
 * are not served. A `Link` preload of `_headers` (the home's hero) is also sent first as a
 * `103 Early Hints` answer.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerResponse } from 'node:http2';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import sirv from 'sirv';
import { headersFor, parseHeadersFile, type HeaderRule } from '../publish/lib/headers-file.ts';

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
const compressible = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);

/** Files of the site folder that are not part of the site (relative, `/`-separated). */
const notServed = new Set(['_headers', 'manifest.json', 'changed-routes.json']);

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

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return walk(file);
    return entry.isFile() || (entry.isSymbolicLink() && statSync(file).isFile()) ? [file] : [];
  });
}

/**
 * Mirrors `root` into `mirror`: a link to every served file and, for text over 256 bytes,
 * brotli (quality 11) and gzip (level 9) copies beside it. Returns the served paths (`/faq/index.html`).
 */
async function buildMirror(root: string, mirror: string): Promise<Set<string>> {
  const served = new Set<string>();
  const jobs: Promise<void>[] = [];
  for (const file of walk(root)) {
    const rel = relative(root, file).split(sep).join('/');
    if (notServed.has(rel)) continue;
    const target = join(mirror, rel);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(file, target);
    served.add(`/${rel}`);
    if (!compressible.has(extname(file))) continue;
    const body = readFileSync(file);
    if (body.length <= 256) continue;
    jobs.push(
      brotli(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }).then((out) => writeFileSync(`${target}.br`, out)),
      gzipAsync(body, { level: 9 }).then((out) => writeFileSync(`${target}.gz`, out)),
    );
  }
  await Promise.all(jobs);
  return served;
}

/** The file sirv serves for a (decoded) path, by sirv's own order: `p`, `p/index`, `p.html`, `p/index.html`. */
function servedFile(files: Set<string>, pathname: string): string | undefined {
  const base = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const candidates = [base, `${base}/index`, `${base}.html`, `${base}/index.html`].filter(Boolean);
  return candidates.find((candidate) => files.has(candidate));
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** The `_headers` rules of the site folder; none when it has no such file. */
function readHeaderRules(root: string): HeaderRule[] {
  try {
    return parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'));
  } catch {
    // no _headers file: no extra headers
    return [];
  }
}

/**
 * The mirrored folder of `root` and the paths it serves. A fixed folder per site folder and port,
 * emptied first, so a server that was killed (as test runners stop their web servers) leaves at
 * most one stale copy behind; a temporary one for port 0.
 */
async function prepareMirror(root: string, port: number): Promise<{ mirror: string; files: Set<string> }> {
  const id = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const mirror = port
    ? join(tmpdir(), `static-site-${id}-${port}`)
    : mkdtempSync(join(tmpdir(), 'static-site-'));
  rmSync(mirror, { recursive: true, force: true });
  mkdirSync(mirror, { recursive: true });
  try {
    return { mirror, files: await buildMirror(root, mirror) };
  } catch (error) {
    rmSync(mirror, { recursive: true, force: true });
    throw error;
  }
}

type SetHeaders = (res: ServerResponse, served: string, file: string) => void;

/**
 * A `103 Early Hints` carrying the answer's `Link` header, ahead of the answer, as Cloudflare sends
 * one from the `Link` headers it saw (here it comes no earlier than the answer, but a browser or a
 * test sees what a host with time to think would send). Written on the socket as Node's
 * `res.writeEarlyHints()` writes it: that refuses a quoted parameter with spaces
 * (`imagesrcset="a.avif 760w, b.avif 1120w"`), which RFC 8288 allows. Only for a GET (not to an
 * HTTP/1.0 client, which must not get a 1xx); over HTTP/2 on the request's own stream, over
 * HTTP/1.1 only while the socket is this answer's (a pipelined request's answer waits for its turn
 * without one).
 */
export function sendEarlyHints(res: ServerResponse, link: string): void {
  const { req, socket } = res;
  if (req.method !== 'GET' || req.httpVersion === '1.0' || res.headersSent) return;
  if (!/^[\t\x20-\x7e]+$/.test(link)) return;
  // Over HTTP/2 the hint is a HEADERS frame of its own on the request's stream.
  const stream = (res as unknown as Partial<Http2ServerResponse>).stream;
  if (stream) {
    if (!stream.destroyed) stream.additionalHeaders({ ':status': 103, link });
    return;
  }
  if (!socket?.writable) return;
  socket.write(`HTTP/1.1 103 Early Hints\r\nLink: ${link}\r\n\r\n`, 'latin1');
}

/** Content type and `_headers` rules of the path sirv serves (`served`: the site path it looked up). */
function headerSetter(rules: HeaderRule[]): SetHeaders {
  return (res, served, file) => {
    res.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
    for (const [name, value] of Object.entries(headersFor(rules, served))) {
      res.setHeader(name, value);
      if (name.toLowerCase() === 'link' && /;\s*rel="?preload\b/i.test(value)) sendEarlyHints(res, value);
    }
    if (!compressible.has(extname(file))) res.removeHeader('Vary');
  };
}

/** The 404 page, with status 404, under its own path's rules (never an asset rule of the missing address). */
function notFoundPage(mirror: string, files: Set<string>, setHeaders: SetHeaders) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!files.has('/404.html')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const page = join(mirror, '404.html');
    const encoding = req.headers['accept-encoding'];
    const variant = encoding === 'br' ? `${page}.br` : encoding === 'gzip' ? `${page}.gz` : page;
    const compressed = variant !== page && existsSync(variant);
    const body = readFileSync(compressed ? variant : page);
    setHeaders(res, '/404.html', '/404.html');
    res.setHeader('Vary', 'Accept-Encoding');
    if (compressed) res.setHeader('Content-Encoding', encoding as string);
    res.writeHead(404, { 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** The request handler: GET and HEAD only, one encoding picked, the mirrored files through sirv. */
function siteHandler(root: string, mirror: string, files: Set<string>) {
  const setHeaders = headerSetter(readHeaderRules(root));
  const serve = sirv(mirror, {
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders: (res, pathname) => setHeaders(res, pathname, servedFile(files, pathname) ?? pathname),
    onNoMatch: notFoundPage(mirror, files, setHeaders),
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // sirv looks for "br" or "gzip" anywhere in the header; give it the one encoding we pick (q=0 honoured).
    req.headers['accept-encoding'] = pickEncoding(req.headers['accept-encoding']) ?? 'identity';
    serve(req, res);
  };
}

/** A certificate and its key (PEM) for serving over TLS. */
export interface TlsIdentity {
  key: string;
  cert: string;
}

/**
 * Serves the site folder `dir` on `host:port` (0: any free port) until `close()`. With `tls`, over
 * HTTPS with HTTP/2 (HTTP/1.1 for clients that do not offer it), as every host we deploy to
 * answers a browser: HTTP/1.1's plain-text headers would weigh the first round trip as no
 * visitor's does.
 */
export async function serveStatic(
  dir: string,
  port: number,
  host = '127.0.0.1',
  tls?: TlsIdentity,
): Promise<StaticServer> {
  const root = resolve(dir);
  const { mirror, files } = await prepareMirror(root, port);
  const handler = siteHandler(root, mirror, files);
  // The HTTP/2 compatibility API's request and response stand in for HTTP/1.1's in sirv and here.
  const server: Server = tls
    ? (createSecureServer({ ...tls, allowHTTP1: true }, handler as never) as unknown as Server)
    : createServer(handler);
  // HTTP/2 sessions stay open between pages: closing waits for none of them.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  }).catch((error: unknown) => {
    rmSync(mirror, { recursive: true, force: true });
    throw error;
  });
  const address = server.address();
  const realPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${realPort}`,
    close: () =>
      new Promise((ok) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          rmSync(mirror, { recursive: true, force: true });
          ok();
        });
      }),
  };
}
