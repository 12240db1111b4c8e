/**
 * Hashed folders whose files may hold content text (the site search's shards and text files).
 * A release drops such a file when text it held was removed (an item deleted, a sentence cut:
 * src/lib/search/index/build-index.ts), so the publishing road lets go of it at once where it keeps
 * hashed files for pages still open: the purge names it (rebuild/release/changed-files.ts), the host's
 * pool deletes it at the deploy (deploy/prune.ts), and the Cloudflare staging does not carry it
 * over from earlier releases (cloudflare/stage.ts). An open page that still asks for one reads
 * the search entry again (src/lib/search/engine/searcher.ts).
 */
export const WITHDRAWN_FOLDERS = ['search-index/'] as const;

/** Whether a release-relative path (`search-index/terms-x.json`, no leading `/`) is withdrawn once a release drops it. */
export function isWithdrawable(path: string): boolean {
  const relative = path.replace(/^\/+/, '');
  return WITHDRAWN_FOLDERS.some((folder) => relative.startsWith(folder));
}
