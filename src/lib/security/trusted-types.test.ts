// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUSTED_TYPES_POLICY, trustedHtml, trustedScriptUrl, trustedTypesPolicy } from './trusted-types.ts';

const win = window as unknown as { trustedTypes?: unknown } & Record<symbol, unknown>;

afterEach(() => {
  delete win.trustedTypes;
  delete win[Symbol.for('insighthire.trusted-types')];
});

describe('trusted types', () => {
  it('hands the strings back where the browser has no Trusted Types', () => {
    expect(trustedTypesPolicy()).toBeUndefined();
    expect(trustedHtml('<p>a</p>')).toBe('<p>a</p>');
    expect(trustedScriptUrl('/_astro/a.js')).toBe('/_astro/a.js');
  });

  it('creates the one named policy once, for every copy of the module, and lets only own scripts start', () => {
    type Rules = { createHTML(input: string): string; createScriptURL(input: string): string };
    const createPolicy = vi.fn((_name: string, rules: Rules) => ({
      createHTML: (input: string) => ({ html: rules.createHTML(input) }),
      createScriptURL: (input: string) => ({ url: rules.createScriptURL(input) }),
    }));
    win.trustedTypes = { createPolicy };
    expect(trustedHtml('<p>a</p>')).toEqual({ html: '<p>a</p>' });
    expect(trustedScriptUrl('/_astro/a.worker.js')).toEqual({ url: '/_astro/a.worker.js' });
    expect(() => trustedScriptUrl('https://elsewhere.example/a.js')).toThrow(TypeError);
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]![0]).toBe(TRUSTED_TYPES_POLICY);
  });
});
