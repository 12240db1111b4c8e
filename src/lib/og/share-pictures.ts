/**
 * Build time: each page's share picture drawn once per input, not once per build, and the ones to
 * draw drawn on every core.
 *
 * - A picture is kept in the build's cache folder under the digest of what it shows and how it is
 *   drawn (share-picture-store.ts, share-picture-key.ts). Astro's page cache is dropped whole by any
 *   change of code; then every picture still comes from the store, unless the drawer changed.
 * - The route's `getStaticPaths` hands every card over (`prepare`) before Astro renders a page, and
 *   the pictures the store lacks start drawing on the worker pool at once (share-picture-pool.ts).
 *   Astro asks for one page at a time; the pool works ahead of it on every core, and each GET
 *   finds its picture drawn or drawing. (Raising Astro's `build.concurrency` would also hand the
 *   pool several pictures at once, but Astro's page log lines then interleave, and the rebuild
 *   reads those lines to tell rendered pages from restored ones.)
 * - At the build's end (src/integrations/share-pictures/) the threads are ended and the store is
 *   cut down to the pictures of this build's cards. Its log line gives the process's CPU share
 *   while pictures were drawing (cpu-window.ts): whether the pool kept every core busy, which the
 *   whole build's share, mostly reading the API and rendering one page at a time, cannot tell.
 *
 * A picture drawn without the item picture it names (unreachable, refused) or given up for its
 * time (the site's default picture stands in, with a warning) is not kept: the next build tries
 * again. Outside a build (the dev server) each picture is drawn as it is asked for, as before.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { oneLine } from '../content/one-line.ts';
import { CpuWindow, drawingText } from './cpu-window.ts';
import {
  defaultSharePicture,
  drawShareImage,
  renderShareImage,
  type RenderOptions,
  type ShareImage,
} from './render-share-image.ts';
import type { ShareCard } from './share-cards.ts';
import { registerFontsForSvg } from './share-image-fonts.ts';
import { DRAWER_ENTRIES, drawerDigest, sharePictureKey } from './share-picture-key.ts';
import { SharePicturePool } from './share-picture-pool.ts';
import { FINISH_SHARE_PICTURES, SHARE_PICTURES_DIR_ENV, SharePictureStore } from './share-picture-store.ts';

export interface SharePicturesOptions {
  /** The store's folder. */
  dir: string;
  /** The project root (the drawer's files, fonts, default picture); the working folder by default. */
  root?: string | undefined;
  /** The pool threads' module; share-picture-worker.ts by default. */
  workerFile?: string | undefined;
  /** Pool threads; the machine's cores by default. */
  threads?: number | undefined;
  /** Time limit of one draw, in seconds. */
  drawSeconds?: number | undefined;
  /** The drawer's digest; computed from its files by default. */
  drawer?: string | undefined;
  /** Where the drawing's CPU share is measured; the process's own by default (tests give a clock). */
  cpuWindow?: CpuWindow | undefined;
}

/** What happened to the pictures asked for, for the build's log (and the tests). */
export interface SharePictureCounts {
  /** Drawn in this build. */
  drawn: number;
  /** Taken from the store. */
  restored: number;
  /** Given up for their time: the site's default picture instead. */
  fallback: number;
}

/** A picture drawn and kept on disk, or, when it could not be kept, the bytes themselves. */
type Drawn = { jpeg: Buffer; kept: boolean };

export class SharePictures {
  readonly counts: SharePictureCounts = { drawn: 0, restored: 0, fallback: 0 };
  /** From the first draw handed to the pool to the last finished: whether the draws used every core. */
  private readonly drawing: CpuWindow;
  private readonly options: SharePicturesOptions;
  private readonly store: SharePictureStore;
  private readonly root: string;
  private readonly used = new Set<string>();
  /** Pictures drawn ahead of their page: null once on disk (a thousand JPEGs need not wait in memory). */
  private readonly ahead = new Map<string, Promise<Buffer | null>>();
  private drawer: string | undefined;
  private pool: SharePicturePool | undefined;
  private prepared = false;
  private poolFailed = false;

  constructor(options: SharePicturesOptions) {
    this.options = options;
    this.store = new SharePictureStore(options.dir);
    this.root = options.root ?? process.cwd();
    this.drawing = options.cpuWindow ?? new CpuWindow();
  }

  /** Notes every card of the build and starts drawing those the store lacks. */
  prepare(cards: readonly ShareCard[], options: RenderOptions): void {
    this.prepared = true;
    const present = this.store.keys();
    for (const card of cards) {
      const key = this.key(card, options);
      this.used.add(key);
      if (present.has(key) || this.ahead.has(key)) continue;
      const drawn = this.draw(key, card, options).then(({ jpeg, kept }) => (kept ? null : jpeg));
      // Nobody awaits it until its page is rendered: a failure then is the page's to meet, drawn again.
      this.ahead.set(
        key,
        drawn.catch(() => null),
      );
    }
  }

