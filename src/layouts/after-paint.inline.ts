/**
 * The layout's page script: the styles that wait for the first paint (later-styles.ts). A page
 * whose sections below its first screen wait for theirs also keeps a section's address in place
 * (components/layout/FirstScreenEnd.astro).
 */
import { loadLaterStyles } from '../lib/dom/later-styles.ts';

loadLaterStyles();
