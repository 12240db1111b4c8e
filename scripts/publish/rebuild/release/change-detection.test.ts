import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../read/snapshot.ts';
import { changeReason, contentDigest, digestOf } from './change-detection.ts';
import type { ReleaseManifest } from './manifest.ts';

const published = { codeDigest: 'code1', configDigest: 'cfg1', contentDigest: 'content1' } as ReleaseManifest;
const same = { content: 'content1', code: 'code1', config: 'cfg1' };

describe('changeReason', () => {
  it('builds nothing when content, code and configuration match the published release', () => {
    expect(changeReason(published, same)).toBeNull();
  });

  it('builds when any of them changed, or there is nothing to compare with', () => {
    expect(changeReason(published, { ...same, content: 'content2' })).toContain('콘텐츠가 바뀌어');
    expect(changeReason(published, { ...same, code: 'code2' })).toContain('코드가 바뀌어');
    expect(changeReason(published, { ...same, config: 'cfg2' })).toContain(
      '설정(SITE_URL·API 주소 등)이 바뀌어',
    );
    expect(changeReason(null, same)).toContain('게시된 릴리스가 없어');
    // A manifest of an older version has no content digest.
    expect(changeReason({ ...published, contentDigest: '' }, same)).toContain('이전 형식');
  });
});

describe('digests', () => {
  it('ignore key order', () => {
    expect(digestOf({ a: 1, b: { c: 2, d: 3 } })).toBe(digestOf({ b: { d: 3, c: 2 }, a: 1 }));
    expect(digestOf({ a: 1 })).not.toBe(digestOf({ a: 2 }));
  });

  it('cover what the build renders, not how the API was read', () => {
    const content = {
      lists: { news: { first: { objects: [] } } },
      hrStories: [{ id: 'a' }],
      successStories: [],
      patents: [],
    };
    const snapshot = content as unknown as Snapshot;
    const polled = {
      ...content,
      requests: 11,
      notModified: 11,
      recorded: { calls: { '/x': 1 } },
    } as unknown as Snapshot;
    expect(contentDigest(polled)).toBe(contentDigest(snapshot));
    expect(contentDigest({ ...snapshot, hrStories: [] })).not.toBe(contentDigest(snapshot));
  });
});
