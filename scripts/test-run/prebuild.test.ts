import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPrebuild } from './prebuild.ts';

let root: string;
let busy: Server | undefined;

afterEach(() => {
  busy?.close();
  rmSync(root, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('a site built ahead of its suite', () => {
  it('gives up, and leaves the suite to build its own, when the port its API is read through is taken', async () => {
    root = mkdtempSync(join(tmpdir(), 'prebuild-'));
    busy = createServer();
    await new Promise<void>((resolve) => busy!.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const prebuild = startPrebuild(root, 'engines', {}, { from: port, to: port + 1 });
    expect(await prebuild.done).toBe(false);
    expect(said.mock.calls.join('\n')).toMatch(/미리 빌드하지 못했습니다.*그 단계에서 다시 빌드합니다/);
    expect(readFileSync(join(root, '.cache', 'test-run', 'engines-build.log'), 'utf8')).toBe('');
  });
});
