/**
 * The one axe check of the end-to-end suites: WCAG 2.0 A/AA and 2.1 AA, no violations.
 *
 * Parts of a page below the first screen (later sections, the footer) are
 * `content-visibility: auto`: the browser lays them out and paints them only when the visitor
 * comes near. axe reads colours from rendered boxes, so in a skipped part it finds no background
 * and takes it for white (light footer text on white is a false contrast failure). A visitor
 * only ever sees those parts rendered, so they are checked rendered.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A constructed sheet: the page's policy refuses an added <style> (it hashes its own one only).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { content-visibility: visible !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
