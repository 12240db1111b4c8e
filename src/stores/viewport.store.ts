/**
 * The one shared answer to "is this the mobile layout?" (980px or less, the site's one mobile
 * breakpoint) for the islands and the lazily loaded scripts that change at that width. A page
 * script carried inline reads the breakpoint itself (lib/dom/mobile-layout.ts), without nanostores.
 */
import { atom, onMount } from 'nanostores';
import { watchMobileLayout } from '../lib/dom/mobile-layout.ts';

export const $isMobile = atom(false);

onMount($isMobile, () => watchMobileLayout((mobile) => $isMobile.set(mobile)));
