// @vitest-environment node
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aliasTarget, detailKinds, detailRoutes, listIds, listRoutes, screenPath } from './routes.ts';

const pages = new URL('../pages/', import.meta.url);
/** Whether `src/pages` has the static page of `path` (`/helloty/page` → `helloty/page.astro` or `helloty/page/index.astro`). */
const hasPage = (path: string) =>
  [`${path.slice(1)}.astro`, `${path.slice(1)}/index.astro`].some((file) => existsSync(new URL(file, pages)));

describe('route table', () => {
  it('names every list screen once, at addresses no other screen uses', () => {
    expect(Object.keys(listRoutes).sort()).toEqual([...listIds].sort());
    const addresses = listIds.flatMap((id) => [listRoutes[id].path, ...(listRoutes[id].aliases ?? [])]);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const address of addresses) expect(address, address).toMatch(/^\/[^/](.*[^/])?$/);
  });

  it('names pages that exist: every list address and every detail query form and detail page', () => {
    for (const id of listIds) {
      for (const address of [listRoutes[id].path, ...(listRoutes[id].aliases ?? [])])
        expect(hasPage(address), address).toBe(true);
    }
    for (const kind of detailKinds) {
      const prefix = detailRoutes[kind].pathPrefix;
      expect(prefix, kind).toMatch(/^\/.+\/$/);
      expect(existsSync(new URL(`${prefix.slice(1)}index.astro`, pages)), prefix).toBe(true);
      const detailPage = ['[id].astro', '[tag].astro'].some((file) =>
        existsSync(new URL(`${prefix.slice(1)}${file}`, pages)),
      );
      expect(detailPage, `${prefix}[…].astro`).toBe(true);
    }
  });

  it('sends each detail back to an address of a list screen', () => {
    expect(Object.keys(detailRoutes).sort()).toEqual([...detailKinds].sort());
    const listAddresses = listIds.flatMap((id) => [listRoutes[id].path, ...(listRoutes[id].aliases ?? [])]);
    for (const kind of detailKinds) expect(listAddresses, kind).toContain(detailRoutes[kind].listPath);
  });

  it('gives no two detail screens the same prefix, and no list screen a detail address', () => {
    const prefixes = detailKinds.map((kind) => detailRoutes[kind].pathPrefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const id of listIds)
      for (const prefix of prefixes) expect(listRoutes[id].path.startsWith(prefix)).toBe(false);
  });
});

describe('screenPath', () => {
  it('maps a second address to its screen, with or without a trailing slash', () => {
    expect(aliasTarget('/helloty')).toBe('/success_story');
    expect(aliasTarget('/helloty/page')).toBe('/success_story');
    expect(aliasTarget('/success_story')).toBeUndefined();
    expect(screenPath('/helloty/')).toBe('/success_story');
    expect(screenPath('/helloty/page/')).toBe('/success_story');
  });

  it('leaves every other address as it is, without its trailing slash', () => {
    expect(screenPath('/')).toBe('/');
    expect(screenPath('/faq/')).toBe('/faq');
    expect(screenPath('/success_story')).toBe('/success_story');
    expect(screenPath('/cad_archive/success-0001/')).toBe('/cad_archive/success-0001');
    expect(screenPath('/helloty/other')).toBe('/helloty/other');
  });
});
