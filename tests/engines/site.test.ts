/**
 * What a visitor does, in WebKit (MiniBrowser) and Firefox ESR, at 390 and 1440 px: every route,
 * two lists (paging, search, back and forward), the FAQ, the HR story topics, the home tabs, a
 * slider, a detail page and its live fallback, and the error state with 다시 시도. Screenshots
 * of the home, a list, the FAQ and a detail go to test-results/engines/.
 *
 * `ENGINES=webkit|firefox` runs one engine; `ENGINES_WIDTHS=390` one width.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { staticRoutes } from '../e2e/support/routes.ts';
import type { Driver, EngineName } from './driver.ts';
import { launchFirefox } from './firefox.ts';
import { Site } from './page.ts';
import { launchWebKit } from './webkit.ts';

const siteUrl = inject('siteUrl');
const apiUrl = inject('apiUrl');
const display = inject('display');
const engines = (process.env.ENGINES ?? 'webkit,firefox').split(',').filter(Boolean) as EngineName[];
const widths = (process.env.ENGINES_WIDTHS ?? '390,1440').split(',').map(Number);
const shots = fileURLToPath(new URL('../../test-results/engines/', import.meta.url));

const PAGING = 'nav[aria-label="페이지"]';
const CURRENT = `${PAGING} [aria-current="page"]`;
const SEARCH_BOX = 'form[role="search"] input[type="search"]';
/** The first FAQ question: the <summary> of a native <details>, its answer the details' content. */
const FAQ_QUESTION = 'details > summary[id^="faq-q-"]';

/**
 * Runs in the page: whether the question's row is open (`open`) or closed, and its answer shown or
 * hidden to match. A closed row's content keeps its layout box in both engines (content-visibility
 * hidden), so its size says nothing: checkVisibility() does.
 */
