import { describe, expect, it } from 'vitest';
import { configDigest } from './code-digest.ts';

describe('configDigest', () => {
  it('changes with the site address, the API address and other PUBLIC_ settings, not with unrelated variables', () => {
    const base = configDigest({ SITE_URL: 'https://a.example' }, 'https://api.example');
    expect(configDigest({ SITE_URL: 'https://a.example', HOME: '/x' }, 'https://api.example')).toBe(base);
    expect(configDigest({ SITE_URL: 'https://b.example' }, 'https://api.example')).not.toBe(base);
    expect(configDigest({ SITE_URL: 'https://a.example' }, 'https://api2.example')).not.toBe(base);
    expect(configDigest({ SITE_URL: 'https://a.example', PUBLIC_X: '1' }, 'https://api.example')).not.toBe(
      base,
    );
  });

  it('changes with the image hosts the build fetches from (they decide which pictures are inlined)', () => {
    const base = configDigest({ SITE_URL: 'https://a.example' }, 'https://api.example');
    expect(
      configDigest(
        { SITE_URL: 'https://a.example', CONTENT_IMAGE_HOSTS: 'https://img.example' },
        'https://api.example',
      ),
    ).not.toBe(base);
  });
});
