/**
 * Inlined into every page (BaseLayout.astro): once the page has painted, fetches and runs
 * after-paint-tasks.ts. A failed fetch (a tab left open across a deploy that removed the file)
 * is left unhandled on purpose: the new-version notice reports it.
 */
import { afterFirstPaint } from '../../lib/dom/after-first-paint.ts';
import afterPaintTasks from './after-paint-tasks.ts?chunk-url';

afterFirstPaint(() => void import(/* @vite-ignore */ afterPaintTasks), 1000);
