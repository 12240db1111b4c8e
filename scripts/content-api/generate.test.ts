// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateContent } from './generate.ts';
import { loadContent } from './load-content.ts';

describe('content generator', () => {
  it('writes valid content N times the size, deterministically, with unique ids', () => {
    const a = mkdtempSync(join(tmpdir(), 'gen-a-'));
    const b = mkdtempSync(join(tmpdir(), 'gen-b-'));
    generateContent(3, a);
    generateContent(3, b);
    const base = loadContent(join(import.meta.dirname, 'data'));
    const scaled = loadContent(a);
    expect(scaled.hrStories.items).toHaveLength(base.hrStories.items.length * 3);
    expect(scaled.patents).toHaveLength(base.patents.length * 3);
    const ids = scaled.hrStories.items.map((item) => item.analytics_page_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(scaled.patents.map((p) => p.tag)).size).toBe(scaled.patents.length);
    expect(readFileSync(join(a, 'hr-stories.json'), 'utf8')).toBe(
      readFileSync(join(b, 'hr-stories.json'), 'utf8'),
    );
  });
});
