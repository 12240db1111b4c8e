/**
 * The deploy folder on the host, as the deploy's scripts name its parts:
 *
 *   TARGET/assets/              the pool: every hashed file ever deployed (`_astro/…`, `fonts/…`);
 *                               a file is only ever added (rsync --ignore-existing) or pruned
 *   TARGET/releases/<id>/       the pages and other files of one release
 *   TARGET/releases/.partial-<id>/  a release being uploaded (renamed to <id> when complete)
 *   TARGET/current -> releases/<id>  switched by renaming a new link over it
 *   TARGET/deploys.jsonl        one line per deploy (records.ts)
 *   TARGET/hold.json            the release a rollback holds (`--hold`): plain deploys refuse to
 *                               replace it until `--resume`
 *   TARGET/.deploy.lock/        held by the deploy in progress (its owner line inside; lock.ts)
 *
 * Anything else in TARGET (`.well-known/`, a verification file) is never read or changed. The
 * scripts that read and change the folder are host.ts.
 */

/** Release folder names: the rebuild's (`2026-11-24T03-07-19-070Z`) or any plain name. */
export const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A release folder being uploaded: `releases/.partial-<id>`. */
export const PARTIAL_PREFIX = '.partial-';

/** Paths inside the deploy folder, relative to it (the scripts `cd` there first). */
export const HOST_PATHS = {
  pool: 'assets',
  releases: 'releases',
  current: 'current',
  deploys: 'deploys.jsonl',
  lock: '.deploy.lock',
  hold: 'hold.json',
} as const;

export const releasePath = (id: string) => `${HOST_PATHS.releases}/${id}`;
export const partialPath = (id: string) => `${HOST_PATHS.releases}/${PARTIAL_PREFIX}${id}`;
