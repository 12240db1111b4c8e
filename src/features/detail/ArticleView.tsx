import { useMemo } from 'react';
import { t } from '../../i18n/index.ts';
import { trustedHtml } from '../../lib/security/trusted-types.ts';
import { DateText } from '../../components/ui/DateText.tsx';
import type { Article } from './article-data.ts';
import { ArticleImage } from './ArticleImage.tsx';
import { detailRoutes } from '../../lib/routes.ts';
import { ShareButtons } from './ShareButtons.tsx';
import articleCss from './article.module.scss';
import backLinkCss from './back-link.module.scss';

export interface ArticleViewProps {
  article: Article;
  /** The `목록으로` address. */
  backHref: string;
  /** The canonical address the share buttons carry; no share buttons without it. */
  shareUrl?: string | undefined;
}

/**
 * One detail screen (tags, title, author, date, image, article HTML, back and share links).
 * Rendered to static HTML by the pre-rendered pages and in the browser by the live fallback,
 * so both look and behave the same. `article.html` is sanitised by the caller.
 */
export function ArticleView({ article, backHref, shareUrl }: ArticleViewProps) {
  // One value per text: React writes the HTML again whenever it is a different object.
  const body = useMemo(() => trustedHtml(article.html), [article.html]);
  return (
    <article className={articleCss.article} aria-labelledby="article-title" data-article={article.kind}>
      <header className={articleCss.header}>
        <p className={articleCss.section}>{detailRoutes[article.kind].section}</p>
        {article.tags.length > 0 && (
          <ul className={articleCss.tags} aria-label={t('common.tags')}>
            {article.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
        <h1 id="article-title" className={articleCss.title}>
          {article.title}
        </h1>
        <div className={articleCss.metaRow}>
          <p className={articleCss.meta}>
            {article.author && (
              <span className={articleCss.author}>
                <span className="visually-hidden">{t('detail.author')} </span>
                {article.author}
              </span>
            )}
            <DateText value={article.date.slice(0, 10)} />
          </p>
          {shareUrl && <ShareButtons url={shareUrl} title={article.title} />}
        </div>
      </header>
      <ArticleImage src={article.image} />
      {article.html && (
        <div className={articleCss.prose} data-article-body dangerouslySetInnerHTML={{ __html: body }} />
      )}
      <footer className={backLinkCss.footer}>
        <a href={backHref} className={backLinkCss.back} data-back-link={article.kind}>
          <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M4 5h12M4 10h12M4 15h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('detail.backToList')}
        </a>
      </footer>
    </article>
  );
}
