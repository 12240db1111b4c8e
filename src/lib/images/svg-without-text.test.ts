import { describe, expect, it } from 'vitest';
import { svgDataUri } from './data-uri.ts';
import { svgOfDataUri, svgWithoutText } from './svg-without-text.ts';

/** A card picture as the reference content draws them: shapes, then Korean captions. */
const card =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" font-family="Pretendard, 'Noto Sans KR', sans-serif">` +
  `<rect width="800" height="450" fill="#f4f7fb"/><circle cx="620" cy="225" r="200"/>` +
  `<text x="48" y="404" font-size="34">면접관 <tspan font-weight="800">평가</tspan> 역량</text>` +
  `<rect x="48" y="326" width="191" height="32" rx="16"/>` +
  `<TEXT x="752" y="404"/>` +
  `<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">인사이트<b>하이어</b></div></foreignObject>` +
  `</svg>`;

describe('svgWithoutText', () => {
  it('drops every text element with what it holds, and keeps the shapes between them as they were', () => {
    expect(svgWithoutText(card)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" font-family="Pretendard, 'Noto Sans KR', sans-serif">` +
        `<rect width="800" height="450" fill="#f4f7fb"/><circle cx="620" cy="225" r="200"/>` +
        `<rect x="48" y="326" width="191" height="32" rx="16"/>` +
        `</svg>`,
    );
  });

  it('gives null for a picture without text: nothing to split', () => {
    expect(
      svgWithoutText('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
    ).toBeNull();
  });
});

describe('svgOfDataUri', () => {
  it('reads back the SVG of the site’s own data: addresses, entities and quotes included', () => {
    const back = svgOfDataUri(svgDataUri(card));
    expect(back).not.toBeNull();
    // Quotes turn to apostrophes on the way (mini-svg-data-uri); the document stays the same one.
    expect(svgWithoutText(back!)).toContain(`<circle cx='620' cy='225' r='200'/>`);
    expect(back).toContain('면접관');
  });

  it('gives null for a raster or a broken address', () => {
    expect(svgOfDataUri('data:image/png;base64,AAAA')).toBeNull();
    expect(svgOfDataUri('data:image/svg+xml,%E0%A4%A')).toBeNull();
  });
});