function faqAnswerShown(selector: string, open: boolean): boolean {
  const row = document.querySelector(selector)!.parentElement as HTMLDetailsElement;
  const answer = row.querySelector<HTMLElement>('[id^="faq-a-"]')!;
  return row.open === open && answer.checkVisibility() === open;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(apiUrl + path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function setFaults(faults: Record<string, number>): Promise<void> {
  await fetch(`${apiUrl}/__engines/faults`, { method: 'POST', body: JSON.stringify(faults) });
}

/** Holds back the site's files whose path starts with `prefix` until called with none (servers.ts). */
async function holdSiteFiles(prefix?: string): Promise<void> {
  await fetch(`${siteUrl}/__engines/hold`, {
    method: 'POST',
    body: JSON.stringify(prefix ? { prefix } : {}),
  });
}

interface ListAnswer {
  objects: { analytics_page_id: string; title?: string; html_title?: string }[];
}

for (const engine of engines) {
  describe(engine, () => {
    let driver: Driver;
    let site: Site;

    beforeAll(async () => {
      driver =
        engine === 'webkit'
          ? await launchWebKit({ port: Number(process.env.ENGINES_WEBDRIVER_PORT || 4797), display })
          : await launchFirefox();
      site = new Site(driver, siteUrl);
      console.log(`${engine}: ${driver.version}`);
    });

    afterAll(async () => {
      await driver?.close();
      await setFaults({});
      await holdSiteFiles();
    });

    for (const width of widths) {
      const height = width < 600 ? 844 : 900;
      const mobile = width <= 980;

      describe(`${width}px`, () => {
        beforeAll(async () => {
          await driver.setViewport(width, height);
        });

        /** No script error, failed load of the site's files or CSP violation on the page so far. */
        async function expectNoErrors(where: string) {
          expect(await site.errors(), where).toEqual([]);
        }

        test('모든 경로: 제목과 푸터가 보이고 오류가 없다', async () => {
          for (const route of staticRoutes) {
            await site.open(route.path);
            expect(await site.text('h1'), route.path).toMatch(route.heading);
            // The footer's styles arrive after the first paint (it is hidden until then), so
            // it is waited for rather than checked at once.
            await site.waitFor(
              () => {
                const el = document.querySelector('footer, [role="contentinfo"]');
                const box = el?.getBoundingClientRect();
                return !!el && !!box && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
              },
              [],
              `${route.path}: 푸터`,
            );
            const overflow = await driver.evaluate(() => document.documentElement.scrollWidth - innerWidth);
            expect(overflow, `${route.path}: 가로로 넘치는 너비`).toBeLessThanOrEqual(0);
            await expectNoErrors(route.path);
          }
        });

        for (const list of [
          { path: '/newsRoom', region: '뉴스 목록', term: '채용', title: 'h2' },
          { path: '/tech', region: '특허 목록', term: '면접', title: 'tbody a' },
        ]) {
          test(`${list.path}: 페이지 이동, 검색, 뒤로와 앞으로`, async () => {
            const region = `section[aria-label="${list.region}"]`;
            const firstTitle = `${region} ${list.title}`;
            const ready = () =>
              site.waitFor(
                (sel: string) => document.querySelector(sel)?.getAttribute('aria-busy') === 'false',
                [region],
                `${list.region} 준비`,
              );
            await site.open(list.path);
            expect(await site.text(CURRENT)).toBe('1');
            const pageOne = await site.text(firstTitle);

            await site.clickText(`${PAGING} a`, '2');
            await site.waitForLocation(/[?&]page=2(&|$)/);
            await site.waitFor(
              (sel: string) => document.querySelector(sel)?.textContent?.trim() === '2',
              [CURRENT],
              '현재 페이지 2',
            );
            await ready();
            expect(await site.text(firstTitle)).not.toBe(pageOne);

            await driver.type(SEARCH_BOX, list.term, { clear: true });
            await driver.press('Enter');
            await site.waitForLocation(new RegExp(`\\?page=1&term=${encodeURIComponent(list.term)}$`));
            await ready();
            const found = await driver.evaluate(
              (sel: string) => document.querySelectorAll(`${sel} li, ${sel} tbody tr`).length,
              region,
            );
            expect(found, '검색 결과').toBeGreaterThan(0);

            await driver.back();
            await site.waitForLocation(/[?&]page=2$/);
            await site.waitFor(
              (sel: string) => document.querySelector(sel)?.textContent?.trim() === '2',
              [CURRENT],
              '뒤로: 2페이지',
            );
            await ready();
            expect(
              await driver.evaluate(
                (sel: string) => (document.querySelector(sel) as HTMLInputElement).value,
                SEARCH_BOX,
              ),
            ).toBe('');
            await driver.back();
            await site.waitFor(
              (sel: string) => document.querySelector(sel)?.textContent?.trim() === '1',
              [CURRENT],
              '뒤로: 1페이지',
            );
            await ready();
            expect(await site.text(firstTitle)).toBe(pageOne);
            await driver.forward();
            await site.waitFor(
              (sel: string) => document.querySelector(sel)?.textContent?.trim() === '2',
              [CURRENT],
              '앞으로: 2페이지',
            );
            await expectNoErrors(list.path);
          });
        }

        /**
         * A click or a submission with no pointer or key event before it (assistive technology's
         * default action, voice control, `element.click()`), before the island has started: the
         * list answers it in the page and does not stay busy.
         */
        test('/newsRoom: 포인터 없이 온 2페이지 클릭과 검색 제출에 하이드레이션 전에도 답한다', async () => {
          const island = 'astro-island';
          const region = 'section[aria-label="뉴스 목록"]';
          const openWaiting = async () => {
            await driver.goto(`${siteUrl}/newsRoom`);
            await site.waitFor(
              (sel: string) => document.querySelector(sel)?.hasAttribute('data-hydrate-on-interaction'),
              [island],
              '상호작용을 기다리는 섬',
            );
            await driver.evaluate(
              () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
            );
          };
          const settled = () =>
            site.waitFor(
              (islandSel: string, regionSel: string) =>
                !document.querySelector(islandSel)!.hasAttribute('aria-busy') &&
                document.querySelector(regionSel)?.getAttribute('aria-busy') === 'false',
              [island, region],
              '목록의 바쁨 표시 해제',
            );
          const sameDocument = () =>
            driver.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

          await openWaiting();
          await driver.evaluate((sel: string) => {
            const link = [...document.querySelectorAll<HTMLAnchorElement>(sel)].find(
              (a) => a.textContent?.trim() === '2',
            );
            link!.click();
          }, `${PAGING} a`);
          await site.waitForLocation(/[?&]page=2(&|$)/);
          await site.waitFor(
            (sel: string) => document.querySelector(sel)?.textContent?.trim() === '2',
            [CURRENT],
            '현재 페이지 2',
          );
          await settled();
          expect(await sameDocument(), '같은 문서').toBe(true);

          await openWaiting();
          await driver.evaluate((sel: string) => {
            const box = document.querySelector<HTMLInputElement>(sel)!;
            box.value = '면접';
            box.form!.requestSubmit();
          }, SEARCH_BOX);
          await site.waitForLocation(/[?&]term=%EB%A9%B4%EC%A0%91/);
          await settled();
          expect(await sameDocument(), '같은 문서').toBe(true);
          await expectNoErrors('/newsRoom');
        });

        /**
         * The site search from the header's button. At the first width the dialog's code is not in
         * the cache yet: until it arrives (held back here), what is typed shows in the header's
         * early form drawn as the dialog's bar, with the engine's results below it, inside the
         * window, and the dialog then takes over the same text and focus. At
         * the next width the code comes from the cache and the dialog opens at once. Either way a
         * result opens with the keyboard.
         */
        test('사이트 검색: 대화 상자 코드가 오기 전에도 입력과 결과를 보이고, 대화 상자가 이어받는다', async () => {
          const EARLY_INPUT = 'form[data-search-early] input[name="q"]';
          const BOX = '.search-dialog [role="combobox"]';
          const codeCached = width !== widths[0];
          // Without the code in the cache, keys go to the early form until it arrives.
          const typeInto = codeCached ? BOX : EARLY_INPUT;
          await site.open('/');
          if (!codeCached) await holdSiteFiles('/_astro/search-dialog.');
          try {
            await driver.click('[data-search-open]');
            await site.waitFor(
              (sel: string) => document.activeElement === document.querySelector(sel),
              [typeInto],
              '검색어 입력칸의 초점',
            );
            await driver.type(typeInto, '온보딩');
            if (!codeCached) {
              // waitFor resolves with a truthy value only.
              const early = (await site.waitFor(
                () => {
                  const title = document.querySelector('.search-early .search-option-title');
                  const option = document
                    .querySelector('.search-early .search-option')
                    ?.getBoundingClientRect();
                  const bar = document.querySelector('form[data-search-early]')!.getBoundingClientRect();
                  // The answer to the whole word (an answer to 온보 marks only that).
                  if (!title || !option || title.querySelector('mark')?.textContent !== '온보딩') return null;
                  return {
                    title: title.textContent ?? '',
                    value: document.querySelector<HTMLInputElement>('form[data-search-early] input')!.value,
                    bar: { left: bar.left, right: bar.right, top: bar.top, bottom: bar.bottom },
                    option: { left: option.left, right: option.right, top: option.top },
                    width: innerWidth,
                  };
                },
                [],
                '대화 상자 코드 전의 결과',
              ))!;
              expect(early.title).toContain('온보딩');
              expect(early.value).toBe('온보딩');
              // The bar and the results lie inside the window, the results under the bar.
              expect(early.bar.left, '입력줄 왼쪽').toBeGreaterThanOrEqual(0);
              expect(early.bar.right, '입력줄 오른쪽').toBeLessThanOrEqual(early.width);
              expect(early.bar.top, '입력줄 위').toBeGreaterThanOrEqual(0);
              expect(early.option.left, '결과 왼쪽').toBeGreaterThanOrEqual(0);
              expect(early.option.right, '결과 오른쪽').toBeLessThanOrEqual(early.width);
              expect(early.option.top, '결과는 입력줄 아래').toBeGreaterThanOrEqual(early.bar.bottom - 1);
              mkdirSync(shots, { recursive: true });
              writeFileSync(`${shots}${engine}-${width}-search-early.png`, await driver.screenshot());
            }
          } finally {
            await holdSiteFiles();
          }
          await site.waitFor(
            (sel: string) => {
              const box = document.querySelector<HTMLInputElement>(sel);
              return (
                box === document.activeElement &&
                box?.value === '온보딩' &&
                !document.querySelector('.search-early') &&
                !!document.querySelector('.search-dialog [role="option"] .search-option-title')
              );
            },
            [BOX],
            '대화 상자가 이어받은 검색어와 결과',
          );
          const first = await site.text('.search-dialog [role="option"] .search-option-title');
          await driver.press('ArrowDown');
          await driver.press('Enter');
          await site.waitFor(
            () => location.pathname !== '/' && document.querySelector('h1') !== null,
            [],
            '첫 결과의 페이지',
          );
          expect(await site.text('h1'), '연 결과').toBe(first.replace(/\s*\(새 창\)$/, ''));
          await expectNoErrors('사이트 검색');
        });

        test('FAQ: 분류, 검색 모드, 분류가 지우는 검색어, 아코디언', async () => {
          const group = '[role="group"][aria-label="질문 분류"] button';
          const pressed = () =>
            driver.evaluate(
              (sel: string) =>
                [...document.querySelectorAll(sel)]
                  .filter((b) => b.getAttribute('aria-pressed') === 'true')
                  .map((b) => b.textContent?.trim()),
              group,
            );
          await site.open('/faq');
          expect(await pressed()).toEqual(['전체']);
          const topics = await driver.evaluate(
            (sel: string) => [...document.querySelectorAll(sel)].map((b) => b.textContent!.trim()),
            group,
          );
          expect(topics.length).toBeGreaterThan(2);

          await site.clickText(group, topics[1]!);
          await site.waitForLocation(/topic_id=/);
          await site.waitFor(
            (sel: string, name: string) =>
              [...document.querySelectorAll(sel)].some(
                (b) => b.textContent?.trim() === name && b.getAttribute('aria-pressed') === 'true',
              ),
            [group, topics[1]!],
            '분류 선택',
          );

          // Search mode: 전체 is highlighted, the address carries the term.
          await driver.type(SEARCH_BOX, '면접', { clear: true });
          await driver.press('Enter');
          await site.waitForLocation(/term=/);
          await site.waitFor(
            (sel: string) => document.querySelector(sel)?.getAttribute('aria-pressed') === 'true',
            [group],
            '검색 모드의 전체',
          );
          await site.waitFor(
            () => /‘면접’ 검색 결과/.test(document.querySelector('p[aria-live="polite"]')?.textContent ?? ''),
            [],
            '검색 결과 건수',
          );

          // Picking a category leaves search mode and empties the box, an unsubmitted draft included.
          await driver.type(SEARCH_BOX, ' 초안', {});
          await site.clickText(group, topics[2]!);
          await site.waitForLocation(/topic_id=/);
          await site.waitFor(
            (sel: string) => (document.querySelector(sel) as HTMLInputElement).value === '',
            [SEARCH_BOX],
            '검색창 비우기',
          );
          expect(await pressed()).toEqual([topics[2]]);

          // Accordion: a question (the <summary> of a native <details>) opens and closes its answer.
          await site.waitFor(
            (sel: string) => document.querySelector(sel) !== null,
            [FAQ_QUESTION],
            'FAQ 질문',
          );
          await driver.click(FAQ_QUESTION);
          expect(await site.waitFor(faqAnswerShown, [FAQ_QUESTION, true], '답 열기')).toBe(true);
          await driver.click(FAQ_QUESTION);
          await site.waitFor(faqAnswerShown, [FAQ_QUESTION, false], '답 닫기');
          await expectNoErrors('/faq');
        });

        test('FAQ: 하이드레이션 전, 스크립트의 click()만으로 질문이 답을 연다', async () => {
          // The pointer must not rest on the list when the page loads (a pointer over it hydrates
          // it): leave it on the page heading, outside the island, at the same place on the new page.
          await site.open('/faq');
          await driver.click('h1');
          await driver.goto(`${siteUrl}/faq`);
          await site.waitFor(
            (sel: string) =>
              document.querySelector(sel)?.closest('astro-island[data-hydrate-on-interaction]') != null,
            [FAQ_QUESTION],
            '하이드레이션을 기다리는 FAQ',
          );
          // A click event with no pointer or key event before it (assistive technology, a
          // script): no interaction for the directive, so the browser alone opens the row. The
          // check and the click in one task: nothing can hydrate the island between them.
          const clicked = await driver.evaluate((sel: string) => {
            const summary = document.querySelector<HTMLElement>(sel)!;
            const waiting = summary.closest('astro-island')!.hasAttribute('data-hydrate-on-interaction');
            summary.click();
            return { waiting, open: (summary.parentElement as HTMLDetailsElement).open };
          }, FAQ_QUESTION);
          expect(clicked).toEqual({ waiting: true, open: true });
          await site.waitFor(faqAnswerShown, [FAQ_QUESTION, true], '하이드레이션 전에 답 열기');

          // Hydrated: the row stays open and closes with a click.
          await site.waitForIslands();
          expect(await driver.evaluate(faqAnswerShown, FAQ_QUESTION, true)).toBe(true);
          await driver.click(FAQ_QUESTION);
          await site.waitFor(faqAnswerShown, [FAQ_QUESTION, false], '하이드레이션 뒤에 답 닫기');
          await expectNoErrors('/faq (하이드레이션 전)');
        });

        test(`HR 이야기: ${mobile ? '드롭다운' : '주제 버튼과 더보기'}으로 주제를 고른다`, async () => {
          await site.open('/hrcontents');
          const visible = await driver.evaluate(() => {
            const shown = (el: Element | null) => !!el && (el as HTMLElement).offsetParent !== null;
            return {
              select: shown(document.querySelector('#hr-topic-select')),
              chips: shown(document.querySelector('#hr-topic-chips')),
            };
          });
          expect(visible).toEqual({ select: mobile, chips: !mobile });
          const [value, name] = await driver.evaluate(() => {
            const option = document.querySelectorAll<HTMLOptionElement>('#hr-topic-select option')[2]!;
            return [option.value, option.textContent!.trim()] as const;
          });
          if (mobile) {
            await driver.select('#hr-topic-select', value);
          } else {
            await site.clickText('button[aria-controls="hr-topic-chips"]', '더보기');
            await site.waitFor(
              () =>
                document
                  .querySelector('button[aria-controls="hr-topic-chips"]')
                  ?.getAttribute('aria-expanded') === 'true',
              [],
              '더보기 펼침',
            );
            await site.clickText('#hr-topic-chips button', `#${name}`);
          }
          await site.waitForLocation(new RegExp(`topic_id=${value}`));
          await site.waitFor(
            (title: string) =>
              document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() === title,
            [`HR 이야기 #${name}`],
            '제목의 주제',
          );
          await site.waitFor(
            () =>
              document.querySelector('section[aria-label="HR 이야기 목록"]')?.getAttribute('aria-busy') ===
              'false',
            [],
            '목록 준비',
          );
          await expectNoErrors('/hrcontents');
        });

        test('홈 탭: 클릭과 방향키', async () => {
          await site.open('/');
          const tabs = '#competency [role="tab"]';
          const state = () =>
            driver.evaluate((sel: string) => {
              const all = [...document.querySelectorAll(sel)];
              const selected = all.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
              const panel = document.getElementById(all[selected]!.getAttribute('aria-controls')!)!;
              return {
                selected,
                focused: all.indexOf(document.activeElement!),
                panelShown: !panel.hidden && panel.getBoundingClientRect().height > 0,
              };
            }, tabs);
          // The tab script starts after the first paint (src/components/ui/tabs.ts marks its root).
          await site.waitFor(
            () => document.querySelector('#competency [data-tabs-ready]') !== null,
            [],
            '탭 스크립트',
          );
          expect((await state()).selected).toBe(0);
          await driver.click(`${tabs}:nth-child(2)`);
          await site.waitFor(
            (sel: string) => document.querySelectorAll(sel)[1]?.getAttribute('aria-selected') === 'true',
            [tabs],
            '둘째 탭 클릭',
          );
          expect(await state()).toMatchObject({ selected: 1, panelShown: true });
          await driver.click(`${tabs}:nth-child(1)`);
          await driver.press('ArrowRight');
          await site.waitFor(
            (sel: string) => document.querySelectorAll(sel)[1]?.getAttribute('aria-selected') === 'true',
            [tabs],
            'ArrowRight',
          );
          expect(await state()).toEqual({ selected: 1, focused: 1, panelShown: true });
          await driver.press('ArrowLeft');
          await driver.press('ArrowLeft');
          const count = await driver.evaluate((sel: string) => document.querySelectorAll(sel).length, tabs);
          await site.waitFor(
            (sel: string, last: number) =>
              document.querySelectorAll(sel)[last]?.getAttribute('aria-selected') === 'true',
            [tabs, count - 1],
            'ArrowLeft 두 번 (처음에서 끝으로)',
          );
          expect(await state()).toEqual({ selected: count - 1, focused: count - 1, panelShown: true });
          await expectNoErrors('/ (탭)');
        });

        test('슬라이더: 점을 누르면 그 슬라이드로 간다', async () => {
          await site.open('/video');
          const carousel = '[data-carousel]';
          // A slider starts on approach or on the first touch (a slider on screen at load waits
          // for one): a pointer over it, as a visitor's would be.
          await driver.evaluate((sel: string) => {
            const root = document.querySelector(sel)!;
            root.scrollIntoView({ block: 'center' });
            root.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
          }, carousel);
          // Started, and its pagination drawn by Swiper (it replaces the dots the HTML carried).
          await site.waitFor(
            (sel: string) => {
              const root = document.querySelector(`${sel} .swiper-initialized`) as
                (HTMLElement & { swiper?: { pagination?: { bullets?: ArrayLike<Element> } } }) | null;
              const bullets = root?.swiper?.pagination?.bullets;
              return (
                !!bullets && bullets.length > 0 && Array.from(bullets).every((bullet) => bullet.isConnected)
              );
            },
            [carousel],
            'Swiper 시작',
            15_000,
          );
          const dots = await driver.evaluate(
            (sel: string) => document.querySelectorAll(`${sel} .swiper-pagination-bullet`).length,
            carousel,
          );
          expect(dots).toBeGreaterThanOrEqual(2);
          const index = dots - 1;
          await driver.click(`${carousel} .swiper-pagination-bullet:nth-child(${index + 1})`);
          await site.waitFor(
            (sel: string, i: number) => {
              const swiper = (
                document.querySelector(`${sel} .swiper`) as HTMLElement & {
                  swiper?: { realIndex: number; animating: boolean };
                }
              ).swiper;
              const bullets = document.querySelectorAll(`${sel} .swiper-pagination-bullet`);
              const active = bullets[i]!.classList.contains('swiper-pagination-bullet-active');
              return !!swiper && !swiper.animating && swiper.realIndex === i && active;
            },
            [carousel, index],
            `${index + 1}번 슬라이드`,
          );
          // The slide the dot names is the one on screen.
          const shown = await driver.evaluate((sel: string) => {
            const slide = document.querySelector(`${sel} .swiper-slide-active`)!.getBoundingClientRect();
            const box = document.querySelector(`${sel} .swiper`)!.getBoundingClientRect();
            return Math.abs(slide.left - box.left) < 2;
          }, carousel);
          expect(shown).toBe(true);
          await expectNoErrors('/video');
        });

        test('상세: 미리 렌더링된 글과 ?portal= 실시간 대체', async () => {
          const story = (await api<ListAnswer>('/hrcontents/tags?page=1')).objects[0]!;
          const detail = await api<{ title: string }>(`/blog/detail?id=${story.analytics_page_id}`);
          await site.open(`/info/blog/${story.analytics_page_id}`);
          expect(await site.text('h1')).toBe(detail.title);
          expect(await site.text('article[data-article]')).not.toBe('');
          await expectNoErrors('상세');
          await site.open(`/info/blog?portal=${story.analytics_page_id}&page=2`);
          await site.waitFor(
            (title: string) => document.querySelector('h1')?.textContent?.trim() === title,
            [detail.title],
            '?portal= 글 제목',
            15_000,
          );
          const back = await driver.evaluate(() =>
            [...document.querySelectorAll('a')]
              .find((a) => a.textContent?.trim() === '목록으로')
              ?.getAttribute('href'),
          );
          expect(back).toBe('/hrcontents?page=2');
          await expectNoErrors('?portal=');
        });

        test('오류 상태: 알림과 다시 시도', async () => {
          await setFaults({ '/news/search': 500 });
          try {
            await site.open('/newsRoom?page=2');
            const alert = await site.waitFor(
              () => document.querySelector('[role="alert"]')?.textContent ?? '',
              [],
              '오류 알림',
            );
            expect(alert).toContain('오류 코드 500');
          } finally {
            await setFaults({});
          }
          await site.clickText('[role="alert"] button', '다시 시도');
          await site.waitFor(() => document.querySelector('[role="alert"]') === null, [], '알림 사라짐');
          await site.waitFor(
            (sel: string) => document.querySelector(sel)?.textContent?.trim() === '2',
            [CURRENT],
            '2페이지',
          );
          // The failed call is the test's doing; only other errors count.
          expect((await site.errors()).filter((message) => !/500|news\/search/.test(message))).toEqual([]);
        });

        test('스크린숏: 홈, 목록, FAQ, 상세', async () => {
          mkdirSync(shots, { recursive: true });
          const story = (await api<ListAnswer>('/hrcontents/tags?page=1')).objects[0]!;
          for (const [name, path] of [
            ['home', '/'],
            ['list', '/newsRoom'],
            ['faq', '/faq'],
            ['detail', `/info/blog/${story.analytics_page_id}`],
          ] as const) {
            await site.open(path);
            await driver.evaluate(() => document.fonts.ready.then(() => true));
            writeFileSync(`${shots}${engine}-${width}-${name}.png`, await driver.screenshot());
          }
        });
      });
    }
  });
}
