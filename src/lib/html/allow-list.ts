/**
 * The one allow-list for HTML that comes from the content API (article bodies, FAQ answers).
 * Both sanitisers use it: sanitize-html at build time, DOMPurify in the browser.
 */
export const allowedTags = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup',
  'blockquote', 'cite', 'q', 'code', 'pre', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'span', 'div', 'iframe',
] as const;

/** Attributes allowed per tag (`*` for every tag). No `style`, no event handlers. */
export const allowedAttributes: Record<string, readonly string[]> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start', 'reversed'],
  iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading'],
};

/** URL schemes allowed in `href` and `src`; relative URLs are allowed too. */
export const allowedSchemes = ['http', 'https', 'mailto', 'tel'] as const;

/** The only hosts an `<iframe>` may load (video embeds). */
export const allowedIframeHosts = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'] as const;

/** True for a URL a link or image may point to: http(s), mailto, tel or relative; never javascript: or data:. */
export function isSafeUrl(value: string, schemes: readonly string[] = allowedSchemes): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return !compact.startsWith('//') || schemes.includes('https');
  return schemes.includes(scheme[1]!.toLowerCase());
}

/** True for an iframe source on an allow-listed video host over https. */
export function isAllowedIframe(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && (allowedIframeHosts as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

/** True when a link leaves the site, so it must open safely. */
export function isExternalHref(href: string): boolean {
  return /^(https?:)?\/\//i.test(href.trim());
}
