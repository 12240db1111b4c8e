/** One purge: the addresses of a release's changed routes (or everything), sent in batches. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createProgress, type Progress } from '../lib/log.ts';
import type { PurgeCommand } from './args.ts';
import { purgeCache, PurgeError, type PurgeBody } from './cloudflare.ts';
import { inBatches, PurgeInputError, purgeUrls, readRouteLists, routesToPurge } from './urls.ts';

const PHASE = 'CDN 퍼지';

/** What the release's routes come to: the bodies of the calls, and the addresses for the log. */
export function planPurge(command: Extract<PurgeCommand, { kind: 'purge' }>): {
  bodies: PurgeBody[];
  urls: string[];
  /** Why everything is purged although a release was given (Korean), or `null`. */
  everythingBecause: string | null;
} {
  if (command.release === null)
    return { bodies: [{ purge_everything: true }], urls: [], everythingBecause: null };
  const file = join(command.release, 'changed-routes.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PurgeInputError(`${file} 을 읽을 수 없습니다 (${(error as Error).message})`);
  }
  const isFile = (route: string) => {
    try {
      return statSync(join(command.release!, route)).isFile();
    } catch {
      return false;
    }
  };
  const urls = purgeUrls(command.site, routesToPurge(readRouteLists(parsed)), isFile);
  if (urls.length > command.maxUrls)
    return {
      bodies: [{ purge_everything: true }],
      urls,
      everythingBecause: `바뀐 주소가 ${urls.length}개로 ${command.maxUrls}개를 넘어 캐시 전체를 퍼지합니다.`,
    };
  return {
    bodies: inBatches(urls, command.batch).map((files) => ({ files })),
    urls,
    everythingBecause: null,
  };
}

/** Runs the command; resolves to the exit code (0 purged or nothing to purge, 1 failed). */
export async function runPurge(
  command: Extract<PurgeCommand, { kind: 'purge' }>,
  progress: Progress = createProgress(),
): Promise<0 | 1> {
  try {
    const { bodies, urls, everythingBecause } = planPurge(command);
    if (bodies.length === 0) {
      progress.step(PHASE, '바뀐 경로가 없어 퍼지할 주소가 없습니다.');
      return 0;
    }
    progress.step(
      PHASE,
      command.release === null
        ? '캐시 전체를 퍼지합니다.'
        : everythingBecause !== null
          ? everythingBecause
          : `주소 ${urls.length}개를 ${bodies.length}번에 나누어 퍼지합니다 (한 번에 최대 ${command.batch}개).`,
    );
    if (command.dryRun) {
      for (const url of urls) progress.step(PHASE, `(dry-run) ${url}`);
      return 0;
    }
    await purgeCache({
      api: command.api,
      zoneId: command.zoneId,
      token: command.token,
      bodies,
      log: (line) => progress.step(PHASE, line),
    });
    progress.step(PHASE, '완료');
    return 0;
  } catch (error) {
    if (!(error instanceof PurgeError || error instanceof PurgeInputError)) throw error;
    progress.fail(error.message);
    return 1;
  }
}
