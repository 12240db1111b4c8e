import { describe, expect, it } from 'vitest';
import { productSlugs } from '../../data/products.ts';
import { pageShareCards } from '../../data/share-cards.ts';
import { whitepaper } from '../../data/whitepaper.ts';
import { detailShareCard, detailSharePage, ownShareImagePath, shareImagePath } from './share-cards.ts';

describe('share pictures', () => {
  it('names each page its picture, and only detail and listed pages have one', () => {
    expect(shareImagePath('/info/blog/hr-0001/')).toBe('/og/info/blog/hr-0001.jpg');
    const own = (path: string) => ownShareImagePath(path, pageShareCards);
    expect(own('/info/blog/hr-0001/')).toBe('/og/info/blog/hr-0001.jpg');
    expect(own('/cad_archive/success-0001')).toBe('/og/cad_archive/success-0001.jpg');
    expect(own('/info/patent/kr-10-1')).toBe('/og/info/patent/kr-10-1.jpg');
    expect(own('/soft-skill/')).toBe('/og/soft-skill.jpg');
    expect(own('/whitepaper/')).toBe('/og/whitepaper.jpg');
    expect(own('/faq/')).toBeUndefined();
    expect(own('/')).toBeUndefined();
    expect(own('/404')).toBeUndefined();
    expect(own('/constructor/')).toBeUndefined();
  });

  it("takes a static page's words from its own data: the products, operation and the white paper", () => {
    expect(Object.keys(pageShareCards)).toEqual([...productSlugs, 'operation', 'whitepaper']);
    expect(pageShareCards['whitepaper']).toEqual({
      title: whitepaper.title,
      eyebrow: whitepaper.shareEyebrow,
    });
    for (const text of Object.values(pageShareCards)) {
      expect(text.title).not.toBe('');
      expect(text.eyebrow).not.toBe('');
    }
  });

  it('gives a detail the page parameter of its own address, and the eyebrow of its kind', () => {
    expect(detailSharePage('blog', 'hr-0001')).toBe('info/blog/hr-0001');
    expect(detailSharePage('success', 'success-0001')).toBe('cad_archive/success-0001');
    expect(shareImagePath(detailSharePage('patent', '2026.11'))).toBe('/og/info/patent/2026.11.jpg');
    expect(detailShareCard('success', { title: '제목', img: '' })).toEqual({
      title: '제목',
      eyebrow: '고객 성공 사례',
      image: null,
    });
  });
});
