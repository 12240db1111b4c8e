/**
 * The W3C Nu HTML Checker (`vnu.jar` from the `vnu-jar` package, run on the system's Java) and
 * the few messages of its CSS grammar and HTML rules that are older than what the site uses.
 *
 * Each known gap is matched exactly: by its message and by the declaration the message points
 * at, so an error of the same kind in any other declaration still fails the gate.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** One message of `vnu.jar --format json`. */
export interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'fatal' | 'warning' | 'io' | 'schema' | 'internal';
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
  lastColumn?: number;
  /** Where in `extract` the markup the message is about starts, and its length. */
  hiliteStart?: number;
  hiliteLength?: number;
}

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** Whether `java` runs here (`npm test` installs Debian's `default-jre-headless` when it is missing). */
export function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Checks the HTML files under `paths` (files or folders) in one run of the checker; a few
 * seconds for the whole site, most of it the JVM's start.
 */
export function runNuChecker(paths: string[]): NuMessage[] {
  const result = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--skip-non-html', ...paths], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  // The JSON report goes to standard error; exit code 1 only says that errors were found.
  const report = JSON.parse(result.stderr) as { messages: NuMessage[] };
  return report.messages;
}

export const isError = (message: NuMessage) =>
  message.type === 'error' || message.type === 'non-document-error';

/** The CSS declaration (`property:value`) a CSS message points at, read from the checked file. */
export function declarationAt(message: NuMessage): { property: string; value: string } | undefined {
  if (!message.url.startsWith('file:') || !message.lastLine || !message.lastColumn) return undefined;
  const line = readFileSync(fileURLToPath(message.url), 'utf8').split('\n')[message.lastLine - 1] ?? '';
  const at = message.lastColumn - 1;
  let end = at;
  while (end < line.length && line[end] !== ';' && line[end] !== '}') end++;
  const start = Math.max(line.lastIndexOf('{', at), line.lastIndexOf(';', at - 1)) + 1;
  const text = line.slice(start, end);
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  return { property: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}

/** The property a CSS message names: `CSS: “container-type”: …` → `container-type`. */
const cssProperty = (message: NuMessage) => /^CSS: “([^”]+)”:/.exec(message.message)?.[1];

/** Container query length units (CSS Containment 3): `100cqi`, `50cqmin`. */
const CONTAINER_UNIT = /\d(?:cqw|cqh|cqi|cqb|cqmin|cqmax)\b/;

export interface KnownGap {
  name: string;
  /** Why the message is the checker's and not the page's. */
  reason: string;
  matches(message: NuMessage): boolean;
}

/**
 * Messages of the checker's CSS grammar (its CSS validator predates CSS Containment 3) about
 * CSS that every engine the site supports implements. `content-visibility` is known to the
 * checker and needs no entry.
 */
export const KNOWN_CSS_GAPS: KnownGap[] = [
  {
    name: 'container-type',
    reason:
      '컨테이너 쿼리(CSS Containment 3)의 속성으로, Chromium 105·Safari 16·Firefox 110부터 지원합니다. 목록 그리드가 카드 높이 추정의 기준 컨테이너가 됩니다(lists.module.scss). 검사기의 CSS 문법에는 아직 없습니다.',
    matches: (message) =>
      message.message === "CSS: “container-type”: Property “container-type” doesn't exist." &&
      declarationAt(message)?.property === 'container-type',
  },
  {
    name: 'container query units',
    reason:
      '컨테이너 쿼리 단위(cqi 등, CSS Containment 3)는 같은 엔진들이 지원하지만 검사기의 CSS 문법은 모르는 단위라 그 선언을 읽지 못합니다(“Parse Error”, “Unknown dimension”). 카드의 예상 높이(--card-width, cards.module.scss)가 이 단위로 계산됩니다.',
    matches: (message) => {
      if (!/^CSS: “[^”]+”: (?:Parse Error|Unknown dimension)\.$/.test(message.message)) return false;
      const declaration = declarationAt(message);
      return declaration?.property === cssProperty(message) && CONTAINER_UNIT.test(declaration?.value ?? '');
    },
  },
];

/** The markup a message is about, as the checker highlights it in its extract. */
const highlighted = (message: NuMessage) =>
  message.extract?.slice(message.hiliteStart ?? 0, (message.hiliteStart ?? 0) + (message.hiliteLength ?? 0));

/**
 * Messages of the checker's HTML rules that predate HTML the site uses: the `expect` link type
 * (WHATWG HTML, 2024), with which the `blocking` attribute is allowed.
 */
export const KNOWN_HTML_GAPS: KnownGap[] = [
  {
    name: 'rel=expect',
    reason:
      '첫 페인트가 첫 화면의 파싱을 기다리게 하는 링크(<link rel="expect" blocking="render">, HTML 표준, Chromium 124부터)입니다. 검사기는 blocking 속성을 stylesheet 링크에만 허용하던 때의 규칙을 씁니다. 다른 링크의 blocking 속성은 여전히 오류입니다.',
    matches: (message) =>
      message.message ===
        'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.' &&
      /^<link rel="expect" href="#[\w-]+" blocking="render"\s*\/?>$/.test(highlighted(message) ?? ''),
  },
];

/** The gap a message belongs to, if any. */
export const knownGapOf = (message: NuMessage) =>
  [...KNOWN_CSS_GAPS, ...KNOWN_HTML_GAPS].find((gap) => gap.matches(message));

/** `file:/…/dist/faq/index.html` → `/faq/` (the address the page is served at). */
export function sitePath(url: string, root: string): string {
  const path = fileURLToPath(url).slice(root.length).replaceAll('\\', '/');
  return path.replace(/(^|\/)index\.html$/, '$1').replace(/^(?!\/)/, '/');
}

/** One line per message, for a failing assertion: `/faq/ 12:345 error: …`. */
export function describeMessages(messages: NuMessage[], root: string): string {
  return messages
    .map(
      (m) =>
        `${sitePath(m.url, root)} ${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}${m.extract ? `\n    ${m.extract}` : ''}`,
    )
    .join('\n');
}
