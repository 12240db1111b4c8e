/**
 * Search engines and sharing: meta tags, canonical addresses, JSON-LD, the sitemap, robots.txt
 * and the RSS feed, checked on the served site and on every page of the build.
 * These read HTML and XML only, so they run once (desktop project).
 */
import { test, expect, type APIRequestContext } from './support/test.ts';
import { builtPages, canonicalOf, decodeEntities, detailIds, isNoindex, jsonLdOf, metaOf } from './support/built-site';

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
    expect(decodeEntities(metaOf(page, 'twitter:title') ?? ''), path).toBe(fullTitle);
    expect(metaOf(page, 'twitter:image'), path).toBe(image);
    expect(page, path).toContain('<link rel="sitemap" type="application/xml" href="/sitemap-index.xml">');
    expect(page, path).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/rss\.xml">/);
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
  expect(indexable.filter((page) => /^\/(info\/blog|cad_archive|info\/patent)\/[^/]+\/$/.test(page.path)).length).toBe(
    detailIds('info/blog').length + detailIds('cad_archive').length + detailIds('info/patent').length,
  );
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

test('RSS: HR 이야기마다 항목 하나, 올바른 XML', async ({ request, page }) => {
  const site = await siteUrl(request);
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><rss version="2\.0"/);
  // Parsed by the browser's XML parser: a malformed feed yields <parsererror>.
  await page.goto('/robots.txt');
  const feed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const items = [...doc.querySelectorAll('channel > item')];
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      title: doc.querySelector('channel > title')?.textContent,
      link: doc.querySelector('channel > link')?.textContent,
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
  expect(feed.link).toBe(site);
  const ids = detailIds('info/blog');
  expect(feed.items).toHaveLength(ids.length);
  expect(feed.items.map((item) => item.link).sort()).toEqual(ids.map((id) => `${site}info/blog/${id}/`).sort());
  const dates = feed.items.map((item) => Date.parse(item.pubDate));
  expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  for (const item of feed.items) {
    expect(item.title).toBeTruthy();
    expect(item.description).toBeTruthy();
  }
});