  /** `card`'s picture: from the store, else drawn (or being drawn) and kept. Never throws. */
  async picture(card: ShareCard, options: RenderOptions): Promise<Buffer> {
    const key = this.key(card, options);
    this.used.add(key);
    const ahead = this.ahead.get(key);
    if (ahead) {
      this.ahead.delete(key);
      const jpeg = (await ahead) ?? this.store.read(key);
      if (jpeg) return jpeg;
    } else {
      const kept = this.store.read(key);
      if (kept) {
        this.counts.restored++;
        return kept;
      }
    }
    return (await this.draw(key, card, options)).jpeg;
  }

  /**
   * The build's end: ends the threads and cuts the store down to this build's cards. A picture
   * still drawing ahead was for a page Astro restored from its own cache instead (its drawer's
   * files changed only where the bundle does not, say a comment): the draws under way are
   * finished and kept, the ones waiting are dropped rather than hold up the build.
   */
  async finish(): Promise<void> {
    this.ahead.clear();
    const threads = this.pool?.threads ?? 0;
    const dropped = (await this.pool?.close()) ?? 0;
    this.pool = undefined;
    const pruned = this.prepared ? this.store.prune(this.used) : 0;
    const { drawn, restored, fallback } = this.counts;
    console.log(
      `공유 이미지: 새로 그림 ${drawn}개 (스레드 ${threads}개), 저장소에서 ${restored}개` +
        `${fallback ? `, 기본 그림으로 대신 ${fallback}개` : ''}${dropped ? `, 쓰이지 않아 그리지 않음 ${dropped}개` : ''}` +
        `${pruned ? `, 쓰지 않아 지움 ${pruned}개` : ''}` +
        (drawn > 0 ? drawingText(this.drawing.figures(), availableParallelism()) : ''),
    );
  }

  private key(card: ShareCard, options: RenderOptions): string {
    this.drawer ??= this.options.drawer ?? drawerDigest(this.root);
    return sharePictureKey(card, options, this.drawer);
  }

  private async draw(key: string, card: ShareCard, options: RenderOptions): Promise<Drawn> {
    const { jpeg, whole } = await this.drawOnPool(card, { ...options, root: this.root });
    return { jpeg, kept: whole && this.store.write(key, jpeg) };
  }

  private async drawOnPool(card: ShareCard, options: RenderOptions): Promise<ShareImage> {
    this.drawing.begin();
    try {
      return await this.drawOnPoolTimed(card, options);
    } finally {
      this.drawing.end();
    }
  }

  private async drawOnPoolTimed(card: ShareCard, options: RenderOptions): Promise<ShareImage> {
    const pool = this.startPool();
    const result = await pool.draw({ card, options });
    if (result === 'too-slow') {
      this.counts.fallback++;
      console.warn(
        oneLine(
          `공유 이미지: ${pool.seconds}초 안에 그리지 못해 사이트 기본 그림으로 둡니다: ${card.title.slice(0, 120)}`,
        ),
      );
      return { jpeg: await defaultSharePicture(this.root), whole: false };
    }
    this.counts.drawn++;
    if (result !== 'failed') return result;
    // The thread could not draw at all (its module failed to load, say): this thread draws, slower.
    if (!this.poolFailed)
      console.warn('공유 이미지: 작업 스레드가 그리지 못해 빌드 스레드에서 그립니다 (느려집니다).');
    this.poolFailed = true;
    return drawShareImage(card, options);
  }

  private startPool(): SharePicturePool {
    if (this.pool) return this.pool;
    // Before any thread starts: the threads' librsvg reads the process's fontconfig setting,
    // which only the main thread can set (a thread's process.env is its own copy). And this thread
    // holds sharp loaded (render-share-image.ts), so a thread that ends never unloads libvips.
    registerFontsForSvg(this.root);
    this.pool = new SharePicturePool({
      workerFile: this.options.workerFile ?? join(this.root, DRAWER_ENTRIES[1]!),
      threads: this.options.threads,
      drawSeconds: this.options.drawSeconds,
    });
    return this.pool;
  }
}

let build: SharePictures | null | undefined;

/** The build's store and pool (one per build process), or null outside a build. */
export function buildSharePictures(): SharePictures | null {
  if (build !== undefined) return build;
  const dir = process.env[SHARE_PICTURES_DIR_ENV];
  const pictures = dir ? new SharePictures({ dir }) : null;
  if (pictures)
    (globalThis as { [FINISH_SHARE_PICTURES]?: () => Promise<void> })[FINISH_SHARE_PICTURES] = () =>
      pictures.finish();
  build = pictures;
  return pictures;
}

/** `card`'s share picture: the build's store and pool, or drawn here outside a build. Never throws. */
export async function sharePicture(card: ShareCard, options: RenderOptions): Promise<Buffer> {
  const pictures = buildSharePictures();
  return pictures ? pictures.picture(card, options) : renderShareImage(card, options);
}
