/**
 * Build-time HTML sanitiser (sanitize-html, pure Node) driven by the shared allow-list.
 */
import sanitizeHtml from 'sanitize-html';
import {
  allowedAttributes,
  allowedSchemes,
  allowedTags,
  isAllowedIframe,
  isExternalHref,
  isSafeUrl,
} from './allow-list.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes: Object.fromEntries(Object.entries(allowedAttributes).map(([k, v]) => [k, [...v]])),
  allowedSchemes: [...allowedSchemes],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !isAllowedIframe(frame.attribs.src ?? '')) ||
    // The scheme filter has already dropped an unsafe src here, so an image without one goes too
    // (as in the browser sanitiser) instead of rendering an empty box.
    (frame.tag === 'img' && (!frame.attribs.src || !isSafeUrl(frame.attribs.src, ['http', 'https']))),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const next: Record<string, string> = { ...attribs };
      if (!isSafeUrl(href)) delete next.href;
      if (next.href && isExternalHref(next.href)) {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      } else {
        delete next.target;
        delete next.rel;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/** Sanitises untrusted HTML from the content API for pre-rendered pages. */
export function sanitizeHtmlServer(html: string): string {
  return sanitizeHtml(html, options);
}
