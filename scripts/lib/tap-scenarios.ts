/**
 * The visits of the tap bench (tap-bench.ts): on which list screen, what a visitor taps twice, and
 * what each tap's result looks like (tap-probe.ts reads the screen). The DOM is that of
 * src/features/lists/ (ListFrame, Pagination, SearchForm, FaqList, HrStoryList) at a 390 px wide
 * phone; labels come from src/i18n/ko.json so a copy change does not break the bench.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright';
import type { ListView, ViewExpectation } from './tap-probe.ts';
import type { TapScenario } from './tap-report.ts';

const copy = JSON.parse(readFileSync(new URL('../../src/i18n/ko.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const label = (key: string) => {
  const value = copy[key];
  if (value === undefined) throw new Error(`ko.json에 ${key}가 없습니다.`);
  return value;
};
export const paginationLabel = label('pagination.label');

/** Two news search terms that occur in titles of scripts/content-api/data/news.json, with results unlike page 1. */
export const SEARCH_TERMS = ['채용', '투자'] as const;

export interface TapStep {
  /** Untimed steps before the tap (tapping the search box and typing). */
  prepare?(page: Page): Promise<void>;
  /** What is tapped (the timing starts at its `pointerdown`) and what its result must show. */
  locate(page: Page): Promise<TapTarget>;
  /** Steps right after the tap that complete the gesture (picking an option); inside the timing. */
  complete?(page: Page, target: Locator): Promise<void>;
}

export interface TapTarget {
  target: Locator;
  /** The result, given what was on screen just before the tap. */
  expect(before: ListView): ViewExpectation;
}

export interface TapScenarioSpec extends TapScenario {
  steps: [TapStep, TapStep];
}

const pageLink = (page: Page, number: string) =>
  page.locator(`nav[aria-label="${paginationLabel}"] a`).getByText(number, { exact: true });

const pageStep = (number: (page: Page) => Promise<string>): TapStep => ({
  async locate(page) {
    const wanted = await number(page);
    return {
      target: pageLink(page, wanted),
      expect: (before) => ({ page: wanted, contentNot: before.content, firstNot: before.first, minItems: 1 }),
    };
  },
});

const news: TapScenarioSpec = {
  name: '뉴스룸',
  path: '/newsRoom',
  firstTap: '페이지 2',
  steps: [
    pageStep(async () => '2'),
    // Page 3 when the news has three pages, else back to 1.
    pageStep(async (page) => ((await pageLink(page, '3').count()) > 0 ? '3' : '1')),
  ],
};

const faqCategory = (index: number): TapStep => ({
  async locate(page) {
    const button = page
      .locator(`[role="group"][aria-label="${label('list.faq.categories')}"] button`)
      .nth(index);
    const name = ((await button.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    return {
      target: button,
      expect: (before) => ({ pressed: name, contentNot: before.content, minItems: 1 }),
    };
  },
});

const faq: TapScenarioSpec = {
  name: 'FAQ',
  path: '/faq',
  firstTap: '두 번째 분류',
  // The first button is 전체; the second is the first category.
  steps: [faqCategory(1), faqCategory(2)],
};

const searchBox = (page: Page) => page.locator('form[role="search"] input[type="search"]');

const searchStep = (term: string): TapStep => ({
  async prepare(page) {
    // Tap the box, as a visitor does, then type: the tap is the first interaction with the island.
    await searchBox(page).tap();
    await searchBox(page).fill('');
    await page.keyboard.type(term);
  },
  locate: async (page) => ({
    target: page.locator('form[role="search"] button[type="submit"]'),
    expect: (before) => ({ term, contentNot: before.content, minItems: 1 }),
  }),
});

const search: TapScenarioSpec = {
  name: '검색',
  path: '/newsRoom',
  firstTap: `검색 “${SEARCH_TERMS[0]}”`,
  steps: [searchStep(SEARCH_TERMS[0]), searchStep(SEARCH_TERMS[1])],
};

/**
 * At 390 px the topics are a `<select>` (the chips are hidden by CSS). A visitor taps it, then
 * picks an option. `locator.tap()` on a select does not block in headless Chromium (no popup holds
 * the page; the tap wakes the island), so it is a real tap. The timing starts at the pick (the
 * select's `input`, tap-probe.ts), the request: the pick follows the tap at once here, so the
 * island gets no head start from a visitor's reading time, and a pick made before it hydrated
 * is held and must count.
 */
const hrTopic = (index: number): TapStep => ({
  async locate(page) {
    const select = page.locator('#hr-topic-select');
    const name = ((await select.locator('option').nth(index).textContent()) ?? '').trim();
    return {
      target: select,
      expect: (before) => ({ headingIncludes: `#${name}`, contentNot: before.content, minItems: 1 }),
    };
  },
  async complete(_page, select) {
    await select.selectOption({ index });
  },
});

const hrStory: TapScenarioSpec = {
  name: 'HR 이야기 주제',
  path: '/hrcontents',
  firstTap: '주제 선택',
  // Option 0 is 전체.
  steps: [hrTopic(1), hrTopic(2)],
};

export const tapScenarios: readonly TapScenarioSpec[] = [news, faq, search, hrStory];
