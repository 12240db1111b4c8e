/**
 * Keeps the `<area>` coords of an image map in step with the image's rendered size: image
 * map coords are pixels of the displayed image, written for the natural size
 * (`data-coords`), while the image is scaled by CSS.
 */
export function initProcessMap(figure: HTMLElement): void {
  const image = figure.querySelector<HTMLImageElement>('img[usemap]');
  const areas = figure.querySelectorAll<HTMLAreaElement>('area[data-coords]');
  if (!image || areas.length === 0) return;
  const naturalWidth = Number(image.getAttribute('width')) || image.naturalWidth;
  const update = () => {
    const scale = image.clientWidth / naturalWidth;
    if (!Number.isFinite(scale) || scale <= 0) return;
    for (const area of areas) {
      area.coords = (area.dataset.coords ?? '')
        .split(',')
        .map((value) => Math.round(Number(value) * scale))
        .join(',');
    }
  };
  new ResizeObserver(update).observe(image);
}
