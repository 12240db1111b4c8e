/**
 * Search engines and sharing: meta tags, canonical addresses, JSON-LD, the sitemap, robots.txt
 * and the RSS feed, checked on the served site and on every page of the build.
 * These read HTML and XML only, so they run once (desktop project).
 */
import sharp from 'sharp';
import { test, expect, type APIRequestContext } from './support/test.ts';
import {
  builtPages,
  canonicalOf,
  decodeEntities,
  detailIds,
  isNoindex,
  jsonLdOf,
  metaOf,
} from './support/built-site.ts';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'HTML와 XML만 읽는 검사라 한 번만 실행합니다.');
});

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The public site address, as the home page's canonical address names it (SITE_URL of the build). */
async function siteUrl(request: APIRequestContext): Promise<string> {
  const home = canonicalOf(await html(request, '/'));
  expect(home).toMatch(/^https?:\/\/[^/]+\/$/);
  return home!;
}

const blogId = () => detailIds('info/blog')[0]!;

test('표본 페이지의 제목, 설명, 정규 주소, Open Graph와 트위터 카드', async ({ request }) => {
  const site = await siteUrl(request);
  const samples = [
    { path: '/', title: /^인사이트하이어 \| / },
    { path: '/newsRoom', title: /^뉴스룸 \| 인사이트하이어$/ },
    { path: `/info/blog/${blogId()}`, title: / \| 인사이트하이어$/ },
    { path: '/soft-skill', title: / \| 인사이트하이어$/ },
  ];
  for (const { path, title } of samples) {
    const page = await html(request, path);
    const fullTitle = decodeEntities(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '');
    expect(fullTitle, path).toMatch(title);
    const description = metaOf(page, 'description') ?? '';
    expect(description.length, `${path} description`).toBeGreaterThan(20);

    const canonical = `${site}${path === '/' ? '' : `${path.slice(1)}/`}`;
    expect(canonicalOf(page), path).toBe(canonical);
    expect(metaOf(page, 'og:url'), path).toBe(canonical);
    expect(decodeEntities(metaOf(page, 'og:title') ?? ''), path).toBe(fullTitle);
    expect(decodeEntities(metaOf(page, 'og:description') ?? ''), path).toBe(decodeEntities(description));
    expect(metaOf(page, 'og:locale'), path).toBe('ko_KR');
    expect(metaOf(page, 'og:site_name'), path).toBe('인사이트하이어');
    expect(metaOf(page, 'og:type'), path).toMatch(/^(website|article)$/);
    const image = metaOf(page, 'og:image') ?? '';
    expect(image, path).toMatch(/^https?:\/\/.+\.(png|jpe?g|webp)$/);
    expect(metaOf(page, 'og:image:alt'), path).toBeTruthy();
    expect(metaOf(page, 'twitter:card'), path).toBe('summary_large_image');
    // X takes a card's title, description and image from og:*; a repeat would only cost bytes.
    for (const name of ['twitter:title', 'twitter:description', 'twitter:image'])
      expect(metaOf(page, name), `${path} ${name}`).toBeUndefined();
    expect(page, path).toContain('<link rel="sitemap" type="application/xml" href="/sitemap-index.xml">');
    expect(page, path).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/rss\.xml">/,
    );
    expect(page, path).toMatch(/^<!DOCTYPE html><html lang="ko"/i);
  }
  // The default share image is a real 1200×630 PNG.
  const og = await request.get('/og-default.png');
  expect(og.headers()['content-type']).toBe('image/png');
  const png = await og.body();
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);
});

