/**
 * The white paper's table of contents script, carried inline by the page: its imports are
 * copied in at build time (src/integrations/page-scripts), so it costs no request.
 */
import { initToc } from './whitepaper-toc.ts';

const details = document.querySelector<HTMLDetailsElement>('[data-toc]');
if (details) initToc(details);
