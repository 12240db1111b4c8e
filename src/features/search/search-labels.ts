/** The content types of the site search, in the order their chips appear, with their Korean labels. */
import { t } from '../../i18n/index.ts';
import { SEARCH_TYPES, type SearchType } from '../../lib/search/format/types.ts';

/** The engine's own list of types: the chips follow its order. */
export const searchTypes: readonly SearchType[] = SEARCH_TYPES;

// Literal keys: the build puts the strings in place of `t()` (src/integrations/ui-copy).
const labels: Readonly<Record<SearchType, string>> = {
  news: t('search.type.news'),
  hrStory: t('search.type.hrStory'),
  faq: t('search.type.faq'),
  patent: t('search.type.patent'),
  success: t('search.type.success'),
  seminar: t('search.type.seminar'),
  video: t('search.type.video'),
  product: t('search.type.product'),
};

/** The type's label, as the result and its chip show it. */
export function typeLabel(type: SearchType): string {
  return labels[type];
}

/** True for one of the search's types (a value read from the address is checked with it). */
export function isSearchType(value: unknown): value is SearchType {
  return typeof value === 'string' && (searchTypes as readonly string[]).includes(value);
}
