/**
 * The polite reader's adaptive spacing between attempt starts (polite-fetch.ts), on top of its
 * fixed rate: none until the API refuses a call (`429`), then doubled per refusal, and drawn
 * closer again as answers come back well.
 */

/** Longest adaptive gap between two attempt starts (one call every 5 s). */
const MAX_GAP_MS = 5_000;
/** Good answers after which the adaptive gap shrinks by a quarter. */
const RECOVER_AFTER = 20;

export interface AdaptivePace {
  /** Waits for this attempt's turn. */
  pace(): Promise<void>;
  /** A refusal: widen the gap. */
  slowDown(): void;
  /** A good answer: after enough of them, narrow the gap. */
  recover(): void;
}

/** The pace of one reader; `delay` waits (and stops on the reader's signal). */
export function adaptivePace(
  ratePerSecond: number | null | undefined,
  delay: (ms: number) => Promise<void>,
): AdaptivePace {
  let gapMs = 0;
  let nextStart = 0;
  let goodSinceRefusal = 0;
  let lastSlowDown = 0;
  return {
    async pace() {
      if (gapMs === 0) return;
      const now = Date.now();
      const start = Math.max(now, nextStart);
      nextStart = start + gapMs;
      if (start > now) await delay(start - now);
    },
    slowDown() {
      // Calls already in flight are refused together: one slow-down per second of refusals.
      if (Date.now() - lastSlowDown < 1000) return;
      lastSlowDown = Date.now();
      gapMs = Math.min(Math.max(gapMs * 2, ratePerSecond ? 2000 / ratePerSecond : 100), MAX_GAP_MS);
      goodSinceRefusal = 0;
    },
    recover() {
      if (gapMs === 0 || ++goodSinceRefusal < RECOVER_AFTER) return;
      goodSinceRefusal = 0;
      gapMs = gapMs < 20 ? 0 : Math.round(gapMs * 0.75);
    },
  };
}
