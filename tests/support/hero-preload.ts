/**
 * The home's hero preload checked against the home's own HTML, for the tests of every host: a
 * `Link` header value, parsed on its own (not with the build's code), against the first
 * `<source>` of the `<picture>` whose `<img>` has `fetchpriority="high"`. Returns what differs
 * (empty when the header says what the picture says), so a failure reads as a list.
 */

/** The attributes of the hero's `<source>` in `html`. */
export function heroSource(html: string): Record<string, string> {
  const picture = [...html.matchAll(/<picture\b[^>]*>[\s\S]*?<\/picture>/g)]
    .map(([match]) => match)
    .find((match) => /<img\b[^>]*\sfetchpriority="high"/.test(match));
  const source = picture && /<source\b[^>]*>/.exec(picture)?.[0];
  if (!source) throw new Error('홈 HTML에 fetchpriority="high"인 <picture>의 <source>가 없습니다.');
  return attributesOf(source);
}

/** The character references an attribute value of ours can hold (`media="(width&gt;980px)"`). */
const references: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries(
    [...tag.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name!,
      value!.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => references[name]!),
    ]),
  );
}

/** `<url>; name=value; name="quoted value"` → the URL and the parameters (RFC 8288, one link). */
export function parseLink(value: string): { url: string; params: Record<string, string> } | undefined {
  const match = /^<([^>]*)>((?:\s*;\s*[\w-]+(?:=(?:"[^"]*"|[^";,\s]+))?)*)\s*$/.exec(value);
  if (!match) return undefined;
  const params = [...match[2]!.matchAll(/;\s*([\w-]+)(?:=(?:"([^"]*)"|([^";,\s]+)))?/g)].map(
    ([, name, quoted, token]) => [name!.toLowerCase(), quoted ?? token ?? ''],
  );
  return { url: match[1]!, params: Object.fromEntries(params) };
}

/** What the `Link` value `link` gets wrong about the hero of `html` (empty: nothing). */
export function heroPreloadProblems(link: string | null | undefined, html: string): string[] {
  if (!link) return ['Link 헤더가 없습니다.'];
  const parsed = parseLink(link);
  if (!parsed) return [`Link 헤더를 읽을 수 없습니다 (링크 하나여야 합니다): ${link}`];
  const source = heroSource(html);
  // A source of one file (whatever its descriptor) is named by the link's address alone.
  const choice = (source.srcset?.split(',').filter((candidate) => candidate.trim()).length ?? 0) > 1;
  const expected: Record<string, string | undefined> = {
    url: source.srcset?.split(/\s+/)[0],
    rel: 'preload',
    as: 'image',
    type: source.type,
    imagesrcset: choice ? source.srcset : undefined,
    imagesizes: choice ? source.sizes : undefined,
    media: source.media,
    fetchpriority: 'high',
  };
  const actual: Record<string, string | undefined> = { url: parsed.url, ...parsed.params };
  return Object.entries(expected)
    .filter(([name, value]) => actual[name] !== value)
    .map(([name, value]) => `${name}: ${JSON.stringify(actual[name])} (HTML: ${JSON.stringify(value)})`);
}
