import { describe, expect, it } from 'vitest';
import { DEFAULT_BATCH, DEFAULT_MAX_URLS, parsePurgeArgs, UsageError } from './args.ts';

const ZONE = '0123456789abcdef0123456789abcdef';
const env = {
  CLOUDFLARE_PURGE_TOKEN: 'secret-token',
  CLOUDFLARE_ZONE_ID: ZONE,
  SITE_URL: 'https://www.example.com',
};
const parse = (argv: string[], environment: Record<string, string | undefined> = env) =>
  parsePurgeArgs(argv, '/work', environment);

describe('parsePurgeArgs', () => {
  it('reads a purge of a release with the token, zone and site from the environment', () => {
    expect(parse(['--release', 'out/current'])).toEqual({
      kind: 'purge',
      release: '/work/out/current',
      site: 'https://www.example.com',
      zoneId: ZONE,
      token: 'secret-token',
      api: 'https://api.cloudflare.com',
      batch: DEFAULT_BATCH,
      maxUrls: DEFAULT_MAX_URLS,
      deadlineMs: 10 * 60_000,
      out: null,
      dryRun: false,
    });
    expect(DEFAULT_BATCH).toBe(30);
  });

  it('reads --deadline as a duration of a second or more, and --out as a folder', () => {
    expect(parse(['--release', 'r', '--deadline', '90s', '--out', 'out'])).toMatchObject({
      deadlineMs: 90_000,
      out: '/work/out',
    });
    expect(parse(['--everything', '--deadline', '2m'])).toMatchObject({ deadlineMs: 120_000 });
    for (const bad of ['0', '0.5s', 'soon', '-1m'])
      expect(() => parse(['--everything', '--deadline', bad]), bad).toThrow(UsageError);
  });

  it('reads --everything, --batch, --zone, --site and the API base (option or CLOUDFLARE_API_BASE)', () => {
    expect(parse(['--everything'])).toMatchObject({ release: null });
    expect(parse(['--release', '/r', '--batch', '100', '--site', 'https://a.example'])).toMatchObject({
      batch: 100,
      site: 'https://a.example',
    });
    expect(parse(['--everything'], { ...env, CLOUDFLARE_API_BASE: 'http://127.0.0.1:9/' })).toMatchObject({
      api: 'http://127.0.0.1:9',
    });
    expect(parse(['--everything', '--api', 'https://cf.example/base/'])).toMatchObject({
      api: 'https://cf.example/base',
    });
  });

  it('reads --max-urls as a positive integer', () => {
    expect(parse(['--release', '/r', '--max-urls', '50'])).toMatchObject({ maxUrls: 50 });
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => parse(['--release', '/r', '--max-urls', bad])).toThrow(UsageError);
  });

  it('asks for exactly one of --release and --everything', () => {
    expect(() => parse([])).toThrow(UsageError);
    expect(() => parse(['--release', 'a', '--everything'])).toThrow(UsageError);
  });

  it('needs the token and the zone, except in a dry run, and a site address for routes', () => {
    expect(() => parse(['--everything'], { ...env, CLOUDFLARE_PURGE_TOKEN: '' })).toThrow(
      /CLOUDFLARE_PURGE_TOKEN/,
    );
    expect(() => parse(['--everything'], { ...env, CLOUDFLARE_ZONE_ID: undefined })).toThrow(
      /CLOUDFLARE_ZONE_ID/,
    );
    expect(() => parse(['--release', 'a'], { ...env, SITE_URL: '' })).toThrow(/SITE_URL/);
    expect(parse(['--release', 'a', '--dry-run'], { SITE_URL: 'https://x.example' })).toMatchObject({
      dryRun: true,
      token: '',
    });
  });

  it('never takes a token on the command line, and never repeats it', () => {
    for (const argv of [
      ['--everything', '--token', 'abc-secret'],
      ['--everything', '--token=abc-secret'],
      ['--everything', '--api-token=abc-secret'],
    ]) {
      let message = '';
      try {
        parse(argv);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('CLOUDFLARE_PURGE_TOKEN');
      expect(message).not.toContain('abc-secret');
    }
  });

  it('refuses a bad batch size, zone id or API address', () => {
    for (const batch of ['0', '1.5', '-3', '501', 'x'])
      expect(() => parse(['--everything', '--batch', batch]), batch).toThrow(UsageError);
    expect(() => parse(['--everything', '--zone', '../../accounts'])).toThrow(/32자리/);
    // The token is sent to this address: plain http only to this machine (a stand-in).
    for (const api of ['http://api.example', 'ftp://x', 'not a url', 'https://u:p@x'])
      expect(() => parse(['--everything', '--api', api]), api).toThrow(UsageError);
  });
});
