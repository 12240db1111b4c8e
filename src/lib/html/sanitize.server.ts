/**
 * Build-time HTML sanitiser (sanitize-html, pure Node) driven by the shared allow-list.
 */
import sanitizeHtml from 'sanitize-html';
import { NEW_TAB } from '../dom/new-tab.ts';
import {
  allowedAttributes,
  allowedSchemes,
  allowedTags,
  IFRAME_ATTRIBUTES,
  IMAGE_ATTRIBUTES,
  isAllowedIframe,
  isExternalHref,
  safeContentAddress,
  safeIframeAllow,
} from './allow-list.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes: Object.fromEntries(Object.entries(allowedAttributes).map(([k, v]) => [k, [...v]])),
  allowedSchemes: [...allowedSchemes],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !isAllowedIframe(frame.attribs.src ?? '')) ||
    // The scheme filter has already dropped an unsafe src here, so an image without one goes too
    // (as in the browser sanitiser) instead of rendering an empty box.
    (frame.tag === 'img' && !frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      const href = attribs.href === undefined ? undefined : safeContentAddress(attribs.href, 'href');
      if (href === undefined) delete next.href;
      else next.href = href;
      if (next.href && isExternalHref(next.href)) {
        Object.assign(next, NEW_TAB);
      } else {
        delete next.target;
        delete next.rel;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs, ...IMAGE_ATTRIBUTES };
      const src = attribs.src === undefined ? undefined : safeContentAddress(attribs.src, 'src');
      if (src === undefined) delete next.src;
      else next.src = src;
      return { tagName, attribs: next };
    },
    iframe: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs, ...IFRAME_ATTRIBUTES };
      const allow = attribs.allow === undefined ? '' : safeIframeAllow(attribs.allow);
      if (allow) next.allow = allow;
      else delete next.allow;
      return { tagName, attribs: next };
    },
  },
};

/** Sanitises untrusted HTML from the content API for pre-rendered pages. */
export function sanitizeHtmlServer(html: string): string {
  return sanitizeHtml(html, options);
}
