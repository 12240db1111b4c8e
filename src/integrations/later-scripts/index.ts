/**
 * Moves the scripts of what is below a page's first screen into a module file of their own, once
 * all pages are written (see split-later-scripts.ts). It runs before the later styles, which
 * replace the fold mark both read, and before finish-pages, which merges the inline scripts
 * that stay and drops the moved ones' hashes from the policy.
 */
import type { AstroIntegration } from 'astro';
import { splitBuiltPages } from '../built-pages.ts';
import { splitLaterScripts } from './split-later-scripts.ts';

export function laterScripts(): AstroIntegration {
  return splitBuiltPages({
    name: 'insighthire:later-scripts',
    stem: 'later',
    extension: 'js',
    split: (html, href) => {
      const { html: page, js } = splitLaterScripts(html, href);
      return { html: page, moved: js };
    },
    report: (logger, pages) => logger.info(`첫 화면 아래의 스크립트를 따로 뺐습니다: ${pages}개 페이지`),
  });
}
