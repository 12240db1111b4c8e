/**
 * Builders of the schema.org structured data (JSON-LD) the pages emit, and the one serialiser
 * that makes it safe inside a `<script type="application/ld+json">` element.
 *
 * Pure functions: every address comes in absolute, so the same input always gives the same
 * object (unit-tested in json-ld.test.ts).
 */

/** A JSON-LD node: a plain JSON object with at least a `@type`. */
export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * The JSON text of one node or a list of nodes, with every `<` written as `\u003c` so that
 * content from the API (titles, descriptions) can never close the script element (`</script>`)
 * or open a comment (`<!--`). `>` and `&` are harmless inside a script element's raw text.
 * U+2028/U+2029 are escaped as well so the text stays valid in every JavaScript parser.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface OrganizationInput {
  /** Absolute address of the site (`https://…/`). */
  url: string;
  name: string;
  /** Other names, e.g. the English brand. */
  alternateName?: string;
  legalName?: string;
  /** Absolute address of the logo image. */
  logo: string;
  email?: string;
  telephone?: string;
  /** Street address in one line. */
  address?: string;
  /** Profiles on other sites (`sameAs`). */
  sameAs?: string[];
}

/** `Organization` for the home page (Google's knowledge panel, Naver's site info). */
export function organizationJsonLd(input: OrganizationInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${input.url}#organization`,
    name: input.name,
    ...(input.alternateName ? { alternateName: input.alternateName } : {}),
    ...(input.legalName ? { legalName: input.legalName } : {}),
    url: input.url,
    logo: input.logo,
    ...(input.email ? { email: input.email } : {}),
    ...(input.telephone ? { telephone: input.telephone } : {}),
    ...(input.address
      ? { address: { '@type': 'PostalAddress', streetAddress: input.address, addressCountry: 'KR' } }
      : {}),
    ...(input.sameAs?.length ? { sameAs: input.sameAs } : {}),
  };
}

export interface WebSiteInput {
  url: string;
  name: string;
  alternateName?: string;
  description?: string;
  /** BCP 47 language of the site. */
  inLanguage?: string;
}

/** `WebSite` for the home page; its publisher is the Organization node of the same page. */
export function webSiteJsonLd(input: WebSiteInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${input.url}#website`,
    name: input.name,
    ...(input.alternateName ? { alternateName: input.alternateName } : {}),
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    inLanguage: input.inLanguage ?? 'ko-KR',
    publisher: { '@id': `${input.url}#organization` },
  };
}

/** One step of a breadcrumb trail. */
export interface Crumb {
  name: string;
  /** Absolute address; the last step (the page itself) may leave it out. */
  url?: string;
}

/** `BreadcrumbList` from the home to the page itself, positions counted from 1. */
export function breadcrumbListJsonLd(trail: Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

export interface BlogPostingInput {
  /** Absolute canonical address of the article. */
  url: string;
  headline: string;
  description?: string;
  /** Absolute image addresses; empty when the article has none. */
  images: string[];
  /** ISO 8601 date or date-time. */
  datePublished: string;
  dateModified?: string;
  /** A person or a team; an author without a name is left out. */
  author?: string;
  publisher: { name: string; logo: string; url: string };
  keywords?: string[];
  /** `BlogPosting` (HR and success stories) or a plain `Article`. */
  type?: 'BlogPosting' | 'Article';
}

/**
 * Whether a byline names a team or a person: Korean bylines of teams end in a unit word
 * (`인사팀`, `인사혁신부`, `HR연구소`), people's in a name or a job title (`HR연구소장`).
 */
export function authorTypeOf(author: string): 'Person' | 'Organization' {
  return /(팀|부|실|연구소|센터|재단|본부|그룹)$/.test(author.trim()) ? 'Organization' : 'Person';
}

/** Google's longest accepted headline; longer ones are cut with an ellipsis. */
export const MAX_HEADLINE = 110;

/** `BlogPosting` (or `Article`) for a detail page, with the properties of Google's article example. */
export function blogPostingJsonLd(input: BlogPostingInput): JsonLd {
  const headline =
    input.headline.length > MAX_HEADLINE ? `${input.headline.slice(0, MAX_HEADLINE - 1)}…` : input.headline;
  const keywords = input.keywords?.map((k) => k.trim()).filter(Boolean) ?? [];
  return {
    '@context': CONTEXT,
    '@type': input.type ?? 'BlogPosting',
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    headline,
    ...(input.description ? { description: input.description } : {}),
    ...(input.images.length ? { image: input.images } : {}),
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    ...(input.author?.trim()
      ? { author: [{ '@type': authorTypeOf(input.author), name: input.author.trim() }] }
      : {}),
    publisher: {
      '@type': 'Organization',
      name: input.publisher.name,
      url: input.publisher.url,
      logo: { '@type': 'ImageObject', url: input.publisher.logo },
    },
    ...(keywords.length ? { keywords: keywords.join(', ') } : {}),
    inLanguage: 'ko-KR',
  };
}
