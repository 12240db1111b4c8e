// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CpuWindow } from './cpu-window.ts';
import { defaultSharePicture, renderShareImage } from './render-share-image.ts';
import type { ShareCard } from './share-cards.ts';
import { drawerSources } from './share-picture-key.ts';
import { isWholeJpeg } from './share-picture-store.ts';
import { SharePictures, type SharePicturesOptions } from './share-pictures.ts';

const root = process.cwd();
const options = { apiOrigin: 'http://127.0.0.1:9', brand: '인사이트하이어', host: 'www.insighthire.example' };
const card = (title: string, image: string | null = null): ShareCard => ({
  title,
  eyebrow: 'HR 이야기',
  image,
});

/**
 * A stand-in for the drawer, quick and telling: its "JPEG" holds the card's title between a JPEG's
 * start and end markers. A card titled `hang` never finishes (a busy loop only ending the thread
 * stops), one titled `slow…` takes half a second; a picture address with `missing` in it draws as a
 * card whose picture could not be had.
 */
const FAKE_WORKER = `
export default async function draw({ card }) {
  if (card.title === 'hang') for (;;) {}
  if (card.title.startsWith('slow')) await new Promise((resolve) => setTimeout(resolve, 500));
  const title = new TextEncoder().encode(card.title);
  return { jpeg: Uint8Array.from([0xff, 0xd8, ...title, 0xff, 0xd9]), whole: !card.image?.includes('missing') };
}
`;

let work: string;
let dir: string;
let workerFile: string;
let builds: SharePictures[] = [];

/** One build's pictures: the store in `dir`, the stand-in drawer on two threads. */
function build(extra: Partial<SharePicturesOptions> = {}): SharePictures {
  const pictures = new SharePictures({ dir, root, workerFile, threads: 2, drawer: 'drawer-1', ...extra });
  builds.push(pictures);
  return pictures;
}

/** Runs a build of `cards` as Astro does: the list first, then each page's GET; then its end. */
async function runBuild(pictures: SharePictures, cards: ShareCard[]): Promise<Buffer[]> {
  pictures.prepare(cards, options);
  const jpegs = [];
  for (const each of cards) jpegs.push(await pictures.picture(each, options));
  await pictures.finish();
  builds = builds.filter((other) => other !== pictures);
  return jpegs;
}

