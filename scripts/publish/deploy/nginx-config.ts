/**
 * The nginx config of an origin serving the deploy folder (host.ts), generated from
 * `public/_headers` so the headers have one source: nginx does not read `_headers`.
 *
 * - `root` is `TARGET/current`, resolved once per request (`$realpath_root`, set at server
 *   level), so everything a request reads comes from one release even while a deploy switches.
 * - The hashed folders (`_headers` rules with `immutable`) are served from the pool
 *   `TARGET/assets/`, where the files of older releases stay: a page from before a switch still
 *   finds its scripts. A miss there is a plain-text 404 with `Cache-Control: no-store`: never
 *   an HTML page under a `.js` address, and never a miss an edge keeps for a year.
 * - Pages resolve like `npm start`'s server (scripts/lib/static-server.ts): `/faq` and `/faq/`
 *   serve `faq/index.html` with 200 (no redirect: the site's links have no trailing slash); an
 *   unknown address gets `404.html` with status 404.
 * - Every header comes from `add_header … always` in the server block alone: nginx inherits
 *   `add_header` only into blocks that have none of their own, so no location adds any, and
 *   `always` puts them on 404s too. The value per path is a `map` of the `_headers` rules (the
 *   last matching rule wins, as in `headersFor`); an empty value sends no header.
 */
import { hashedFolders, type HeaderRule } from '../lib/headers-file.ts';
import { HOST_PATHS } from './host-paths.ts';
import { PRIVATE_FILES } from './release.ts';

export interface NginxConfigOptions {
  /** The deploy folder on the host (absolute, as given to `--to`). */
  root: string;
  /** nginx's `listen` value (`80`, `127.0.0.1:8080`). */
  listen: string;
  /** nginx's `server_name` value (`_` for any). */
  serverName: string;
  /** The parsed `_headers`. */
  rules: HeaderRule[];
  /** How the config was made, for its first comment line. */
  command: string;
}

/** A config value that nginx could read as anything but text; the message is Korean. */
export class NginxConfigError extends Error {}

const VARIABLE_PREFIX = 'insighthire_';

/** `Strict-Transport-Security` → `$insighthire_strict_transport_security`. */
const variableFor = (name: string) => `$${VARIABLE_PREFIX}${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/**
 * A double-quoted nginx string, its `"` escaped (a `Link` header quotes its `imagesrcset`); `$`
 * would start a variable and `\` an escape, so neither may appear.
 */
function text(value: string): string {
  if (/[\\$\u0000-\u001f]/.test(value))
    throw new NginxConfigError(`nginx 설정에 쓸 수 없는 문자가 있습니다: ${value}`);
  return `"${value.replaceAll('"', '\\"')}"`;
}

/**
 * A map key matching `_headers` path (`/_astro/*`) after `prefix`: `"~^/_astro/.*$"`. The path's
 * characters are checked, so nothing in it reads as a variable or ends the string.
 */
