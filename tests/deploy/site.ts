/**
 * A built release of the site for the deploy tests: `npm run rebuild` once, against the
 * reference content server on a temporary copy of the content. The server keeps running until
 * `close()` (the site's islands read later pages from it in a browser).
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../scripts/content-api/server.ts';
import { DEFAULT_SITE_URL } from '../../scripts/lib/test-env.ts';
import { copyReferenceContent, runRebuildCli } from '../support/publish-run.ts';

export interface BuiltSite {
  /** The release folder (`<work>/out/releases/<id>`, what `<work>/out/current` points to). */
  release: string;
  /** The content API the pages call. */
  apiUrl: string;
  close(): Promise<void>;
}

/** Builds the site into `<work>/out` (a rebuild's output folder). */
export async function buildSite(work: string): Promise<BuiltSite> {
  const contentDir = join(work, 'content');
  copyReferenceContent(contentDir);
  const api = await startServer({ contentDir, port: 0 });
  const out = join(work, 'out');
  const result = await runRebuildCli(out, api.url, [], { SITE_URL: DEFAULT_SITE_URL });
  if (result.code !== 0) {
    await api.close();
    const output = result.stdout + result.stderr;
    throw new Error(`npm run rebuild 실패 (코드 ${result.code}):\n${output.slice(-3_000)}`);
  }
  return { release: realpathSync(join(out, 'current')), apiUrl: api.url, close: () => api.close() };
}
