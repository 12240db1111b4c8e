// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptEarlyInput, findEarlyForm, whenSettled } from './early-input.ts';

function earlyForm(value = ''): HTMLFormElement {
  document.body.innerHTML = '<form data-search-early><input name="q"></form><input id="box">';
  const form = findEarlyForm()!;
  (form.elements.namedItem('q') as HTMLInputElement).value = value;
  form.hidden = false;
  return form;
}

/** An IME's events as the form sees them, with the note the shortcut script keeps. */
const compose = (form: HTMLFormElement, type: 'input' | 'compositionend') => {
  if (type === 'input') form.dataset.ime = 'true';
  form.dispatchEvent(new Event(type, { bubbles: true }));
};

afterEach(() => vi.useRealTimers());

describe('whenSettled', () => {
  it('runs at once when nothing is composing', () => {
    const run = vi.fn();
    whenSettled(earlyForm('면접'), run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for a composition to end, and past the next syllable started by the same key', () => {
    vi.useFakeTimers();
    const form = earlyForm('면');
    compose(form, 'input');
    const run = vi.fn();
    whenSettled(form, run, 1000);
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
    // 면 + ㅈ + ㅓ: the key that ends 면접's 접 starts the next syllable in the same task.
    compose(form, 'compositionend');
    compose(form, 'input');
    vi.advanceTimersByTime(1);
    expect(run).not.toHaveBeenCalled();
    compose(form, 'compositionend');
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('takes over a composition left still for the grace time, and each keystroke restarts it', () => {
    vi.useFakeTimers();
    const form = earlyForm('머');
    compose(form, 'input');
    const run = vi.fn();
    whenSettled(form, run, 1000);
    vi.advanceTimersByTime(900);
    compose(form, 'input');
    vi.advanceTimersByTime(900);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled (the dialog closed before it showed)', () => {
    vi.useFakeTimers();
    const form = earlyForm();
    compose(form, 'input');
    const run = vi.fn();
    whenSettled(form, run, 1000)();
    compose(form, 'compositionend');
    vi.advanceTimersByTime(2000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('adoptEarlyInput', () => {
  it('moves the text and the caret into the box, then empties and hides the form', () => {
    const form = earlyForm('채용 브랜딩');
    const early = form.elements.namedItem('q') as HTMLInputElement;
    early.setSelectionRange(2, 2);
    form.dataset.ime = 'false';
    const box = document.getElementById('box') as HTMLInputElement;
    expect(adoptEarlyInput(form, box)).toBe('채용 브랜딩');
    expect(box.value).toBe('채용 브랜딩');
    expect([box.selectionStart, box.selectionEnd]).toEqual([2, 2]);
    expect(early.value).toBe('');
    expect(form.hidden).toBe(true);
    expect(form.dataset.ime).toBeUndefined();
  });
});
