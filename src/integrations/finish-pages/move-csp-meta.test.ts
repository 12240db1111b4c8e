import { describe, expect, it } from 'vitest';
import { moveCspMetaFirst } from './move-csp-meta.ts';

const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'sha256-x='">`;

describe('moveCspMetaFirst', () => {
  it('puts the policy right after the charset, before any script or link', () => {
    const page = `<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"><title>t</title><script>go()</script><style>a{}</style>${csp}</head><body></body></html>`;
    expect(moveCspMetaFirst(page)).toBe(
      `<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8">${csp}<title>t</title><script>go()</script><style>a{}</style></head><body></body></html>`,
    );
  });

  it('leaves a page that is already in order, or has no policy, as it is', () => {
    const ordered = `<head><meta charset="utf-8">${csp}<title>t</title></head>`;
    expect(moveCspMetaFirst(ordered)).toBe(ordered);
    const none = '<head><meta charset="utf-8"><title>t</title></head>';
    expect(moveCspMetaFirst(none)).toBe(none);
  });

  it('moves a policy written before the charset behind it', () => {
    expect(moveCspMetaFirst(`<head>${csp}<meta charset="utf-8"><title>t</title></head>`)).toBe(
      `<head><meta charset="utf-8">${csp}<title>t</title></head>`,
    );
  });
});
