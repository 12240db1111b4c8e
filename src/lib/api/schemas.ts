/**
 * The content API contract (`shared/content-api.md`) as zod schemas.
 *
 * One source of truth: the build-time loaders, the browser client, the reference content
 * server and the tests all parse API JSON with these, and every TypeScript type of the
 * contract is inferred from them.
 */
import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` where it may, and probes for that once.
// The site's CSP allows no eval, and Chromium reports even the caught probe as a CSP violation;
// interpreted parsing is fast enough for these payloads (zod skips the probe when jitless).
z.config({ jitless: true });

/** A tag on a FAQ item: the wire sends objects with a name. */
export const TagNameSchema = z.object({ name: z.string() });

/** A list card (spec §3). Field names stay snake_case as on the wire. */
export const ContentItemSchema = z.object({
  /** Stable id; also the FAQ open/closed key. */
  analytics_page_id: z.string().min(1),
  /** Where the card links (see the contract's "Links"). */
  absolute_url: z.string().min(1),
  html_title: z.string().optional(),
  title: z.string().optional(),
  meta_description: z.string().optional(),
  /** Missing or empty means the site's fallback image. */
  featured_image: z.string().nullish(),
  thumb: z.string().nullish(),
  logo: z.string().nullish(),
  author_name: z.string().optional(),
  /** ISO 8601 with offset, e.g. 2026-10-02T09:00:00+09:00. */
  created_time: z.string().min(1),
  tag_ids: z.array(z.number()).optional(),
  /** A comma separated string on news, an array of `{ name }` on FAQ. */
  tags: z.union([z.string(), z.array(TagNameSchema)]).optional(),
  classify: z.string().optional(),
  /** Seminars: a falsy type is shown in the ended style. */
  type: z.union([z.string(), z.number()]).nullish(),
  views: z.number().optional(),
  no: z.number().optional(),
  /** Seminar place. */
  addr: z.string().optional(),
  /** FAQ answer HTML (decided in the contract). */
  post_body: z.string().optional(),
});

/** A topic: id and name; slug on HR story topics only. */
export const TopicSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  slug: z.string().optional(),
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
  tags: z.array(TopicSchema).optional(),
});

export const BannerSchema = z.object({
  title: z.string().min(1),
  featured_image: z.string().nullish(),
  absolute_url: z.string().min(1),
  created_time: z.string().optional(),
  date: z.string().optional(),
  button_text: z.string().optional(),
});

export const SuccessSlideSchema = z.object({
  title: z.string().min(1),
  author_name: z.string(),
  created_time: z.string(),
  absolute_url: z.string().min(1),
  featured_image: z.string().nullish(),
  thumb: z.string().nullish(),
});

export const BlogDetailSchema = z.object({
  title: z.string().min(1),
  author: z.string(),
  date: z.string(),
  img: z.string().nullish(),
  /** Article HTML: untrusted, sanitised before it is shown. */
  content: z.string(),
  tags: z.array(z.string()),
});

export const PatentDetailSchema = z.object({
  list: z.object({
    title: z.string().min(1),
    date: z.string(),
    img: z.string().nullish(),
    content: z.string().optional(),
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
