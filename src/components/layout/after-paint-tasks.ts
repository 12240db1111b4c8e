/**
 * What every page does after its first paint and not before: the footer's styles, the web font
 * download, and the watch that shows waiting pictures as the visitor nears them. A chunk of its
 * own, fetched by after-paint.inline.ts once the page has painted, so that none of this code is
 * in the page's HTML, which must arrive in the first round trip of a slow connection.
 */
import { addLaterStyles } from '../../lib/dom/later-styles.ts';
import { loadWebFonts } from '../../lib/fonts/load-fonts.ts';
import { showPicturesOnApproach } from '../ui/picture-on-approach.ts';

addLaterStyles();
showPicturesOnApproach();
loadWebFonts();
