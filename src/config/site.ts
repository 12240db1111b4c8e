/**
 * Site configuration in one place: brand, addresses and the content API base (the company's
 * own texts are content, in data/company.ts).
 * The API base comes from `PUBLIC_CONTENT_API_URL` (declared in astro.config.mjs with astro:env).
 */
import { PUBLIC_CONTENT_API_URL } from 'astro:env/client';
import { company } from '../data/company.ts';
import { DEFAULT_SITE_URL } from '../lib/site-defaults.ts';

export const siteConfig = {
  brand: company.brand,
  brandEn: 'InsightHire',
  tagline: company.tagline,
  description: company.description,
  /** Public address of this site (canonical URLs, share links). */
  siteUrl: import.meta.env.SITE ?? DEFAULT_SITE_URL,
  /** The external inquiry page on the product's sibling site. */
  inquiryUrl: 'https://contact.insighthire.example/inquiry',
  /** The external interviewer guider site. */
  guiderUrl: 'https://guider.insighthire.example/',
  /** The external success story page linked from the operation image map. */
  successStoryUrl: 'https://contact.insighthire.example/success',
  /** Base address of the content API (production host, or the reference server locally). */
  apiBaseUrl: PUBLIC_CONTENT_API_URL,
  company: company.legal,
} as const;
