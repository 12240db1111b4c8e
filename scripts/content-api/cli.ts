/**
 * `npm run content-api -- [--content DIR] [--port N] [--host H] [--public-url URL]`
 *
 * Starts the reference content server. Defaults: the `data` folder beside this file, port
 * `CONTENT_API_PORT` or 8787, host 127.0.0.1.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ContentError } from './load-content.ts';
import { startServer } from './server.ts';

const DEFAULT_PORT = 8787;
const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('./data', import.meta.url));

const USAGE = `사용법: npm run content-api -- [--content 폴더] [--port 번호] [--host 주소] [--public-url 주소]
  --content     콘텐츠 폴더 (기본값: ${DEFAULT_CONTENT_DIR})
  --port        포트 (기본값: CONTENT_API_PORT 또는 ${DEFAULT_PORT}, 0이면 빈 포트)
  --host        수신 주소 (기본값: 127.0.0.1)
  --public-url  이미지 주소에 쓸 외부 공개 주소 (기본값: 요청 주소)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    fail(`포트 번호가 올바르지 않습니다: ${raw}`);
  }
  return port;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        content: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        'public-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const contentDir = values.content === undefined ? DEFAULT_CONTENT_DIR : resolve(values.content);
  // An empty CONTENT_API_PORT counts as unset, as shells often export empty variables.
  const port = parsePort(values.port ?? (process.env['CONTENT_API_PORT'] || String(DEFAULT_PORT)));
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !URL.canParse(publicUrl)) fail(`공개 주소가 올바르지 않습니다: ${publicUrl}`);

  // Signal handlers go in before the start line is printed, so a supervisor that stops the
  // server as soon as it announces itself still gets a clean exit.
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  let closing = false;
  const shutdown = () => {
    // A second Ctrl+C while closing exits at once.
    if (closing || !running) process.exit(closing ? 1 : 0);
    closing = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    running = await startServer({ contentDir, port, host: values.host, publicUrl });
  } catch (error) {
    if (error instanceof ContentError) fail(`콘텐츠 파일 오류: ${error.message}`);
    fail(`콘텐츠 API를 시작하지 못했습니다: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`콘텐츠 API: ${running.url} (콘텐츠 폴더: ${contentDir})`);
}

await main();