test('홈의 JSON-LD: Organization과 WebSite', async ({ request }) => {
  const site = await siteUrl(request);
  const nodes = jsonLdOf(await html(request, '/'));
  expect(nodes.map((node) => node['@type']).sort()).toEqual(['Organization', 'WebSite']);
  const org = nodes.find((node) => node['@type'] === 'Organization')!;
  expect(org).toMatchObject({ '@context': 'https://schema.org', name: '인사이트하이어', url: site });
  expect(String(org.logo)).toMatch(/^https?:\/\/.+\.png$/);
  expect((await request.get(new URL(String(org.logo)).pathname)).status()).toBe(200);
  const web = nodes.find((node) => node['@type'] === 'WebSite')!;
  expect(web).toMatchObject({ url: site, inLanguage: 'ko-KR', publisher: { '@id': org['@id'] } });
});

test('상세 페이지의 JSON-LD: 홈 → 목록 → 글 BreadcrumbList', async ({ request }) => {
  const site = await siteUrl(request);
  const details = [
    { path: `/info/blog/${blogId()}`, list: 'HR 이야기', listPath: 'hrcontents' },
    { path: `/cad_archive/${detailIds('cad_archive')[0]}`, list: '성공 사례', listPath: 'helloty/page' },
    { path: `/info/patent/${detailIds('info/patent')[0]}`, list: '특허 기술 공유', listPath: 'tech' },
  ];
  for (const { path, list, listPath } of details) {
    const page = await html(request, path);
    const crumbs = jsonLdOf(page).find((node) => node['@type'] === 'BreadcrumbList');
    expect(crumbs, path).toBeTruthy();
    const items = crumbs!.itemListElement as { position: number; name: string; item: string }[];
    const h1 = decodeEntities(/<h1[^>]*>([^<]*)</.exec(page)?.[1] ?? '').trim();
    expect(items, path).toEqual([
      { '@type': 'ListItem', position: 1, name: '홈', item: site },
      { '@type': 'ListItem', position: 2, name: list, item: `${site}${listPath}` },
      { '@type': 'ListItem', position: 3, name: h1, item: canonicalOf(page) },
    ]);
  }
});

// DetailPage.astro passes BaseLayout's `article` prop ({ published, author, section, tags }) for
// HR and success stories.
test('HR 이야기 상세의 JSON-LD: BlogPosting과 og:type article', async ({ request }) => {
  const page = await html(request, `/info/blog/${blogId()}`);
  const post = jsonLdOf(page).find((node) => node['@type'] === 'BlogPosting')!;
  const h1 = decodeEntities(/<h1[^>]*>([^<]*)</.exec(page)?.[1] ?? '').trim();
  expect(post).toMatchObject({
    '@context': 'https://schema.org',
    headline: h1,
    url: canonicalOf(page),
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonicalOf(page) },
    publisher: { '@type': 'Organization', name: '인사이트하이어' },
  });
  expect(String(post.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}/);
  expect((post.image as string[])[0]).toMatch(/^https?:\/\//);
  expect((post.author as { name: string }[])[0]?.name).toBeTruthy();
  expect(metaOf(page, 'og:type')).toBe('article');
  expect(metaOf(page, 'article:published_time')).toBe(post.datePublished);
});

test('모든 페이지의 JSON-LD가 파싱되고 스크립트를 닫을 수 있는 < 가 없다', () => {
  for (const { path, html: page } of builtPages()) {
    for (const match of page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      expect(match[1], path).not.toContain('<');
      const nodes = [JSON.parse(match[1]!)].flat() as Record<string, unknown>[];
      for (const node of nodes) {
        expect(node['@context'], path).toBe('https://schema.org');
        expect(typeof node['@type'], path).toBe('string');
      }
    }
  }
});

test('모든 페이지의 HTML에 h1이 하나씩 있다 (브라우저에서 글을 불러오는 상세 주소도)', () => {
  const counts = builtPages().map(({ path, html: page }) => ({
    path,
    h1: page.match(/<h1[\s>]/g)?.length ?? 0,
  }));
  expect(counts.filter(({ h1 }) => h1 !== 1)).toEqual([]);
  // The query forms of a detail are pre-rendered in their loading state: the section is their heading.
  for (const [path, heading] of [
    ['/info/blog/', 'HR 이야기'],
    ['/cad_archive/', '성공 사례'],
    ['/info/patent/', '특허 기술 공유'],
  ] as const) {
    const page = builtPages().find((p) => p.path === path)!.html;
    expect(decodeEntities(/<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1] ?? ''), path).toBe(heading);
  }
});

