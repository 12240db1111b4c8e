/**
 * Sliders on Swiper with the site's slider settings: one slide, infinite, 1000 ms, autoplay off,
 * draggable, dots, arrows only where asked. The markup (dots included) is server-rendered;
 * this module and Swiper are loaded only when the visitor approaches or touches a slider
 * (carousel-loader.inline.ts), and never on pages without one.
 * `data-mobile-only` sliders exist only at 980px or less (the shared viewport store).
 */
import { $isMobile } from '../../../stores/viewport.store.ts';
import { t } from '../../../i18n/index.ts';

type SwiperInstance = {
  destroy(deleteInstance?: boolean, cleanStyles?: boolean): void;
  slideToLoop(index: number): void;
  slideNext(): void;
  slidePrev(): void;
};

/** What the visitor asked of a slider before it started: a dot (0-based) or an arrow. */
export type CarouselAction = { dot: number } | 'prev' | 'next';

const a11y = {
  enabled: true,
  prevSlideMessage: t('carousel.prev'),
  nextSlideMessage: t('carousel.next'),
  firstSlideMessage: t('carousel.first'),
  lastSlideMessage: t('carousel.last'),
  // Swiper fills in `{{index}}` itself.
  paginationBulletMessage: t('carousel.goTo'),
  slideLabelMessage: '{{index}} / {{slidesLength}}',
  containerRoleDescriptionMessage: t('carousel.slide'),
  itemRoleDescriptionMessage: t('carousel.slide'),
  slideRole: 'group',
};

async function createSwiper(root: HTMLElement): Promise<SwiperInstance> {
  const [{ default: Swiper }, { A11y, Navigation, Pagination, Keyboard }] = await Promise.all([
    import('swiper'),
    import('swiper/modules'),
  ]);
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const arrows = root.dataset.arrows === 'true';
  const container = root.querySelector<HTMLElement>('.swiper')!;
  return keepDotFocus(
    root,
    () =>
      new Swiper(container, {
        modules: [A11y, Pagination, Navigation, Keyboard],
        slidesPerView: 1,
        loop: true,
        speed: reduceMotion ? 0 : 1000,
        allowTouchMove: true,
        simulateTouch: true,
        grabCursor: true,
        keyboard: { enabled: true, onlyInViewport: true },
        a11y: { ...a11y, containerMessage: root.dataset.label ?? null },
        pagination: {
          el: root.querySelector<HTMLElement>('[data-carousel-dots]'),
          clickable: true,
          bulletElement: 'button',
        },
        navigation: arrows
          ? {
              prevEl: root.querySelector<HTMLElement>('[data-carousel-prev]'),
              nextEl: root.querySelector<HTMLElement>('[data-carousel-next]'),
            }
          : false,
      }),
  );
}

/**
 * Swiper renders the dots anew; a visitor who had focused one of the server-rendered dots keeps
 * the focus on the same dot.
 */
function keepDotFocus(root: HTMLElement, create: () => SwiperInstance): SwiperInstance {
  const dots = root.querySelector<HTMLElement>('[data-carousel-dots]');
  const focused = dots && document.activeElement ? [...dots.children].indexOf(document.activeElement) : -1;
  const swiper = create();
  if (focused >= 0 && !dots!.contains(document.activeElement))
    (dots!.children[focused] as HTMLElement | undefined)?.focus();
  return swiper;
}

function act(swiper: SwiperInstance, action: CarouselAction | undefined): void {
  if (action === 'prev') swiper.slidePrev();
  else if (action === 'next') swiper.slideNext();
  else if (action) swiper.slideToLoop(action.dot);
}

/**
 * Starts one slider; `takeAction` hands over (once) what the visitor clicked before it started.
 * A `data-mobile-only` slider follows the viewport store: built at 980px or less, taken down
 * above.
 */
export function startCarousel(root: HTMLElement, takeAction: () => CarouselAction | undefined): void {
  if (root.dataset.mobileOnly !== 'true') {
    void createSwiper(root).then((swiper) => act(swiper, takeAction()));
    return;
  }
  let instance: SwiperInstance | undefined;
  let pending = false;
  $isMobile.subscribe((mobile) => {
    if (mobile && !instance && !pending) {
      pending = true;
      void createSwiper(root).then((swiper) => {
        pending = false;
        if ($isMobile.get()) {
          instance = swiper;
          act(swiper, takeAction());
        } else swiper.destroy(true, true);
      });
    } else if (!mobile && instance) {
      instance.destroy(true, true);
      instance = undefined;
    }
  });
}
