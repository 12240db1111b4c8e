/**
 * The share pictures (`og:image`) of the detail and product pages, drawn at build time:
 * `/og/info/blog/hr-0001.jpg`, `/og/cad_archive/<id>.jpg`, `/og/info/patent/<tag>.jpg`,
 * `/og/soft-skill.jpg`… (src/lib/og/). Each path's `cacheKey` is the digest of what its picture
 * shows, so an unchanged item's picture is restored from the incremental build cache instead of
 * drawn again; when Astro's cache is dropped (any code change), the store of drawn pictures
 * (src/lib/og/share-pictures.ts) still has it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { siteConfig } from '../../config/site.ts';
import { productSlugs } from '../../data/products.ts';
import { pageShareCards } from '../../data/share-cards.ts';
import type { RenderOptions } from '../../lib/og/render-share-image.ts';
import { buildSharePictures, sharePicture } from '../../lib/og/share-pictures.ts';
import { detailShareCard, detailSharePage, shareCardKey, type ShareCard } from '../../lib/og/share-cards.ts';
import type { DetailKind } from '../../lib/routes.ts';

// A product page's picture shows its first illustration (the one at the top of the page).
const illustrations = import.meta.glob<string>('../../assets/products/*-1.svg', {
  eager: true,
  query: '?raw',
  import: 'default',
});

export const getStaticPaths = (async () => {
  const [hrStories, successStories, patents] = await Promise.all([
    getCollection('hrStories'),
    getCollection('successStories'),
    getCollection('patents'),
  ]);
  const detail = (kind: DetailKind, id: string, data: { title: string; img?: string | null | undefined }) => {
    const card = detailShareCard(kind, data);
    return { params: { page: detailSharePage(kind, id) }, props: { card }, cacheKey: shareCardKey(card) };
  };
  // A static page's picture: its words (src/data/share-cards.ts), no picture from the API.
  const pages = Object.entries(pageShareCards).map(([page, { title, eyebrow }]) => {
    const illustration = (productSlugs as string[]).includes(page)
      ? illustrations[`../../assets/products/${page}-1.svg`]
      : undefined;
    const card: ShareCard = { title, eyebrow, image: null, localImage: illustration ?? null };
    return { params: { page }, props: { card }, cacheKey: shareCardKey(card) };
  });
  const paths = [
    ...hrStories.map((entry) => detail('blog', entry.id, entry.data.detail)),
    ...successStories.map((entry) => detail('success', entry.id, entry.data.detail)),
    ...patents.map((entry) => detail('patent', entry.id, entry.data.detail)),
    ...pages,
  ];
  // A build starts drawing the pictures it lacks now, on every core, ahead of Astro's GETs.
  buildSharePictures()?.prepare(
    paths.map((path) => path.props.card),
    renderOptions(),
  );
  return paths;
}) satisfies GetStaticPaths;

/** How every picture is drawn: the brand, the site's host, the API whose pictures may be fetched. */
function renderOptions(): RenderOptions {
  return {
    apiOrigin: new URL(siteConfig.apiBaseUrl).origin,
    brand: siteConfig.brand,
    host: new URL(siteConfig.siteUrl).host,
  };
}

export const GET: APIRoute<{ card: ShareCard }> = async ({ props }) => {
  const jpeg = await sharePicture(props.card, renderOptions());
  return new Response(new Uint8Array(jpeg), { headers: { 'Content-Type': 'image/jpeg' } });
};
