import { describe, expect, it } from 'vitest';
import { linkProps, resultLink } from './result-link.ts';

const origin = 'https://www.example.kr';

describe('resultLink', () => {
  it('keeps the site’s pages in place', () => {
    expect(resultLink('/info/blog/12', origin)).toEqual({ href: '/info/blog/12', external: false });
    expect(linkProps(resultLink('/faq', origin))).toEqual({ href: '/faq' });
  });

  it('opens other hosts in a new tab without opener', () => {
    expect(linkProps(resultLink('https://news.example.com/a', origin))).toEqual({
      href: 'https://news.example.com/a',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('never follows a script address', () => {
    expect(resultLink('javascript:alert(1)', origin)).toEqual({ href: '#', external: false });
  });
});
