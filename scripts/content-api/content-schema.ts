/**
 * The shape of the reference server's content files (`data/*.json`).
 *
 * Each file holds the items as the API sends them (the contract's schemas) plus the few
 * fields only the server needs: the article HTML behind a detail, the topic ids an item
 * belongs to, the key of a patent detail. The server derives every response from these.
 * Image fields may be paths under `/images/`; the server turns them into absolute addresses
 * on its own origin.
 *
 * The files are checked against these schemas but served as written (see `load-content.ts`):
 * the contract's schemas clean what the site receives, and the server must be able to send
 * hostile values so that the site's handling of them can be tested. The types are therefore
 * the schemas' input (wire) types.
 */
import { z } from 'zod';
import {
  BannerSchema,
  ContentItemSchema,
  SuccessSlideSchema,
  TopicSchema,
} from '../../src/lib/api/schemas.ts';

const Html = z.string().min(1);
/** Every item in a content file links somewhere; the wire allows a missing link. */
const Item = { ...ContentItemSchema.shape, absolute_url: z.string().min(1) };

export const NewsFileSchema = z.array(
  z.object({ ...Item, title: z.string().min(1), tags: z.string(), meta_description: z.string().min(1) }),
);

export const VideoFileSchema = z.object({
  banners: z.array(BannerSchema).min(1),
  items: z.array(z.object({ ...Item, title: z.string().min(1), author_name: z.string().min(1) })),
});

export const SeminarFileSchema = z.object({
  banners: z.array(BannerSchema).min(1),
  items: z.array(z.object({ ...Item, title: z.string().min(1), addr: z.string().min(1) })),
});

export const FaqFileSchema = z.object({
  topics: z.array(z.object({ id: TopicSchema.shape.id, name: TopicSchema.shape.name })).min(1),
  items: z.array(
    z.object({
      ...Item,
      title: z.string().min(1),
      tag_ids: z.array(z.number().int()).min(1),
      post_body: Html,
    }),
  ),
});

export const HrStoryFileSchema = z.object({
  topics: z.array(z.object({ ...TopicSchema.shape, slug: z.string().min(1) })).min(1),
  items: z.array(
    z.object({
      ...Item,
      title: z.string().min(1),
      author_name: z.string().min(1),
      tag_ids: z.array(z.number().int()).min(1),
      /** Article HTML of the detail page. */
      content: Html,
    }),
  ),
});

export const PatentFileSchema = z.array(
  z.object({
    ...Item,
    title: z.string().min(1),
    /** Key of the detail: `/skillInfo/detail?tag=` and `/info/patent/{tag}`. */
    tag: z.string().regex(/^[A-Za-z0-9_-]+$/),
    views: z.number().int().nonnegative(),
    content: Html.optional(),
  }),
);

export const SuccessFileSchema = z.object({
  banners: z.array(SuccessSlideSchema).min(1),
  items: z.array(
    z.object({
      ...Item,
      title: z.string().min(1),
      author_name: z.string().min(1),
      meta_description: z.string().min(1),
      content: Html,
      tags: z.array(z.object({ name: z.string() })).optional(),
    }),
  ),
});

/** File name (in the content folder) → schema. */
export const contentFiles = {
  'news.json': NewsFileSchema,
  'videos.json': VideoFileSchema,
  'seminars.json': SeminarFileSchema,
  'faq.json': FaqFileSchema,
  'hr-stories.json': HrStoryFileSchema,
  'patents.json': PatentFileSchema,
  'success.json': SuccessFileSchema,
} as const;

export type NewsFile = z.input<typeof NewsFileSchema>;
export type VideoFile = z.input<typeof VideoFileSchema>;
export type SeminarFile = z.input<typeof SeminarFileSchema>;
export type FaqFile = z.input<typeof FaqFileSchema>;
export type HrStoryFile = z.input<typeof HrStoryFileSchema>;
export type PatentFile = z.input<typeof PatentFileSchema>;
export type SuccessFile = z.input<typeof SuccessFileSchema>;