/** `<title>` and description of a page, decoded. */
function titleAndDescription(page: string): { title: string; description: string } {
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? ''),
    description: decodeEntities(metaOf(page, 'description') ?? ''),
  };
}

test('색인할 페이지의 제목과 설명은 페이지마다 다르고, 같으면 정규 주소가 하나다', () => {
  const indexable = builtPages().filter((page) => !isNoindex(page.html));
  for (const key of ['title', 'description'] as const) {
    const byValue = new Map<string, { path: string; canonical: string | undefined }[]>();
    for (const page of indexable) {
      const value = titleAndDescription(page.html)[key];
      expect(value, `${page.path} ${key}`).toBeTruthy();
      byValue.set(value, [
        ...(byValue.get(value) ?? []),
        { path: page.path, canonical: canonicalOf(page.html) },
      ]);
    }
    // Pages that share a title or description are one page for search engines: the same canonical address.
    const shared = [...byValue].filter(([, pages]) => new Set(pages.map((page) => page.canonical)).size > 1);
    expect(shared, key).toEqual([]);
  }
});

test('/helloty, /helloty/page, /success_story: 같은 제목과 설명이지만 정규 주소가 /success_story/ 하나라 중복 색인되지 않는다', async ({
  request,
}) => {
  const site = await siteUrl(request);
  const trio = ['/helloty/', '/helloty/page/', '/success_story/'].map((path) =>
    builtPages().find((page) => page.path === path)!,
  );
  const [first, ...others] = trio.map((page) => titleAndDescription(page.html));
  for (const other of others) expect(other).toEqual(first);
  for (const page of trio) {
    expect(canonicalOf(page.html), page.path).toBe(`${site}success_story/`);
    expect(metaOf(page.html, 'og:url'), page.path).toBe(`${site}success_story/`);
    expect(isNoindex(page.html), page.path).toBe(false);
  }
  // Only the canonical address is in the sitemap (the sitemap test checks the rest).
  const urls = await sitemapUrls(request);
  expect(urls).toContain(`${site}success_story/`);
  expect(urls.filter((url) => url.startsWith(`${site}helloty`))).toEqual([]);
});

test('모든 og:image가 200으로 답하고, 선언한 형식과 og:image:width × og:image:height 크기다', async ({
  request,
}) => {
  const declared = new Map<string, { type: string; width: number; height: number; pages: string[] }>();
  for (const { path, html: page } of builtPages()) {
    const image = metaOf(page, 'og:image');
    expect(image, path).toMatch(/^https?:\/\//);
    const meta = {
      type: metaOf(page, 'og:image:type') ?? '',
      width: Number(metaOf(page, 'og:image:width')),
      height: Number(metaOf(page, 'og:image:height')),
    };
    const known = declared.get(image!);
    if (known) expect({ ...meta, pages: known.pages }, `${path}: ${image}`).toEqual(known);
    declared.set(image!, { ...meta, pages: [...(known?.pages ?? []), path] });
  }
  for (const [image, { type, width, height, pages }] of declared) {
    const response = await request.get(new URL(image).pathname);
    expect(response.status(), `${image} (${pages[0]})`).toBe(200);
    expect(response.headers()['content-type'], image).toBe(type);
    const size = await sharp(await response.body()).metadata();
    expect({ width: size.width, height: size.height }, image).toEqual({ width, height });
  }
  expect(declared.size).toBeGreaterThan(10);
});

/** Every `<loc>` of the sitemap index's sitemaps. */
async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const indexXml = await index.text();
  expect(indexXml).toContain('<sitemapindex');
  const sitemaps = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(sitemaps.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(new URL(sitemap).pathname)).text();
    expect(xml).toContain('<urlset');
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!)));
  }
  return urls;
}

