/**
 * The reference content server: the content API contract (`shared/content-api.md`) served
 * over a folder of content files, for local runs, the build and the tests.
 */
import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerImageRoute } from './images.ts';
import { CONTENT_FILE_NAMES, loadContent, type Content, type ContentKey } from './load-content.ts';
import { RemoteMode, type RemoteOptions } from './remote-mode.ts';
import { jsonSender, type SendJson } from './respond.ts';
import { registerContentRoutes, type SendFrom } from './routes.ts';
import { TrafficCounter, type TrafficStats } from './traffic-stats.ts';

export type { RemoteOptions } from './remote-mode.ts';
export type { TrafficStats } from './traffic-stats.ts';

export interface AppOptions {
  /**
   * Origin the server is reached at from outside, used for absolute image addresses.
   * Default: the origin of each request.
   */
  publicUrl?: string | undefined;
  /** Folder served under `/images/`; without it, every image answers 404. */
  imagesDir?: string | undefined;
  /**
   * When the content last changed, sent as `Last-Modified` (rounded down to whole seconds): one
   * date for all of it, or one per content file, so that an answer's date moves only when a
   * file it is made of changed. Default: the time the app was created.
   */
  lastModified?: Date | ContentDates | undefined;
  /** Switches the remote API mode on (see `remote-mode.ts`). Default: off. */
  remote?: RemoteOptions | null | undefined;
}

/** Korean messages of the generic error answers. */
export const NOT_FOUND = '요청한 주소를 찾을 수 없습니다.';
export const SERVER_ERROR = '서버 오류가 발생했습니다.';

/**
 * Builds the app for already loaded content. Every answer is JSON (except images) and carries
 * CORS headers allowing GET from any origin: the content is public and read-only.
 */
export function createApp(content: Content, options: AppOptions = {}): Hono {
  return buildApp(content, options).app;
}

/** An app with the handles a running server needs to steer and watch it. */
interface BuiltApp {
  app: Hono;
  remote: RemoteMode;
  counter: TrafficCounter;
}

/** When each content file last changed. */
export type ContentDates = Readonly<Record<ContentKey, Date>>;

/**
 * The JSON writers of an app: `sendFrom(...files)` dates its answers by the newest of those
 * files; `send`, for answers made of no file in particular (health, errors), by the newest of all.
 */
function sendersOf(publicUrl: string | undefined, lastModified: Date | ContentDates) {
  const dates: ContentDates =
    lastModified instanceof Date
      ? (Object.fromEntries(
          Object.keys(CONTENT_FILE_NAMES).map((key) => [key, lastModified]),
        ) as ContentDates)
      : lastModified;
  const newest = (keys: readonly ContentKey[]) =>
    new Date(Math.max(...keys.map((key) => dates[key].getTime())));
  const senders = new Map<string, SendJson>();
  const sendFrom: SendFrom = (...keys) => {
    const name = keys.join(',');
    let send = senders.get(name);
    if (!send) senders.set(name, (send = jsonSender(publicUrl, newest(keys))));
    return send;
  };
  return { sendFrom, send: sendFrom(...(Object.keys(CONTENT_FILE_NAMES) as ContentKey[])) };
}

function buildApp(content: Content, options: AppOptions): BuiltApp {
  const app = new Hono();
  const { send, sendFrom } = sendersOf(options.publicUrl, options.lastModified ?? new Date());
  const remote = new RemoteMode(options.remote ?? null);
  const counter = new TrafficCounter();

  // Outermost to innermost: counting sees the final answer, the delay covers everything (also
  // preflights), CORS headers reach the remote mode's 429 and 503 answers.
  app.use('*', counter.middleware);
  app.use('*', remote.delay);
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      // Browser clients need these to revalidate and to honour the remote mode's back-off.
      exposeHeaders: ['ETag', 'Last-Modified', 'Retry-After'],
      maxAge: 86_400,
    }),
  );
  app.use('*', remote.faults(send));

  app.get('/health', (c) => send(c, { ok: true }));
  registerContentRoutes(app, content, sendFrom);
  if (options.imagesDir !== undefined) registerImageRoute(app, options.imagesDir, send);

  app.notFound((c) => send(c, { error: NOT_FOUND }, 404));
  app.onError((error, c) => {
    console.error('[content-api]', c.req.method, c.req.url, error);
    return send(c, { error: SERVER_ERROR }, 500);
  });
  return { app, remote, counter };
}

/**
 * The modification time of each content file: the content changes only through them, so an
 * answer made of one file is as new as that file (its `Last-Modified`). Dated per file, an
 * edit of the HR stories leaves the other lists' dates alone, and a client polling them
 * (the rebuild) reads again only the list that changed.
 */
export function contentFileDates(contentDir: string): ContentDates {
  return Object.fromEntries(
    Object.entries(CONTENT_FILE_NAMES).map(([key, file]) => [key, statSync(join(contentDir, file)).mtime]),
  ) as ContentDates;
}

export interface StartOptions {
  /** Folder holding the seven content files and `images/`. */
  contentDir: string;
  /** 0 picks a free port; the real one is in the returned `url`. */
  port: number;
  host?: string | undefined;
  publicUrl?: string | undefined;
  /** Switches the remote API mode on from the start. Default: off. */
  remote?: RemoteOptions | null | undefined;
}

export interface RunningServer {
  /** Address of the server, e.g. `http://127.0.0.1:8787`. */
  url: string;
  port: number;
  /** Counters of the answers since the start or the last {@link RunningServer.resetStats}. */
  stats(): TrafficStats;
  resetStats(): void;
  /** Switches the remote API mode on with new options, or off with `null`, without a restart. */
  setRemote(options: RemoteOptions | null): void;
  /** Stops accepting connections and resolves when the server is closed. */
  close(): Promise<void>;
}

/**
 * Loads and validates the content folder, then listens.
 *
 * @throws {import('./load-content.ts').ContentError} when the content is invalid (before
 *   anything listens), or the listen error (e.g. `EADDRINUSE`).
 */
export async function startServer({
  contentDir,
  port,
  host = '127.0.0.1',
  publicUrl,
  remote: remoteOptions,
}: StartOptions): Promise<RunningServer> {
  const content = loadContent(contentDir);
  // Read after loading: a file saved in between then makes its date too new (a needless 200),
  // never too old (a wrong 304).
  const lastModified = contentFileDates(contentDir);
  const { app, remote, counter } = buildApp(content, {
    publicUrl,
    imagesDir: join(contentDir, 'images'),
    lastModified,
    remote: remoteOptions,
  });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      const hostPart = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${hostPart}:${info.port}`,
        port: info.port,
        stats: () => counter.stats(),
        resetStats: () => counter.reset(),
        setRemote: (options) => remote.set(options),
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
