/** What a page tells the layout about itself when it is an article (HR story, success story…). */
export interface ArticleMeta {
  /** ISO 8601 publication date or date-time (`article:published_time`, `datePublished`). */
  published: string;
  /** ISO 8601 date of the last change; the publication date when absent. */
  modified?: string | undefined;
  /** The byline: a person or a team. */
  author?: string | undefined;
  /** The section the article belongs to (`article:section`), e.g. `HR 이야기`. */
  section?: string | undefined;
  tags?: string[] | undefined;
  /** schema.org type of the article's JSON-LD; `BlogPosting` unless said otherwise. */
  schemaType?: 'BlogPosting' | 'Article' | undefined;
}
