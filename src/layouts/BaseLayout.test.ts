import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import BaseLayout from './BaseLayout.astro';

describe('BaseLayout', () => {
  let html: string;
  beforeAll(async () => {
    const container = await AstroContainer.create();
    html = await container.renderToString(BaseLayout, {
      props: { title: '시험 페이지' },
      slots: { default: '<p>본문</p>' },
    });
  });

  // Astro writes a <script> where the source has it (Astro 6+). One after </html> is a stray
  // tag: the HTML checker stops there, and the browser moves it back into <body> anyway.
  it('ends the document with </html>: every script is inside it', () => {
    expect(html).toMatch(/<\/body><\/html>\s*$/);
    const scripts = [...html.matchAll(/<script\b/g)].map((match) => match.index);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((index) => index < html.indexOf('</body>'))).toBe(true);
  });
});
