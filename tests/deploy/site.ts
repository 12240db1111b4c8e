/**
 * A built release of the site for the deploy tests: `npm run rebuild` once, against the
 * reference content server on a temporary copy of the content. The server keeps running until
 * `close()` (the site's islands read later pages from it in a browser).
 */
import { spawn } from 'node:child_process';
import { cpSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/content-api/server.ts';
import { DEFAULT_SITE_URL } from '../../scripts/lib/test-env.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
  cpSync(join(root, 'scripts/content-api/data'), contentDir, { recursive: true });
  const api = await startServer({ contentDir, port: 0 });
  const out = join(work, 'out');
  const result = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/publish/rebuild.ts', '--out', out], {
      cwd: root,
      env: { ...process.env, PUBLIC_CONTENT_API_URL: api.url, SITE_URL: DEFAULT_SITE_URL, GITHUB_OUTPUT: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
  if (result.code !== 0) {
    await api.close();
    throw new Error(`npm run rebuild 실패 (코드 ${result.code}):\n${result.output.slice(-3_000)}`);
  }
  return { release: realpathSync(join(out, 'current')), apiUrl: api.url, close: () => api.close() };
}
