// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeScript, type ProbeGlobals } from './tap-probe.ts';

const probe = () => window as unknown as ProbeGlobals;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const settle = async () => {
  await Promise.resolve();
  await nextFrame();
  await nextFrame();
};

function listScreen(status: string, titles: string[]): string {
  const items = titles.map((title) => `<li><h2>${title}</h2></li>`).join('');
  return `<h1>자주 묻는 질문</h1><section aria-busy="false" data-status="${status}"><ul>${items}</ul></section>`;
}

describe('the tap probe in the page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = listScreen('ready', ['처음 질문']);
    new Function(probeScript())();
  });
  afterEach(() => probe().__tapBenchReset());

  it('notes the frame at which the armed result is first in the DOM', async () => {
    probe().__tapBenchArm('페이지', { contentNot: '처음 질문', minItems: 1 });
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(probe().__tapBenchResult).toBeNull();

    document.querySelector('section')!.setAttribute('data-status', 'loading');
    await settle();
    expect(probe().__tapBenchResult).toBeNull();

    document.body.innerHTML = listScreen('ready', ['다른 분류의 질문']);
    await settle();
    const result = probe().__tapBenchResult!;
    expect(result).not.toBeNull();
    expect(result.doc).toBe(probe().__tapBenchDoc);
    expect(result.down).not.toBeNull();
    expect(result.now).toBeGreaterThanOrEqual(result.down!);
  });

  it('reads the screen only when the DOM changes, not every frame', async () => {
    const read = vi.spyOn(probe(), '__tapBenchView');
    probe().__tapBenchArm('페이지', { contentNot: '처음 질문' });
    for (let frame = 0; frame < 5; frame++) await nextFrame();
    expect(read).toHaveBeenCalledTimes(1);
    document.querySelector('h2')!.textContent = '바뀐 질문';
    await settle();
    expect(read).toHaveBeenCalledTimes(2);
    expect(probe().__tapBenchResult).not.toBeNull();
  });

  it('goes on waiting in a document the tap loaded', async () => {
    probe().__tapBenchArm('페이지', { contentNot: '처음 질문' });
    window.dispatchEvent(new Event('pointerdown'));
    // A new document: the init script runs again, before the page's content.
    document.body.innerHTML = '';
    new Function(probeScript())();
    expect(probe().__tapBenchResult).toBeNull();
    document.body.innerHTML = listScreen('ready', ['2페이지의 질문']);
    await settle();
    const result = probe().__tapBenchResult!;
    expect(result).not.toBeNull();
    expect(result.downAt).not.toBeNull();
  });
});
