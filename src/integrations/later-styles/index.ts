/**
 * Moves the styles of what is below a page's first screen into a stylesheet of their own, once
 * all pages are written (see split-later-styles.ts). The file is named by its content, like
 * Vite's, in the folder of hashed files, so the CDN keeps it for a year and a deploy keeps it
 * beside the release's other hashed files.
 */
import type { AstroIntegration } from 'astro';
import { splitBuiltPages } from '../built-pages.ts';
import { splitLaterStyles } from './split-later-styles.ts';

export function laterStyles(): AstroIntegration {
  return splitBuiltPages({
    name: 'insighthire:later-styles',
    stem: 'later',
    extension: 'css',
    split: (html, href) => {
      const { html: page, css } = splitLaterStyles(html, href);
      return { html: page, moved: css };
    },
    report: (logger, pages) => logger.info(`첫 화면 아래의 스타일을 따로 뺐습니다: ${pages}개 페이지`),
  });
}
