// @vitest-environment node
/** The search index handed to a build that is already running, through a named pipe. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openIndexHandoff } from './index-handoff.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'index-handoff-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build's read of the index: `readFileSync`, as `readPrebuiltIndex` does, in a process of its own. */
function buildReads(path: string) {
  const child = spawn(process.execPath, [
    '-e',
    `process.stdout.write(require('node:fs').readFileSync(${JSON.stringify(path)}, 'utf8'))`,
  ]);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<string>((resolve) =>
    child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8'))),
  );
  return { child, done };
}

describe('openIndexHandoff', () => {
  it('makes a build that reads the index early wait until it is sent, then gives it whole', async () => {
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    expect(handoff).not.toBeNull();
    const read = buildReads(handoff.path);
    await sleep(300);
    expect(read.child.exitCode).toBeNull();
    // Larger than a pipe holds at once.
    const index = JSON.stringify({ version: 1, input: 'x', index: '가'.repeat(200_000) });
    writeFileSync(join(dir, 'made.json'), index);
    handoff.send(join(dir, 'made.json'));
    const got = await read.done;
    expect(got.length).toBe(index.length);
    // Not `toBe`: a failure would print both 600 KB strings.
    expect(got === index).toBe(true);
    await handoff.close();
    expect(existsSync(handoff.path)).toBe(false);
  });

  it('gives every read the whole index, one after another, until the build has ended', async () => {
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    writeFileSync(join(dir, 'made.json'), '{"version":1}');
    handoff.send(join(dir, 'made.json'));
    expect(await buildReads(handoff.path).done).toBe('{"version":1}');
    expect(await buildReads(handoff.path).done).toBe('{"version":1}');
    await handoff.close();
  });

  it('ends at once when nothing was sent', async () => {
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    await handoff.close();
    expect(existsSync(handoff.path)).toBe(false);
  });

  it('gives a build an empty file when there is no index, so that it makes its own', async () => {
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    const read = buildReads(handoff.path);
    handoff.send(null);
    expect(await read.done).toBe('');
    await handoff.close();
  });

  it('lets go of an index the build never read once the build has ended', async () => {
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    writeFileSync(join(dir, 'made.json'), 'x'.repeat(200_000));
    handoff.send(join(dir, 'made.json'));
    await sleep(100);
    await handoff.close();
    expect(existsSync(handoff.path)).toBe(false);
  });

  it('lets go of a send that had not yet reached the pipe when the build ended', async () => {
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    writeFileSync(join(dir, 'made.json'), 'x'.repeat(200_000));
    handoff.send(join(dir, 'made.json'));
    await handoff.close();
    expect(existsSync(handoff.path)).toBe(false);
  });

  it('replaces whatever a killed run left at the path', async () => {
    writeFileSync(join(dir, 'index.json'), 'stale');
    const handoff = openIndexHandoff(join(dir, 'index.json'))!;
    const read = buildReads(handoff.path);
    handoff.send(null);
    expect(await read.done).toBe('');
    await handoff.close();
  });
});
