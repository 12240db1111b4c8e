import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Marked } from './ResultText.tsx';

describe('Marked', () => {
  it('wraps matched ranges in <mark> and keeps markup in the text as text', () => {
    const html = renderToStaticMarkup(
      <Marked
        text="<img src=x onerror=alert(1)> 온보딩"
        marks={[
          [29, 32],
          [1, 4],
        ]}
      />,
    );
    expect(html).toBe('&lt;<mark>img</mark> src=x onerror=alert(1)&gt; <mark>온보딩</mark>');
  });
});
