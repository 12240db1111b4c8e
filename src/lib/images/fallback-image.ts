/**
 * The picture shown for an item without an image, or whose image fails to load
 * (public/images/fallback-thumb.svg). Kept apart so the detail page can use it without the
 * list cards' styles.
 */
export const FALLBACK_IMAGE = '/images/fallback-thumb.svg';
