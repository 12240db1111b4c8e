/** Share addresses of a detail page for the three networks of the spec (X, Naver blog, Facebook). */
import { t } from '../../i18n/index.ts';

export type ShareNetwork = 'x' | 'naver' | 'facebook';

export interface ShareLink {
  network: ShareNetwork;
  href: string;
  /** Korean accessible name of the link. */
  label: string;
}

const enc = encodeURIComponent;

/** Web share addresses carrying the page's canonical `url` (and its title where the network takes one). */
export function shareLinks(url: string, title: string): ShareLink[] {
  return [
    {
      network: 'x',
      label: t('share.x'),
      href: `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`,
    },
    {
      network: 'naver',
      label: t('share.naver'),
      href: `https://share.naver.com/web/shareView?url=${enc(url)}&title=${enc(title)}`,
    },
    {
      network: 'facebook',
      label: t('share.facebook'),
      href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
    },
  ];
}
