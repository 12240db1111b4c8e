// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { injectStyles } from './inject-styles.ts';

describe('injectStyles', () => {
  it('adds the rules to the head once, however often the code runs', () => {
    injectStyles('list-states', '.a{color:red}');
    injectStyles('list-states', '.a{color:red}');
    const styles = document.head.querySelectorAll('style#list-states');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toBe('.a{color:red}');
  });
});