const storeFiles = () => readdirSync(dir).filter((name) => name.endsWith('.jpg'));

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'share-pictures-test-'));
  workerFile = join(work, 'fake-worker.mjs');
  writeFileSync(workerFile, FAKE_WORKER);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeEach(() => {
  dir = mkdtempSync(join(work, 'store-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  // A failed test may leave a build unfinished, its threads running.
  await Promise.all(builds.map((pictures) => pictures.finish()));
  builds = [];
  vi.restoreAllMocks();
});

describe('the store of drawn share pictures', () => {
  it('draws a card once: later asked for in the same build or in the next, it comes from the store', async () => {
    const first = build();
    const [drawn, again] = await runBuild(first, [card('제목'), card('제목')]);
    expect(first.counts).toMatchObject({ drawn: 1, restored: 1 });
    expect(again!.equals(drawn!)).toBe(true);

    const second = build();
    const [restored] = await runBuild(second, [card('제목')]);
    expect(second.counts).toMatchObject({ drawn: 0, restored: 1 });
    expect(restored!.equals(drawn!)).toBe(true);
    expect(storeFiles()).toHaveLength(1);
  });

  it('draws a card again when its title changed, and forgets the old picture', async () => {
    await runBuild(build(), [card('제목'), card('그대로')]);
    const second = build();
    const [edited] = await runBuild(second, [card('제목 (개정판)'), card('그대로')]);
    expect(second.counts).toMatchObject({ drawn: 1, restored: 1 });
    expect(edited!.toString()).toContain('제목 (개정판)');
    // The old title's picture left the store with the build that no longer used it.
    expect(storeFiles()).toHaveLength(2);
  });

  it("says in the build's log the CPU share while pictures were drawing, when any were", async () => {
    // Each reading one second and 1.7 s of CPU (1.2 user, 0.5 system) after the one before.
    let readings = 0;
    const clock = {
      now: () => ++readings * 1000,
      usage: () => ({ user: readings * 1_200_000, system: readings * 500_000 }),
    };
    const log = vi.mocked(console.log);
    await runBuild(build({ cpuWindow: new CpuWindow(clock) }), [card('가'), card('나')]);
    expect(String(log.mock.lastCall![0])).toMatch(
      /^공유 이미지: 새로 그림 2개 \(스레드 2개\), 저장소에서 0개, 그리는 동안 CPU 170% \(\d+코어 중\), \d+\.0초$/,
    );
    await runBuild(build(), [card('가'), card('나')]);
    expect(String(log.mock.lastCall![0])).toBe('공유 이미지: 새로 그림 0개 (스레드 0개), 저장소에서 2개');
  });

  it('draws every card again when the drawer changed', async () => {
    await runBuild(build(), [card('가'), card('나')]);
    const second = build({ drawer: 'drawer-2' });
    await runBuild(second, [card('가'), card('나')]);
    expect(second.counts).toMatchObject({ drawn: 2, restored: 0 });
  });

  it('draws a card again when its file is not a whole JPEG', async () => {
    await runBuild(build(), [card('제목')]);
    const [name] = storeFiles();
    const file = join(dir, name!);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 2));
    const second = build();
    const [redrawn] = await runBuild(second, [card('제목')]);
    expect(second.counts).toMatchObject({ drawn: 1, restored: 0 });
    expect(redrawn!.equals(whole)).toBe(true);
    expect(readFileSync(file).equals(whole)).toBe(true);
  });

  it('does not keep a card drawn without the picture it names: the next build tries again', async () => {
    await runBuild(build(), [card('그림 없음', 'http://127.0.0.1:9/missing.png')]);
    expect(storeFiles()).toEqual([]);
    const second = build();
    await runBuild(second, [card('그림 없음', 'http://127.0.0.1:9/missing.png')]);
    expect(second.counts.drawn).toBe(1);
  });

  it('gives a draw past its time limit the default picture, alone: the others are drawn and kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pictures = build({ drawSeconds: 1 });
    const cards = [card('hang'), card('가'), card('나'), card('다')];
    const started = performance.now();
    const [hung, ...others] = await runBuild(pictures, cards);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(hung!.equals(await defaultSharePicture(root))).toBe(true);
    expect(others.map((jpeg) => jpeg.subarray(2, -2).toString())).toEqual(['가', '나', '다']);
    expect(pictures.counts).toMatchObject({ drawn: 3, fallback: 1 });
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toMatch(/^공유 이미지: 1초 안에 그리지 못해 .*: hang$/);
    // The default picture is not kept under the card's key: the next build tries it again.
    expect(storeFiles()).toHaveLength(3);
  });

  it('drops at the build end the pictures drawn ahead for pages nobody asked for', async () => {
    const pictures = build({ threads: 1 });
    pictures.prepare(
      ['slow 1', 'slow 2', 'slow 3', 'slow 4', 'slow 5', 'slow 6'].map((title) => card(title)),
      options,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await pictures.finish();
    builds = [];
    // The draw under way finishes (and is kept); the five waiting are not drawn.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(storeFiles().length).toBeLessThanOrEqual(2);
  });
});

describe('the worker thread', () => {
  it('draws the very bytes this thread draws', { timeout: 60_000 }, async () => {
    const pictures = new SharePictures({ dir, root, threads: 1, drawer: 'real' });
    builds.push(pictures);
    const each = { title: '면접관 교육의 첫걸음', eyebrow: '제품', image: null, localImage: null };
    const [jpeg] = await runBuild(pictures, [each]);
    expect(pictures.counts).toMatchObject({ drawn: 1, fallback: 0 });
    expect(isWholeJpeg(jpeg!)).toBe(true);
    expect(jpeg!.equals(await renderShareImage(each, options))).toBe(true);
  });
});

describe("the drawer's code", () => {
  it('is what render-share-image.ts imports, and not the site copy, the API client or the card data', () => {
    const files = drawerSources(root).map((file) => relative(root, file));
    expect(files).toEqual(
      expect.arrayContaining([
        'src/lib/og/render-share-image.ts',
        'src/lib/og/share-picture-worker.ts',
        'src/lib/og/share-image-layout.ts',
        'src/lib/og/share-image-fonts.ts',
        'src/lib/images/svg-guard.ts',
        'src/assets/brand/favicon.svg',
      ]),
    );
    for (const file of files)
      expect(file).not.toMatch(/i18n|ko\.json|lib\/api\/client|share-cards\.ts|styles\//);
  });
});
