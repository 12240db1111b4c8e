/** The share row's icons, drawn inline (no requests, no icon font). */
import type { ReactElement } from 'react';
import type { ShareNetwork } from './share-links.ts';

/** Brand marks; white on the brand colour. */
export const networkIcons: Record<ShareNetwork, ReactElement> = {
  x: (
    <path d="M17.2 5h2.6l-5.7 6.5 6.7 8.9h-5.3l-4.1-5.4-4.7 5.4H4.1l6.1-7L3.8 5h5.4l3.7 4.9L17.2 5Zm-.9 13.8h1.4L8.3 6.5H6.8l9.5 12.3Z" />
  ),
  naver: <path d="M14.2 12.4 9.6 5.8H5.8v12.4h4V11.6l4.6 6.6h3.8V5.8h-4v6.6Z" />,
  facebook: (
    <path d="M13.4 20v-6.6h2.2l.4-2.7h-2.6V9c0-.8.3-1.3 1.4-1.3H16V5.3c-.3 0-1.1-.1-2-.1-2 0-3.4 1.2-3.4 3.5v2H8.4v2.7h2.2V20h2.8Z" />
  ),
};

/** Outline icon of `링크 복사`: a chain link. */
export const linkIcon = (
  <path
    d="M10.6 13.4a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2M13.4 10.6a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  />
);

/** Outline icon of `공유하기`: the share arrow. */
export const shareIcon = (
  <path
    d="M12 15V4m0 0L8 8m4-4 4 4M6 12v6.5c0 .8.7 1.5 1.5 1.5h9c.8 0 1.5-.7 1.5-1.5V12"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  />
);

/** The 22px frame every share icon is drawn in; hidden from assistive technology (the control is named). */
export const Icon = ({ children }: { children: ReactElement }) => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    {children}
  </svg>
);