test('사이트맵: 색인할 모든 페이지의 정규 주소가 있고, 그 밖의 주소는 없다', async ({ request }) => {
  const urls = await sitemapUrls(request);
  expect(new Set(urls).size).toBe(urls.length);
  const site = await siteUrl(request);
  const pages = builtPages();
  const indexable = pages.filter((page) => !isNoindex(page.html));
  // Details are in: every pre-rendered HR story, success story and patent.
  expect(
    indexable.filter((page) => /^\/(info\/blog|cad_archive|info\/patent)\/[^/]+\/$/.test(page.path)).length,
  ).toBe(detailIds('info/blog').length + detailIds('cad_archive').length + detailIds('info/patent').length);
  for (const page of indexable) {
    const canonical = canonicalOf(page.html);
    expect(canonical, page.path).toBeTruthy();
    expect(urls, `${page.path} → ${canonical}`).toContain(canonical);
  }
  for (const page of pages.filter((p) => isNoindex(p.html))) {
    expect(canonicalOf(page.html), page.path).toBeUndefined();
    expect(urls, page.path).not.toContain(`${site}${page.path.slice(1)}`);
  }
  // Each listed address is a built, indexable page that names itself as canonical.
  const byUrl = new Map(pages.map((page) => [`${site}${page.path.slice(1)}`, page]));
  for (const url of urls) {
    const page = byUrl.get(url);
    expect(page, url).toBeTruthy();
    expect(isNoindex(page!.html), url).toBe(false);
    expect(canonicalOf(page!.html), url).toBe(url);
  }
});

test('robots.txt는 모두 허용하고 사이트맵을 알려 준다', async ({ request }) => {
  const site = await siteUrl(request);
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  expect(text).not.toMatch(/^Disallow: \/\S/m);
  expect(text).toContain(`Sitemap: ${site}sitemap-index.xml`);
});

test('RSS: HR 이야기마다 항목 하나, 자기 주소(atom:link rel="self"), 올바른 XML', async ({
  request,
  page,
  site,
}) => {
  const siteAddress = await siteUrl(request);
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><rss version="2\.0"/);
  // Parsed by the browser's XML parser: a malformed feed yields <parsererror>.
  await site.goto('/robots.txt');
  const feed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const items = [...doc.querySelectorAll('channel > item')];
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      title: doc.querySelector('channel > title')?.textContent,
      link: doc.querySelector('channel > link')?.textContent,
      self: [...doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')].map((link) => ({
        parent: link.parentElement?.tagName,
        href: link.getAttribute('href'),
        rel: link.getAttribute('rel'),
        type: link.getAttribute('type'),
      })),
      items: items.map((item) => ({
        title: item.querySelector('title')?.textContent ?? '',
        link: item.querySelector('link')?.textContent ?? '',
        pubDate: item.querySelector('pubDate')?.textContent ?? '',
        description: item.querySelector('description')?.textContent ?? '',
      })),
    };
  }, xml);
  expect(feed.error).toBeNull();
  expect(feed.title).toContain('HR 이야기');
  expect(feed.link).toBe(siteAddress);
  // The feed names its own address (RSS best practice, asked for by the W3C feed validator).
  expect(feed.self).toEqual([
    { parent: 'channel', href: `${siteAddress}rss.xml`, rel: 'self', type: 'application/rss+xml' },
  ]);
  const ids = detailIds('info/blog');
  expect(feed.items).toHaveLength(ids.length);
  expect(feed.items.map((item) => item.link).sort()).toEqual(
    ids.map((id) => `${siteAddress}info/blog/${id}/`).sort(),
  );
  const dates = feed.items.map((item) => Date.parse(item.pubDate));
  expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  for (const item of feed.items) {
    expect(item.title).toBeTruthy();
    expect(item.description).toBeTruthy();
  }
});