function pathKey(prefix: string, path: string): string {
  if (!/^\/[A-Za-z0-9._/*-]*$/.test(path))
    throw new NginxConfigError(`nginx 설정으로 옮길 수 없는 _headers 경로입니다: ${path}`);
  return `"~^${prefix}${path.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$"`;
}

/** Header names in file order, spelled as first written. */
function headerNames(rules: HeaderRule[]): string[] {
  const names = new Map<string, string>();
  for (const rule of rules) {
    for (const name of [...Object.keys(rule.headers), ...rule.detach]) {
      if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    }
  }
  return [...names.values()];
}

/** The map lines (`"~^/_astro/.*$" "…";`) for one header: last rule first, as first match wins. */
function mapEntries(rules: HeaderRule[], name: string, keyPrefix: string): string[] {
  const lower = name.toLowerCase();
  const entries: string[] = [];
  for (const rule of [...rules].reverse()) {
    const set = Object.entries(rule.headers).find(([candidate]) => candidate.toLowerCase() === lower)?.[1];
    const detached = rule.detach.some((candidate) => candidate.toLowerCase() === lower);
    if (set === undefined && !detached) continue;
    entries.push(`    ${pathKey(keyPrefix, rule.path)} ${text(set ?? '')};`);
  }
  return entries;
}

// eslint-disable-next-line max-lines-per-function -- the config file itself, written out as a template
export function nginxConfig({ root, listen, serverName, rules, command }: NginxConfigOptions): string {
  const folders = hashedFolders(rules);
  if (folders.length === 0)
    throw new NginxConfigError('_headers에 immutable로 캐시하는 폴더 규칙(예: /_astro/*)이 없습니다.');
  const names = headerNames(rules);
  const cacheControl = names.find((name) => name.toLowerCase() === 'cache-control');
  const pool = `${root}/${HOST_PATHS.pool}`;
  const hidden = [...PRIVATE_FILES, HOST_PATHS.deploys].map((file) => file.replace(/\./g, '\\.')).join('|');

  const maps = names.map((name) => {
    if (name !== cacheControl) {
      return [`map $uri ${variableFor(name)} {`, '    default "";', ...mapEntries(rules, name, ''), '}'].join(
        '\n',
      );
    }
    // Cache-Control depends on the status too: only a success may be cached for good.
    const misses = folders.map((folder) => `    "~^(?!200:|206:|304:)[0-9]{3}:/${folder}/" "no-store";`);
    return [
      `# ${name} by status and path: an answer under a hashed folder other than 200/206/304 (a missing`,
      '# file) is never cached, or a browser or edge would keep the miss for a year.',
      `map "$status:$uri" ${variableFor(name)} {`,
      '    default "";',
      ...misses,
      ...mapEntries(rules, name, '[0-9]{3}:'),
      '}',
    ].join('\n');
  });

  const addHeaders = names.map((name) => `    add_header ${name} ${variableFor(name)} always;`);
  const poolLocations = folders.map((folder) =>
    [
      `    location ^~ /${folder}/ {`,
      `        root ${pool};`,
      `        try_files $uri @${VARIABLE_PREFIX}missing_hashed_file;`,
      '    }',
    ].join('\n'),
  );

  return `# nginx origin config of the InsightHire site for \`npm run deploy\`'s folder layout, generated
# from public/_headers by \`${command}\`.
# Regenerate it whenever _headers changes (do not edit by hand). Include it inside \`http { }\`
# (e.g. /etc/nginx/conf.d/insighthire.conf): the maps are http-level.
#
#   ${root}/current -> releases/<id>   the live release's pages
#   ${root}/assets/                    every hashed file deployed (${folders.map((folder) => `/${folder}/`).join(', ')}), old ones too
#   ${root}/.well-known/               the host's own files (ACME, security.txt): deploys never touch them
#
# TLS: add \`listen 443 ssl http2;\` (from nginx 1.25.1: \`http2 on;\`) and the certificate here, or
# terminate TLS at the CDN in front
# (browsers speak HTTP/2 only over TLS; the pages fit the first round trip with its headers).
# Keep open_file_cache off (the default) or its entries could outlive a switch of \`current\`.

# Response headers from public/_headers by path (the last matching rule wins; "" sends none).
${maps.join('\n')}

# "/faq/" is "/faq" (as scripts/lib/static-server.ts resolves paths). volatile: computed again
# for the internal redirect to /404.html, not kept from the address that was missing.
map $uri $${VARIABLE_PREFIX}path {
    volatile;
    default $uri;
    "~^(?<${VARIABLE_PREFIX}trimmed>.+)/$" $${VARIABLE_PREFIX}trimmed;
}

server {
    listen ${listen};
    server_name ${serverName};
    server_tokens off;
    charset utf-8;
    charset_types text/css text/plain text/xml application/javascript application/json application/rss+xml image/svg+xml;
    gzip on;
    gzip_vary on;
    gzip_min_length 256;
    gzip_types text/css text/plain text/xml application/javascript application/json application/xml application/rss+xml image/svg+xml application/manifest+json;

    # \`current\` is resolved here, once per request (an internal redirect to 404.html resolves it again).
    root ${root}/current;
    set $${VARIABLE_PREFIX}release $realpath_root;

    # The site's headers: the only add_header lines of this server (see the top of this file).
${addHeaders.join('\n')}

    error_page 404 /404.html;

    location = / {
        root $${VARIABLE_PREFIX}release;
        try_files /index.html =404;
    }
    location / {
        root $${VARIABLE_PREFIX}release;
        try_files $${VARIABLE_PREFIX}path $${VARIABLE_PREFIX}path.html $${VARIABLE_PREFIX}path/index.html =404;
    }

    # Hashed files, from the pool of every release deployed.
${poolLocations.join('\n')}
    # A missing hashed file: plain text whatever its extension, never the HTML 404 page.
    location @${VARIABLE_PREFIX}missing_hashed_file {
        types { }
        default_type text/plain;
        return 404 "Not found\\n";
    }

    # The rebuild's records and the deploy's own files are never served, should one be in a release.
    location ~ ^/(?:${hidden})$ {
        return 404;
    }
    # The release's .well-known files, else the host's (${root}/.well-known/).
    location ^~ /.well-known/ {
        root $${VARIABLE_PREFIX}release;
        try_files $uri @${VARIABLE_PREFIX}host_files;
    }
    location @${VARIABLE_PREFIX}host_files {
        root ${root};
        try_files $uri =404;
    }
    location ~ /\\. {
        return 404;
    }
}
`;
}
