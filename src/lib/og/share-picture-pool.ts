/**
 * Build time: share pictures drawn on worker threads (tinypool), one per core, each draw under its
 * own time limit. Drawing is CPU work (satori lays out, librsvg and mozjpeg raster and encode:
 * 0.1–0.4 s a picture) and Astro renders one page at a time, so a thousand pictures on one thread
 * are minutes that the other cores could share.
 *
 * A draw that outlasts its limit is given up and its thread ended (the pool starts a new one), so
 * a hung layout or a picture that will not finish holds up nothing else. The limit runs from when
 * the draw gets a thread, not from when it was asked for: at most one draw a thread is handed to
 * tinypool, the rest wait in a queue here.
 */
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import { Tinypool } from 'tinypool';
import type { DrawResult, DrawTask } from './share-picture-worker.ts';

/**
 * Long enough for the slowest honest card (an item picture fetched within 8 s and drawn within
 * 10 s, share-image-picture.ts, on a busy machine, plus the thread's start), short enough that a
 * hung one costs a build seconds, not its deadline.
 */
export const SHARE_PICTURE_DRAW_SECONDS = 45;

export interface SharePicturePoolOptions {
  /** The thread's module (share-picture-worker.ts; tests give their own). */
  workerFile: string;
  /** Threads: the machine's cores by default. */
  threads?: number | undefined;
  /** Time limit of one draw. */
  drawSeconds?: number | undefined;
}

/** A drawn picture; `'too-slow'` when its time ran out; `'failed'` when the thread could not draw at all. */
export type PoolDraw = { jpeg: Buffer; whole: boolean } | 'too-slow' | 'failed';

export class SharePicturePool {
  readonly threads: number;
  /** The time limit of one draw. */
  readonly seconds: number;
  private readonly queue: PQueue;
  private readonly pool: Tinypool;

  constructor({ workerFile, threads, drawSeconds }: SharePicturePoolOptions) {
    this.threads = Math.max(1, threads ?? availableParallelism());
    this.seconds = drawSeconds ?? SHARE_PICTURE_DRAW_SECONDS;
    this.queue = new PQueue({ concurrency: this.threads });
    this.pool = new Tinypool({
      filename: workerFile,
      minThreads: 0,
      maxThreads: this.threads,
      // Idle threads do not keep the process alive (tinypool unrefs them); they go after a while.
      idleTimeout: 30_000,
    });
  }

  /** `task` drawn on a thread. Never throws. */
  draw(task: DrawTask): Promise<PoolDraw> {
    return this.queue.add(async (): Promise<PoolDraw> => {
      const signal = AbortSignal.timeout(this.seconds * 1000);
      try {
        const { jpeg, whole } = (await this.pool.run(task, { signal })) as DrawResult;
        return { jpeg: Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength), whole };
      } catch {
        return signal.aborted ? 'too-slow' : 'failed';
      }
    });
  }

  /**
   * Ends the threads once the draws under way are done; the draws still waiting are dropped
   * (their promises never settle) and counted.
   */
  async close(): Promise<number> {
    const dropped = this.queue.size;
    this.queue.clear();
    await this.queue.onIdle();
    await this.pool.destroy();
    return dropped;
  }
}
