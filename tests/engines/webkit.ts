/**
 * WebKit through WebKitWebDriver (Debian `webkit2gtk-driver`): a W3C WebDriver server that
 * starts WebKitGTK's MiniBrowser in automation mode. MiniBrowser needs an X display (Xvfb,
 * started by the suite's global setup). The protocol is plain HTTP and JSON, so this speaks it
 * with `fetch`: the commands below are all the suite needs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrollIntoViewSettled, type Driver, type Key } from './driver.ts';

export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52f-4a8d6d1d4a1d';
const KEYS: Record<Key, string> = {
  Enter: '\uE007',
  Tab: '\uE004',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  Escape: '\uE00C',
  Space: '\uE00D',
};

class WebDriverError extends Error {}

async function waitForDriver(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`WebKitWebDriver가 종료되었습니다 (코드 ${child.exitCode}).`);
    try {
      if ((await fetch(`${base}/status`, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('WebKitWebDriver가 20초 안에 응답하지 않았습니다.');
}

/**
 * MiniBrowser's toolbar (GTK widgets above the page) keeps its window at least 447 px wide, too
 * wide for a 390 px viewport. A GTK style sheet of its own shrinks the toolbar's widgets; it styles
 * only GTK widgets, not the page (WebKit draws the page's form controls and scroll bars itself).
 */
function gtkConfig(): string {
  const home = mkdtempSync(join(tmpdir(), 'engines-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(
    join(home, 'gtk-3.0', 'gtk.css'),
    '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n',
  );
  return home;
}

export async function launchWebKit({ port, display }: { port: number; display: string }): Promise<Driver> {
  if (!existsSync(MINIBROWSER))
    throw new Error(`MiniBrowser가 없습니다: ${MINIBROWSER} (webkit2gtk-driver 패키지)`);
  const config = gtkConfig();
  const child = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let driverLog = '';
  child.stderr?.on('data', (chunk: Buffer) => (driverLog = (driverLog + chunk.toString()).slice(-4_000)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForDriver(base, child);
  } catch (error) {
    child.kill();
    throw new Error(`${(error as Error).message}\n${driverLog}`);
  }

  async function call<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(base + path, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (
      !response.ok ||
      (json.value && typeof json.value === 'object' && 'error' in json.value && json.value.error)
    ) {
      throw new WebDriverError(
        `WebDriver ${method} ${path}: ${json.value?.error} ${json.value?.message ?? ''}`,
      );
    }
    return json.value;
  }

  const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>(
    'POST',
    '/session',
    {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          pageLoadStrategy: 'normal',
        },
      },
    },
  );
  const s = `/session/${session.sessionId}`;
  await call('POST', `${s}/timeouts`, { script: 30_000, pageLoad: 60_000, implicit: 0 });

  async function find(selector: string, index = 0): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        const elements = await call<Record<string, string>[]>('POST', `${s}/elements`, {
          using: 'css selector',
          value: selector,
        });
        const element = elements[index] ?? {};
        // The W3C key; older WebKit answers with the legacy `ELEMENT` one.
        const id = element[ELEMENT] ?? element['ELEMENT'] ?? Object.values(element)[0];
        if (!id) throw new Error(`${elements.length}개 중 ${index}번째가 없습니다.`);
        return id;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`요소가 없습니다: ${selector} (${(error as Error).message})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  async function evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<Awaited<T>> {
    const script = `const done = arguments[arguments.length - 1];
      const args = Array.prototype.slice.call(arguments, 0, -1);
      Promise.resolve().then(() => (${fn.toString()}).apply(null, args)).then(
        (value) => done({ ok: value === undefined ? null : value }),
        (error) => done({ error: String(error && error.stack || error) }));`;
    const result = await call<{ ok?: Awaited<T>; error?: string }>('POST', `${s}/execute/async`, {
      script,
      args,
    });
    if (result && typeof result === 'object' && 'error' in result && result.error)
      throw new Error(`페이지 스크립트 오류: ${result.error}`);
    return (result as { ok: Awaited<T> }).ok;
  }

  const driver: Driver = {
    engine: 'webkit',
    version: `MiniBrowser (WebKitGTK) ${session.capabilities.browserVersion}`,
    async setViewport(width, height) {
      let outer = { width, height };
      for (let attempt = 0; attempt < 4; attempt++) {
        await call('POST', `${s}/window/rect`, outer);
        await new Promise((r) => setTimeout(r, 150));
        const inner = await evaluate(() => ({ width: innerWidth, height: innerHeight }));
        if (inner.width === width && inner.height === height) return;
        outer = { width: outer.width + width - inner.width, height: outer.height + height - inner.height };
      }
      const inner = await evaluate(() => ({ width: innerWidth, height: innerHeight }));
      throw new Error(
        `WebKit 창 크기를 맞추지 못했습니다: ${inner.width}×${inner.height} (목표 ${width}×${height})`,
      );
    },
    async goto(url) {
      await call('POST', `${s}/url`, { url });
    },
    url: () => call<string>('GET', `${s}/url`),
    async back() {
      await call('POST', `${s}/back`, {});
    },
    async forward() {
      await call('POST', `${s}/forward`, {});
    },
    async click(selector, index = 0) {
      const element = await find(selector, index);
      // Centred, so the sticky header does not cover it, and still (see scrollIntoViewSettled).
      await evaluate(scrollIntoViewSettled, selector, index);
      await call('POST', `${s}/element/${element}/click`, {});
    },
    async type(selector, text, { clear = false } = {}) {
      const element = await find(selector);
      await evaluate(
        (sel: string) =>
          document.querySelector(sel)!.scrollIntoView({ block: 'center', behavior: 'instant' }),
        selector,
      );
      if (clear) await call('POST', `${s}/element/${element}/clear`, {});
      await call('POST', `${s}/element/${element}/value`, { text });
    },
    async select(selector, value) {
      await driver.click(`${selector} option[value="${value}"]`);
    },
    async press(key) {
      const value = KEYS[key];
      await call('POST', `${s}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      });
      await call('DELETE', `${s}/actions`);
    },
    evaluate: evaluate as Driver['evaluate'],
    async screenshot({ fullPage = false } = {}) {
      if (!fullPage) return Buffer.from(await call<string>('GET', `${s}/screenshot`), 'base64');
      const html = await find('html');
      return Buffer.from(await call<string>('GET', `${s}/element/${html}/screenshot`), 'base64');
    },
    takeEngineErrors: () => [],
    async close() {
      try {
        await call('DELETE', s);
      } finally {
        child.kill('SIGTERM');
        rmSync(config, { recursive: true, force: true });
      }
    },
  };
  return driver;
}
