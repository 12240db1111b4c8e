import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHeadersFile } from '../lib/headers-file.ts';
import { nginxConfig, NginxConfigError } from './nginx-config.ts';
import { withBuiltRules } from '../../../src/integrations/hero-preload/preload-link.ts';

const generate = (headers: string) =>
  nginxConfig({
    root: '/srv/site',
    listen: '80',
    serverName: '_',
    rules: parseHeadersFile(headers),
    command: 'test',
  });

describe('nginxConfig', () => {
  const config = generate(readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8'));
  const server = config.slice(config.indexOf('server {'));

  it('sends every header of public/_headers from the server block alone, with `always`', () => {
    const lines = server.split('\n').filter((line) => /^\s*add_header /.test(line));
    expect(lines.map((line) => line.trim().split(' ')[1])).toEqual([
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Content-Security-Policy',
      'X-Frame-Options',
      'Cache-Control',
    ]);
    for (const line of lines) expect(line).toMatch(/^ {4}add_header \S+ \$insighthire_\w+ always;$/);
    // None inside a location: it would stop the server's headers being inherited there.
    const locations = server.split(/\n {4}location /).slice(1);
    for (const block of locations) expect(block).not.toMatch(/^\s*add_header /m);
  });

  it('serves the release through current, resolved once per request, and hashed folders from the pool', () => {
    expect(server).toContain('root /srv/site/current;\n    set $insighthire_release $realpath_root;');
    expect(server).toContain('location ^~ /_astro/ {\n        root /srv/site/assets;');
    expect(server).toContain('location ^~ /fonts/ {\n        root /srv/site/assets;');
    expect(server).toContain(
      'try_files $insighthire_path $insighthire_path.html $insighthire_path/index.html =404;',
    );
    expect(server).toContain('error_page 404 /404.html;');
  });

  it('caches hashed files for good, but never a miss under them', () => {
    expect(config).toContain('"~^(?!200:|206:|304:)[0-9]{3}:/_astro/" "no-store";');
    expect(config).toContain('"~^[0-9]{3}:/_astro/.*$" "public, max-age=31536000, immutable";');
    expect(config).toContain('"~^[0-9]{3}:/.*$" "public, max-age=300, must-revalidate";');
    const cache = config.slice(config.indexOf('$insighthire_cache_control {'));
    expect(cache.indexOf('no-store')).toBeLessThan(cache.indexOf('immutable'));
  });

  it("sends the web workers their own policy (a worker ignores the page's <meta>), the pages the site's", () => {
    const csp = config.slice(config.indexOf('map $uri $insighthire_content_security_policy {'));
    const map = csp.slice(0, csp.indexOf('\n}\n'));
    const worker = `"default-src 'none'; connect-src 'self'; frame-ancestors 'none'";`;
    expect(map.split('\n').slice(1)).toEqual([
      '    default "";',
      `    "~^/_astro/module-cache\\.worker-.*$" ${worker}`,
      `    "~^/_astro/font-cache\\.worker-.*$" ${worker}`,
      `    "~^/.*$" "frame-ancestors 'none'";`,
    ]);
  });

  it('hides the release records and the deploy files', () => {
    expect(server).toContain(
      'location ~ ^/(?:manifest\\.json|changed-routes\\.json|_headers|deploys\\.jsonl)$ {\n        return 404;',
    );
  });

  it('lets the last matching rule win, a detach-only rule sending nothing', () => {
    const custom = generate(`/*
  X-Robots-Tag: noindex
  Cache-Control: max-age=60
/_astro/*
  Cache-Control: immutable
/open/*
  ! X-Robots-Tag
`);
    expect(custom).toContain(`map $uri $insighthire_x_robots_tag {
    default "";
    "~^/open/.*$" "";
    "~^/.*$" "noindex";
}`);
  });

  it("sends the home's hero preload the build adds to _headers on / and /index.html (where `location = /` serves it)", () => {
    const link =
      '</_astro/hero.a.avif>; rel=preload; as=image; type="image/avif"; imagesrcset="/_astro/hero.a.avif 760w, /_astro/hero.b.avif 1120w"; imagesizes="(max-width: 980px) 100vw, 540px"; fetchpriority=high';
    const project = readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8');
    const built = generate(withBuiltRules(project, ['/', '/index.html'], link));
    const map = built.slice(built.indexOf('map $uri $insighthire_link {'));
    const quoted = `"${link.replaceAll('"', '\\"')}"`;
    expect(map.slice(0, map.indexOf('\n}\n'))).toBe(
      [
        'map $uri $insighthire_link {',
        '    default "";',
        `    "~^/index\\.html$" ${quoted};`,
        `    "~^/$" ${quoted};`,
      ].join('\n'),
    );
    expect(built).toContain('    add_header Link $insighthire_link always;');
    // Every other header as before, the Link last.
    const server = built.slice(built.indexOf('server {'));
    expect(server.match(/^ {4}add_header \S+/gm)?.map((line) => line.split(' ').pop())).toEqual([
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Content-Security-Policy',
      'X-Frame-Options',
      'Cache-Control',
      'Link',
    ]);
  });

  it('refuses what nginx would read as more than text', () => {
    expect(() => generate('/*\n  X-Test: $host\n/_astro/*\n  Cache-Control: immutable\n')).toThrow(
      NginxConfigError,
    );
    expect(() => generate('/a b/*\n  X-Test: 1\n/_astro/*\n  Cache-Control: immutable\n')).toThrow(
      NginxConfigError,
    );
    expect(() => generate('/*\n  Cache-Control: max-age=60\n')).toThrow('immutable');
    expect(() => generate('/*\n  X-Test: a\\"b\n/_astro/*\n  Cache-Control: immutable\n')).toThrow(
      NginxConfigError,
    );
  });
});
