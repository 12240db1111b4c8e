/** The site search's public types, shared by the index builder, the browser searcher and the screens. */
export type SearchType = 'news' | 'hrStory' | 'faq' | 'patent' | 'success' | 'seminar' | 'video' | 'product';

export const SEARCH_TYPES: readonly SearchType[] = [
  'news',
  'hrStory',
  'faq',
  'patent',
  'success',
  'seminar',
  'video',
  'product',
];

export interface SearchDoc {
  id: string;
  type: SearchType;
  title: string;
  url: string;
  /** YYYY-MM-DD */
  date?: string;
  /** Plain text. */
  text: string;
}

export interface SearchHit {
  id: string;
  type: SearchType;
  title: string;
  url: string;
  date?: string;
  excerpt: string;
  titleMarks: [number, number][];
  excerptMarks: [number, number][];
  score: number;
}

export interface SearchResponse {
  query: string;
  hits: SearchHit[];
  /** Over all matches, before the `types` filter. */
  counts: Partial<Record<SearchType, number>>;
  total: number;
  /**
   * The first results only (`Searcher.first`): the shown results up to the first whose
   * description is still to come, their excerpts where their text is read ('' before it).
   */
  partial?: true;
}
