import { isExternalHref, safeHtmlHref, safeImage } from '../api/untrusted.ts';

/**
 * The one allow-list for HTML that comes from the content API (article bodies, FAQ answers).
 * Both sanitisers use it: sanitize-html at build time, DOMPurify in the browser.
 */
export const allowedTags = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'blockquote',
  'cite',
  'q',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'iframe',
] as const;

/** Attributes allowed per tag (`*` for every tag). No `style`, no event handlers. */
export const allowedAttributes: Record<string, readonly string[]> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start', 'reversed'],
  iframe: [
    'src',
    'width',
    'height',
    'title',
    'allow',
    'allowfullscreen',
    'loading',
    'sandbox',
    'referrerpolicy',
  ],
};

/** URL schemes allowed in `href` (`src`: http and https); site paths and fragments too. */
export const allowedSchemes = ['http', 'https', 'mailto', 'tel'] as const;

/** The only hosts an `<iframe>` may load (video embeds). */
export const allowedIframeHosts = [
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'player.vimeo.com',
] as const;

/**
 * The address a link (`href`) or image (`src`) in content HTML may keep, or `undefined` to drop
 * it: the contract's one address policy (`untrusted.ts`). Images take http(s) and site paths
 * only; links also `mailto:`, `tel:` and `#fragment`.
 */
export function safeContentAddress(value: string, kind: 'href' | 'src'): string | undefined {
  return kind === 'href' ? safeHtmlHref(value) : safeImage(value);
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

export { isExternalHref };

/**
 * What an embedded player may use: the features YouTube's and Vimeo's embed codes ask for, and
 * nothing else (no camera, microphone, geolocation, payment…).
 */
export const allowedIframeFeatures = [
  'accelerometer',
  'autoplay',
  'clipboard-write',
  'encrypted-media',
  'fullscreen',
  'gyroscope',
  'picture-in-picture',
  'web-share',
] as const;

/** The `allow` attribute of an embedded player, keeping only allowed features (no origin lists). */
export function safeIframeAllow(value: string): string {
  const features = value
    .split(';')
    .map((part) => part.trim().split(/\s+/)[0]?.toLowerCase() ?? '')
    .filter((feature): feature is (typeof allowedIframeFeatures)[number] =>
      (allowedIframeFeatures as readonly string[]).includes(feature),
    );
  return [...new Set(features)].join('; ');
}

/**
 * The sandbox of an embedded player: scripts and its own origin (players need both), full
 * screen presentation and opening the video on its site in a new tab; no top navigation, forms
 * or downloads.
 */
export const IFRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox';

/** What both sanitisers set on an image they keep: loaded when it nears the view, decoded off the main thread. */
export const IMAGE_ATTRIBUTES = { loading: 'lazy', decoding: 'async' } as const;

/** What both sanitisers set on an embedded player they keep: the sandbox, and only our origin as referrer. */
export const IFRAME_ATTRIBUTES = {
  sandbox: IFRAME_SANDBOX,
  referrerpolicy: 'strict-origin-when-cross-origin',
} as const;
