import { describe, expect, it } from 'vitest';
import { diffRoutes, isUnchanged, type ReleaseManifest } from './manifest.ts';

describe('diffRoutes', () => {
  const previous = {
    codeDigest: 'code1',
    configDigest: 'cfg1',
    routes: { '/': '', '/a': 'x', '/b': 'y' },
  } as unknown as ReleaseManifest;

  it('lists added, changed and removed routes', () => {
    const diff = diffRoutes(previous, { '/': '', '/a': 'x2', '/c': 'z' }, 'code1', 'cfg1');
    expect(diff).toEqual({ added: ['/c'], changed: ['/a'], removed: ['/b'] });
    expect(isUnchanged(previous, diff)).toBe(false);
    expect(isUnchanged(previous, diffRoutes(previous, { '/': '', '/a': 'x', '/b': 'y' }, 'code1', 'cfg1'))).toBe(true);
  });

  it('counts every route as changed when the code changed', () => {
    expect(diffRoutes(previous, { '/': '', '/a': 'x', '/b': 'y' }, 'code2', 'cfg1').changed).toEqual(['/', '/a', '/b']);
  });

  it('counts every route as changed when the configuration changed', () => {
    expect(diffRoutes(previous, { '/': '', '/a': 'x', '/b': 'y' }, 'code1', 'cfg2').changed).toEqual(['/', '/a', '/b']);
  });

  it('treats everything as added without a previous release', () => {
    const diff = diffRoutes(null, { '/': '' }, 'code1', 'cfg1');
    expect(diff.added).toEqual(['/']);
    expect(isUnchanged(null, diff)).toBe(false);
  });
});
