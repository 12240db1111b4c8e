import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { startPrebuild } from './prebuild.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe("Playwright's site built ahead", () => {
  it('says so and leaves Playwright to build its own when the build fails', async () => {
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    // No content to serve: the reference server stops at once, and the build with it.
    const built = await startPrebuild(root, 'prebuild-test', {
      CONTENT_DIR: '/nonexistent-content',
      CONTENT_API_PORT: '8894',
    });
    expect(built).toBe(false);
    expect(said.mock.calls.join('\n')).toMatch(/미리 빌드하지 못했습니다.*그 단계에서 다시 빌드합니다/);
    said.mockRestore();
  });
});
