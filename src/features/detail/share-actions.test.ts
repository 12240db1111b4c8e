// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { canShareNatively, copyToClipboard, shareNatively } from './share-actions.ts';
import { enhanceShareButtons } from './share-buttons.client.ts';

const url = 'https://www.insighthire.example/info/blog/hr-0001/';

describe('copyToClipboard', () => {
  it('writes the address with the Clipboard API', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    expect(await copyToClipboard(url, { clipboard: { writeText } }, document)).toBe(true);
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('falls back to the copy command when the Clipboard API refuses, and reports failure when both fail', async () => {
    const refused = { clipboard: { writeText: () => Promise.reject(new Error('denied')) } };
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    expect(await copyToClipboard(url, refused, document)).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    document.execCommand = () => false;
    expect(await copyToClipboard(url, {}, document)).toBe(false);
  });
});

describe('shareNatively', () => {
  it('exists only where navigator.share does', () => {
    expect(canShareNatively({})).toBe(false);
    expect(canShareNatively(undefined)).toBe(false);
    expect(canShareNatively({ share: () => Promise.resolve() })).toBe(true);
  });

  it('passes the title and address; closing the sheet is a cancel, not a failure', async () => {
    const share = vi.fn(() => Promise.resolve());
    expect(await shareNatively({ share }, '제목', url)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: '제목', url });
    const abort = () => Promise.reject(new DOMException('closed', 'AbortError'));
    expect(await shareNatively({ share: abort }, '제목', url)).toBe('cancelled');
    expect(await shareNatively({ share: () => Promise.reject(new Error('x')) }, '제목', url)).toBe('failed');
  });
});

describe('enhanceShareButtons (pre-rendered page)', () => {
  const markup = `
    <div data-share-row data-share-url="${url}" data-share-title="제목" data-msg-copied="링크를 복사했습니다."
         data-msg-copy-failed="복사하지 못했습니다." data-msg-share-failed="공유하지 못했습니다.">
      <ul><li><button data-share-action="copy">링크 복사</button></li>
      <li hidden><button data-share-action="native">공유하기</button></li></ul>
      <p role="status" aria-live="polite" data-share-status></p>
    </div>`;
  const status = () => document.querySelector('[data-share-status]')!.textContent;

  it('shows 공유하기 only with the Web Share API and announces the copy', async () => {
    document.body.innerHTML = markup;
    const writeText = vi.fn(() => Promise.resolve());
    enhanceShareButtons(document, { clipboard: { writeText } }, document);
    expect(document.querySelector<HTMLElement>('li:has([data-share-action="native"])')!.hidden).toBe(true);
    document.querySelector<HTMLButtonElement>('[data-share-action="copy"]')!.click();
    await vi.waitFor(() => expect(status()).toBe('링크를 복사했습니다.'));
    expect(writeText).toHaveBeenCalledWith(url);

    document.body.innerHTML = markup;
    const share = vi.fn(() => Promise.resolve());
    enhanceShareButtons(document, { share }, document);
    const native = document.querySelector<HTMLButtonElement>('[data-share-action="native"]')!;
    expect(native.closest('li')!.hidden).toBe(false);
    native.click();
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: '제목', url }));
  });
});
