/**
 * Sliders on Swiper with the spec's settings (§9): one slide, infinite, 1000 ms, autoplay off,
 * draggable, dots, arrows only where asked. The markup is server-rendered; Swiper is loaded
 * only when a slider comes near the viewport, and never on pages without one.
 * `data-mobile-only` sliders exist only at 980px or less (the shared viewport store).
 */
import { $isMobile } from '../../stores/viewport.store.ts';

type SwiperInstance = { destroy(deleteInstance?: boolean, cleanStyles?: boolean): void };

const a11y = {
  enabled: true,
  prevSlideMessage: '이전 슬라이드',
  nextSlideMessage: '다음 슬라이드',
  firstSlideMessage: '첫 번째 슬라이드입니다',
  lastSlideMessage: '마지막 슬라이드입니다',
  paginationBulletMessage: '{{index}}번 슬라이드로 이동',
  slideLabelMessage: '{{index}} / {{slidesLength}}',
  containerRoleDescriptionMessage: '슬라이드',
  itemRoleDescriptionMessage: '슬라이드',
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
  return new Swiper(container, {
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
  });
}

function whenNear(element: Element, callback: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        callback();
      }
    },
    { rootMargin: '300px' },
  );
  observer.observe(element);
}

function initCarousel(root: HTMLElement): void {
  if (root.dataset.mobileOnly !== 'true') {
    whenNear(root, () => void createSwiper(root));
    return;
  }
  let instance: SwiperInstance | undefined;
  let pending = false;
  $isMobile.subscribe((mobile) => {
    if (mobile && !instance && !pending) {
      pending = true;
      void createSwiper(root).then((swiper) => {
        pending = false;
        if ($isMobile.get()) instance = swiper;
        else swiper.destroy(true, true);
      });
    } else if (!mobile && instance) {
      instance.destroy(true, true);
      instance = undefined;
    }
  });
}

export function initCarousels(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) initCarousel(root);
}
