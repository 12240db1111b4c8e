/**
 * The content API contract (`shared/content-api.md`) as zod schemas.
 *
 * One source of truth: the build-time loaders, the browser client, the reference content
 * server and the tests all parse API JSON with these, and every TypeScript type of the
 * contract is inferred from them.
 *
 * Written with `zod/mini`, zod's tree-shakable form: the browser client validates every answer
 * with these, and classic zod would add about 20 KB (compressed) to every list page.
 */
import { z } from 'zod/mini';
import { cleanText, safeImage, safeLink } from './untrusted.ts';

// Zod compiles fast object parsers with `new Function` where it may, and probes for that once.
// The site's CSP allows no eval, and Chromium reports even the caught probe as a CSP violation;
// interpreted parsing is fast enough for these payloads (zod skips the probe when jitless).
z.config({ jitless: true });

/**
 * Every value is untrusted (see `untrusted.ts`): text is cleaned of control characters and
 * lone surrogates, links and images that fail the address policy arrive as `undefined`, so
 * no page, feed or island has to decide again. An item that breaks the contract is dropped
 * from its list rather than failing the whole answer.
 */
const text = () => z.string().check(z.overwrite(cleanText));
const requiredText = () => z.string().check(z.overwrite(cleanText), z.minLength(1));
/** A link: an http(s) address or a site path, otherwise `undefined` (no link). */
const link = () =>
  z.optional(
    z.pipe(
      z.nullable(z.string()),
      z.transform((value) => safeLink(value)),
    ),
  );
/** An image address, otherwise `undefined` (the site's fallback picture). */
const image = () =>
  z.optional(
    z.pipe(
      z.nullable(z.string()),
      z.transform((value) => safeImage(value)),
    ),
  );

/**
 * Fields holding one address (the `link()` and `image()` fields below), for code that must
 * find the addresses in an answer without taking every string that starts with `/` for one.
 */
export const ADDRESS_FIELDS = ['absolute_url', 'featured_image', 'thumb', 'logo', 'img'] as const;
/** Fields holding HTML from the API (article bodies, FAQ answers): their `href`/`src` are addresses. */
export const HTML_FIELDS = ['content', 'post_body'] as const;

// Every array of an answer is capped, so a runaway answer cannot freeze a phone or make a card
// quadratic. Longer arrays are cut, never rejected: one item with too many tags must not drop
// that item or fail its list.

/** Most objects one list answer may render. */
export const MAX_OBJECTS_PER_PAGE = 100;
/** Most topics of one topic list (FAQ categories, HR story topics). */
export const MAX_TOPICS = 1_000;
/** Most topic ids of one item. */
export const MAX_TAG_IDS = 100;
/** Most tags of one item or one article. */
export const MAX_TAGS = 100;
/** Most banners or slides of one answer. */
export const MAX_BANNERS = 100;

/**
 * An array whose invalid elements are dropped and of which at most `max` are kept. Every array
 * of the contract is one of these (a plain `z.array` would reject an item for one bad element,
 * and hand a card 10,000 tag ids).
 */
function lenientArray<T extends z.ZodMiniType>(
  element: T,
  max: number,
): z.ZodMiniType<z.output<T>[], z.input<T>[]> {
  const schema = z.pipe(
    z.array(z.unknown()),
    z.transform((values) => {
      const kept: z.output<T>[] = [];
      for (const value of values) {
        if (kept.length >= max) break;
        const parsed = element.safeParse(value);
        if (parsed.success) kept.push(parsed.data as z.output<T>);
      }
      return kept;
    }),
  );
  // Its wire type is the element's (what a server should send), though any array is accepted:
  // the reference server and the tests type their answers with it.
  return schema as unknown as z.ZodMiniType<z.output<T>[], z.input<T>[]>;
}

/** A tag on a FAQ item: the wire sends objects with a name. */
export const TagNameSchema = z.object({ name: text() });

