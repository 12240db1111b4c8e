/**
 * A release as every road that publishes it knows it: how a new one is named, the records it
 * carries beside its pages, and until when each one was live. The rebuild makes releases
 * (rebuild/), the deploy puts them on a host (deploy/), the Cloudflare staging and the CDN purge
 * read them (cloudflare/, cdn-purge/).
 */

/** `manifest.json`: what a release was built from and what it holds (rebuild/release/manifest.ts). */
export const MANIFEST_FILE = 'manifest.json';
/** `changed-routes.json`: the routes that differ from the previous release, for a CDN purge. */
export const CHANGED_ROUTES_FILE = 'changed-routes.json';

/** A new release name from the time (`2026-11-21T03-00-00-123Z`), unique among `existing`. */
export function newReleaseName(now: Date, existing: readonly string[]): string {
  const base = now.toISOString().replace(/:/g, '-').replace('.', '-');
  let name = base;
  for (let n = 1; existing.includes(name); n++) name = `${base}-${n}`;
  return name;
}

/** One switch of a live release: to `release` at `at` (ms), from `from`. */
export interface ReleaseSwitch {
  release: string;
  at: number;
  from?: string | null | undefined;
}

/**
 * When each release stopped being live (ms), from the switches in order (the rebuild's
 * history, the deploy's records): the next switch's time, or that of a switch naming it as
 * `from`; `now` for the live one (`current`), and for the last switch's release when the live
 * one moved on without a line (when is unknown). Retention counts from this, on every target.
 */
export function liveUntil(
  switches: readonly ReleaseSwitch[],
  current: string | null | undefined,
  now: number,
): Map<string, number> {
  const until = new Map<string, number>();
  const extend = (name: string, ms: number) => until.set(name, Math.max(until.get(name) ?? 0, ms));
  switches.forEach((entry, index) => {
    extend(entry.release, switches[index + 1]?.at ?? now);
    if (entry.from) extend(entry.from, entry.at);
  });
  if (current) extend(current, now);
  return until;
}
