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

// Zod compiles fast object parsers with `new Function` where it may, and probes for that once.
// The site's CSP allows no eval, and Chromium reports even the caught probe as a CSP violation;
// interpreted parsing is fast enough for these payloads (zod skips the probe when jitless).
z.config({ jitless: true });

/** A tag on a FAQ item: the wire sends objects with a name. */
export const TagNameSchema = z.object({ name: z.string() });

/** A list card (spec §3). Field names stay snake_case as on the wire. */
export const ContentItemSchema = z.object({
  /** Stable id; also the FAQ open/closed key. */
  analytics_page_id: z.string().check(z.minLength(1)),
  /** Where the card links (see the contract's "Links"). */
  absolute_url: z.string().check(z.minLength(1)),
  html_title: z.optional(z.string()),
  title: z.optional(z.string()),
  meta_description: z.optional(z.string()),
  /** Missing or empty means the site's fallback image. */
  featured_image: z.nullish(z.string()),
  thumb: z.nullish(z.string()),
  logo: z.nullish(z.string()),
  author_name: z.optional(z.string()),
  /** ISO 8601 with offset, e.g. 2026-10-02T09:00:00+09:00. */
  created_time: z.string().check(z.minLength(1)),
  tag_ids: z.optional(z.array(z.number())),
  /** A comma separated string on news, an array of `{ name }` on FAQ. */
  tags: z.optional(z.union([z.string(), z.array(TagNameSchema)])),
  classify: z.optional(z.string()),
  /** Seminars: a falsy type is shown in the ended style. */
  type: z.nullish(z.union([z.string(), z.number()])),
  views: z.optional(z.number()),
  no: z.optional(z.number()),
  /** Seminar place. */
  addr: z.optional(z.string()),
  /** FAQ answer HTML (decided in the contract). */
  post_body: z.optional(z.string()),
});

/** A topic: id and name; slug on HR story topics only. */
export const TopicSchema = z.object({
  id: z.int(),
  name: z.string().check(z.minLength(1)),
  slug: z.optional(z.string()),
});

/** `page_size` is the total number of matching items, not a page length. */
export const PagingSchema = z.object({
  page_size: z.number(),
  start_page: z.number(),
  end_page: z.number(),
});

export const ListResponseSchema = z.object({
  objects: z.array(ContentItemSchema),
  paging: PagingSchema,
  tags: z.optional(z.array(TopicSchema)),
});

export const BannerSchema = z.object({
  title: z.string().check(z.minLength(1)),
  featured_image: z.nullish(z.string()),
  absolute_url: z.string().check(z.minLength(1)),
  created_time: z.optional(z.string()),
  date: z.optional(z.string()),
  button_text: z.optional(z.string()),
});

export const SuccessSlideSchema = z.object({
  title: z.string().check(z.minLength(1)),
  author_name: z.string(),
  created_time: z.string(),
  absolute_url: z.string().check(z.minLength(1)),
  featured_image: z.nullish(z.string()),
  thumb: z.nullish(z.string()),
});

export const BlogDetailSchema = z.object({
  title: z.string().check(z.minLength(1)),
  author: z.string(),
  date: z.string(),
  img: z.nullish(z.string()),
  /** Article HTML: untrusted, sanitised before it is shown. */
  content: z.string(),
  tags: z.array(z.string()),
});

export const PatentDetailSchema = z.object({
  list: z.object({
    title: z.string().check(z.minLength(1)),
    date: z.string(),
    img: z.nullish(z.string()),
    content: z.optional(z.string()),
  }),
});

export const BannerListSchema = z.array(BannerSchema);
export const SuccessSlideListSchema = z.array(SuccessSlideSchema);
export const TopicListSchema = z.array(TopicSchema);
export const ApiErrorSchema = z.object({ error: z.string() });

export type ContentItem = z.infer<typeof ContentItemSchema>;
export type Topic = z.infer<typeof TopicSchema>;
export type Paging = z.infer<typeof PagingSchema>;
export type ListResponse = z.infer<typeof ListResponseSchema>;
export type Banner = z.infer<typeof BannerSchema>;
export type SuccessSlide = z.infer<typeof SuccessSlideSchema>;
export type BlogDetail = z.infer<typeof BlogDetailSchema>;
export type PatentDetail = z.infer<typeof PatentDetailSchema>;