/** A list card (the content item of every list). Field names stay snake_case as on the wire. */
export const ContentItemSchema = z.object({
  /** Stable id; also the FAQ open/closed key. */
  analytics_page_id: requiredText(),
  /** Where the card links (see the contract's "Links"); `undefined`: no link. */
  absolute_url: link(),
  html_title: z.optional(text()),
  title: z.optional(text()),
  meta_description: z.optional(text()),
  /** Missing or unsafe means the site's fallback image. */
  featured_image: image(),
  thumb: image(),
  logo: image(),
  author_name: z.optional(text()),
  /** ISO 8601 with offset, e.g. 2026-10-02T09:00:00+09:00. */
  created_time: requiredText(),
  tag_ids: z.optional(lenientArray(z.number(), MAX_TAG_IDS)),
  /** A comma separated string on news, an array of `{ name }` on FAQ. */
  tags: z.optional(z.union([text(), lenientArray(TagNameSchema, MAX_TAGS)])),
  classify: z.optional(text()),
  /** Seminars: a falsy type is shown in the ended style. */
  type: z.nullish(z.union([text(), z.number()])),
  views: z.optional(z.number()),
  no: z.optional(z.number()),
  /** Seminar place. */
  addr: z.optional(text()),
  /** FAQ answer HTML (decided in the contract); sanitised before it is shown. */
  post_body: z.optional(text()),
});

/** A topic: id and name; slug on HR story topics only. */
export const TopicSchema = z.object({
  id: z.int(),
  name: requiredText(),
  slug: z.optional(text()),
});

/** `page_size` is the total number of matching items, not a page length. */
export const PagingSchema = z.object({
  page_size: z.number(),
  start_page: z.number(),
  end_page: z.number(),
});

export const ListResponseSchema = z.object({
  objects: lenientArray(ContentItemSchema, MAX_OBJECTS_PER_PAGE),
  paging: PagingSchema,
  tags: z.optional(lenientArray(TopicSchema, MAX_TOPICS)),
});

export const BannerSchema = z.object({
  title: requiredText(),
  featured_image: image(),
  absolute_url: link(),
  created_time: z.optional(text()),
  date: z.optional(text()),
  button_text: z.optional(text()),
});

export const SuccessSlideSchema = z.object({
  title: requiredText(),
  author_name: text(),
  created_time: text(),
  absolute_url: link(),
  featured_image: image(),
  thumb: image(),
});

export const BlogDetailSchema = z.object({
  title: requiredText(),
  author: text(),
  date: text(),
  img: image(),
  /** Article HTML: untrusted, sanitised before it is shown. */
  content: text(),
  tags: lenientArray(text(), MAX_TAGS),
});

export const PatentDetailSchema = z.object({
  list: z.object({
    title: requiredText(),
    date: text(),
    img: image(),
    content: z.optional(text()),
  }),
});

export const BannerListSchema = lenientArray(BannerSchema, MAX_BANNERS);
export const SuccessSlideListSchema = lenientArray(SuccessSlideSchema, MAX_BANNERS);
export const TopicListSchema = lenientArray(TopicSchema, MAX_TOPICS);
export const ApiErrorSchema = z.object({ error: z.string() });

export type ContentItem = z.output<typeof ContentItemSchema>;
/** A list item as the wire may send it (before the contract cleaned it): the reference server's type. */
export type WireContentItem = z.input<typeof ContentItemSchema>;
export type WireListResponse = z.input<typeof ListResponseSchema>;
export type WireBlogDetail = z.input<typeof BlogDetailSchema>;
export type WirePatentDetail = z.input<typeof PatentDetailSchema>;
export type Topic = z.infer<typeof TopicSchema>;
export type Paging = z.infer<typeof PagingSchema>;
export type ListResponse = z.infer<typeof ListResponseSchema>;
export type Banner = z.infer<typeof BannerSchema>;
export type SuccessSlide = z.infer<typeof SuccessSlideSchema>;
export type BlogDetail = z.infer<typeof BlogDetailSchema>;
export type PatentDetail = z.infer<typeof PatentDetailSchema>;
