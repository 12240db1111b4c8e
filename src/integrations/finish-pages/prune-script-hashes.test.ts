import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pruneScriptHashes } from './prune-script-hashes.ts';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const page = (scriptSrc: string, body: string) =>
  `<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src ${scriptSrc}; style-src 'self' 'unsafe-inline'">` +
  `</head><body>${body}</body></html>`;

describe('pruneScriptHashes', () => {
  const mine = 'console.log("이 페이지")';
  const module = 'import("/x.js")';
  const other = 'console.log("다른 페이지")';

  it("keeps the hashes of the page's own inline scripts and drops the rest", () => {
    const html = page(
      `'self' ${hash(other)} ${hash(mine)} ${hash(module)}`,
      `<script>${mine}</script><script type="module">${module}</script>`,
    );
    const pruned = pruneScriptHashes(html);
    expect(pruned).toContain(`script-src 'self' ${hash(mine)} ${hash(module)};`);
    expect(pruned).not.toContain(hash(other));
    expect(pruned).toContain("default-src 'self'");
    expect(pruned).toContain("style-src 'self' 'unsafe-inline'");
    expect(pruned.replace(/<meta http-equiv[^>]*>/, '')).toBe(html.replace(/<meta http-equiv[^>]*>/, ''));
  });

  it('does not count data scripts and external scripts as inline code', () => {
    const json = '{"@type":"Organization"}';
    const html = `<script type="application/ld+json">${json}</script><script src="/a.js"></script><script>${mine}</script>`;
    expect([...inlineScriptHashes(html)]).toEqual([hash(mine)]);
  });

  it('leaves a page without a policy alone', () => {
    const html = `<html><head></head><body><script>${mine}</script></body></html>`;
    expect(pruneScriptHashes(html)).toBe(html);
  });
});
