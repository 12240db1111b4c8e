/**
 * Browser HTML sanitiser (DOMPurify) driven by the shared allow-list, for HTML that islands
 * fetch after the build (search results, the live detail fallback).
 */
import DOMPurify, { type Config } from 'dompurify';
import { NEW_TAB } from '../dom/new-tab.ts';
import { trustedHtml, trustedTypesPolicy } from '../security/trusted-types.ts';
import {
  allowedAttributes,
  allowedTags,
  IFRAME_ATTRIBUTES,
  IMAGE_ATTRIBUTES,
  isAllowedIframe,
  isExternalHref,
  safeContentAddress,
  safeIframeAllow,
} from './allow-list.ts';

const purifier = DOMPurify(window);
const allAttributes = [...new Set(Object.values(allowedAttributes).flat())];

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const allowed = [...(allowedAttributes['*'] ?? []), ...(allowedAttributes[tag] ?? [])];
  if (!allowed.includes(data.attrName)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'href' || (data.attrName === 'src' && tag !== 'iframe')) {
    const safe = safeContentAddress(data.attrValue, data.attrName);
    if (safe === undefined) data.keepAttr = false;
    else data.attrValue = safe;
  }
  if (data.attrName === 'src' && tag === 'iframe' && !isAllowedIframe(data.attrValue)) data.keepAttr = false;
  if (data.attrName === 'allow') {
    data.attrValue = safeIframeAllow(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  }
});

function setAttributes(element: Element, attributes: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

purifier.addHook('afterSanitizeAttributes', (node) => {
  const element = node as Element;
  const tag = element.nodeName.toLowerCase();
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (href && isExternalHref(href)) setAttributes(element, NEW_TAB);
    else {
      element.removeAttribute('target');
      element.removeAttribute('rel');
    }
  }
  if (tag === 'img') {
    if (!element.getAttribute('src')) element.remove();
    else setAttributes(element, IMAGE_ATTRIBUTES);
  }
  if (tag === 'iframe') {
    if (!element.getAttribute('src')) element.remove();
    else setAttributes(element, IFRAME_ATTRIBUTES);
  }
});

const config = {
  // DOMPurify parses the input through the site's policy (src/lib/security/trusted-types.ts)
  // instead of creating a policy of its own, which the page's `trusted-types` does not list.
  TRUSTED_TYPES_POLICY: trustedTypesPolicy() as unknown as Config['TRUSTED_TYPES_POLICY'],
  ALLOWED_TAGS: [...allowedTags],
  ALLOWED_ATTR: allAttributes,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ADD_TAGS: ['iframe'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'],
} satisfies Config;

/**
 * DOMPurify hands input back unchanged where it finds the DOM unsupported, and a faulty DOM
 * (happy-dom 21 is one) lets handlers through silently. Probing once with a known payload
 * makes the sanitiser fail closed instead: without a working purifier only text is shown.
 */
// No event handler in the probe: parsing one is reported as a CSP violation even though it never runs.
const CANARY = '<p>ok</p><img src="/x.png" data-probe="1"><script>alert(1)</script>';
let purifierWorks: boolean | undefined;
function checkPurifier(): boolean {
  if (purifierWorks === undefined) {
    const out = purifier.isSupported ? purifier.sanitize(CANARY, config) : '';
    purifierWorks = out.startsWith('<p>ok</p><img') && !/data-probe|<script/i.test(out);
  }
  return purifierWorks;
}

/** The text of `html` as escaped HTML paragraphs: parsed in an inert document, nothing runs or loads. */
function textOnly(html: string): string {
  const text =
    new DOMParser().parseFromString(trustedHtml(html) as string, 'text/html').body.textContent ?? '';
  const escape = (value: string) =>
    value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escape(part)}</p>`)
    .join('');
}

/** Sanitises untrusted HTML from the content API in the browser. */
export function sanitizeHtmlBrowser(html: string): string {
  if (!checkPurifier()) return textOnly(html);
  return purifier.sanitize(html, config);
}
