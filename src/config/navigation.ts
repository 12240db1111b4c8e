/** The site's navigation: groups shown in the header and the footer. */
import { t } from '../i18n/index.ts';

export interface NavLink {
  label: string;
  href: string;
}
export interface NavGroup {
  label: string;
  links: NavLink[];
}

export const navigation: NavGroup[] = [
  {
    label: t('nav.group.services'),
    links: [
      { label: t('nav.softSkill'), href: '/soft-skill' },
      { label: t('nav.bei'), href: '/bei' },
      { label: t('nav.guider'), href: '/guider' },
      { label: t('nav.freeInterview'), href: '/free-interview' },
      { label: t('nav.result'), href: '/result' },
      { label: t('nav.selfIntroduction'), href: '/self-introduction' },
      { label: t('nav.operation'), href: '/operation' },
    ],
  },
  {
    label: t('nav.group.customers'),
    links: [{ label: t('nav.successStory'), href: '/success_story' }],
  },
  {
    label: t('nav.group.insights'),
    links: [
      { label: t('nav.hrStory'), href: '/hrcontents' },
      { label: t('nav.video'), href: '/video' },
      { label: t('nav.seminar'), href: '/seminar' },
      { label: t('nav.newsRoom'), href: '/newsRoom' },
    ],
  },
  {
    label: t('nav.group.technology'),
    links: [
      { label: t('nav.patent'), href: '/tech' },
      { label: t('nav.whitepaper'), href: '/whitepaper' },
    ],
  },
  {
    label: t('nav.group.support'),
    links: [{ label: t('nav.faq'), href: '/faq' }],
  },
];
