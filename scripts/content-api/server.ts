/**
 * The reference content server: the content API contract (`shared/content-api.md`) served
 * over a folder of content files, for local runs, the build and the tests.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerImageRoute } from './images.ts';
import { loadContent, type Content } from './load-content.ts';
import { jsonSender } from './respond.ts';
import { registerContentRoutes } from './routes.ts';

export interface AppOptions {
  /**
   * Origin the server is reached at from outside, used for absolute image addresses.
   * Default: the origin of each request.
   */
  publicUrl?: string | undefined;
  /** Folder served under `/images/`; without it, every image answers 404. */
  imagesDir?: string | undefined;
}

/** Korean messages of the generic error answers. */
export const NOT_FOUND = '요청한 주소를 찾을 수 없습니다.';
export const SERVER_ERROR = '서버 오류가 발생했습니다.';

/**
 * Builds the app for already loaded content. Every answer is JSON (except images) and carries
 * CORS headers allowing GET from any origin: the content is public and read-only.
 */
export function createApp(content: Content, options: AppOptions = {}): Hono {
  const app = new Hono();
  const send = jsonSender(options.publicUrl);

  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86_400 }));

  app.get('/health', (c) => send(c, { ok: true }));
  registerContentRoutes(app, content, send);
  if (options.imagesDir !== undefined) registerImageRoute(app, options.imagesDir, send);

  app.notFound((c) => send(c, { error: NOT_FOUND }, 404));
  app.onError((error, c) => {
    console.error('[content-api]', c.req.method, c.req.url, error);
    return send(c, { error: SERVER_ERROR }, 500);
  });
  return app;
}

export interface StartOptions {
  /** Folder holding the seven content files and `images/`. */
  contentDir: string;
  /** 0 picks a free port; the real one is in the returned `url`. */
  port: number;
  host?: string | undefined;
  publicUrl?: string | undefined;
}

export interface RunningServer {
  /** Address of the server, e.g. `http://127.0.0.1:8787`. */
  url: string;
  port: number;
  /** Stops accepting connections and resolves when the server is closed. */
  close(): Promise<void>;
}

/**
 * Loads and validates the content folder, then listens.
 *
 * @throws {import('./load-content.ts').ContentError} when the content is invalid (before
 *   anything listens), or the listen error (e.g. `EADDRINUSE`).
 */
export async function startServer({ contentDir, port, host = '127.0.0.1', publicUrl }: StartOptions): Promise<RunningServer> {
  const content = loadContent(contentDir);
  const app = createApp(content, { publicUrl, imagesDir: join(contentDir, 'images') });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      const hostPart = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${hostPart}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive connections from clients (fetch keeps them open) would hold close()
            // until they time out; idle ones can be dropped at once.
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
