/**
 * Phase 2: whether to build. A digest of the content (everything the build renders, read off the
 * snapshot), of the code and of the configuration, compared with the published release's. Any
 * difference builds; which pages it changed is read off the output afterwards (changed-files.ts),
 * so no table has to say which page shows which content.
 */
import { createHash } from 'node:crypto';
import type { Snapshot } from '../read/snapshot.ts';
import type { ReleaseManifest } from './manifest.ts';

/** A short, stable digest of any JSON value (object keys sorted, so key order does not matter). */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex').slice(0, 20);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
}

/**
 * The digest of everything the build renders: every list's first page with its banners, slides
 * and topics, every item of the lists without detail pages (the site search), and every HR
 * story, success story and patent with its detail, in list order.
 * These are the loaders' own results (`src/lib/content/build-data.ts`), so a poll and a full read
 * of the same content digest alike, however their API calls differed.
 */
export function contentDigest(
  snapshot: Pick<Snapshot, 'lists' | 'cardLists' | 'hrStories' | 'successStories' | 'patents'>,
): string {
  const { lists, cardLists, hrStories, successStories, patents } = snapshot;
  return digestOf({ lists, cardLists, hrStories, successStories, patents });
}

/** The digests a release is built from. */
export interface BuildDigests {
  content: string;
  code: string;
  config: string;
}

/** Why the content, code or configuration calls for a build, in Korean; null when it matches the published release. */
export function changeReason(previous: ReleaseManifest | null, digests: BuildDigests): string | null {
  if (!previous) return '게시된 릴리스가 없어 빌드합니다';
  if (!previous.contentDigest) return '게시된 릴리스의 기록에 콘텐츠 요약이 없어 빌드합니다 (이전 형식)';
  if (previous.codeDigest !== digests.code) return '코드가 바뀌어 빌드합니다';
  if (previous.configDigest !== digests.config) return '설정(SITE_URL·API 주소 등)이 바뀌어 빌드합니다';
  if (previous.contentDigest !== digests.content) return '콘텐츠가 바뀌어 빌드합니다';
  return null;
}
