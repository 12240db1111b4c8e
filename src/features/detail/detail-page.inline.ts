/**
 * The pre-rendered detail page's only script. Its imports are copied into it at build time
 * (src/integrations/page-scripts), so the page carries it inline and fetches no JavaScript.
 */
import { rewriteBackLinks, watchImageFallbacks } from './detail-page.client.ts';
import { enhanceShareButtons } from './share-buttons.client.ts';

rewriteBackLinks(document, location.search);
watchImageFallbacks(document);
enhanceShareButtons(document, navigator, document);
