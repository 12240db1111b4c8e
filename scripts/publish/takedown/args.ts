/** Command-line options of `npm run takedown`. */
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { routeIdProblem } from '../../../src/lib/api/item-address.ts';

export interface TakedownCommand {
  /** The item's id (or a patent's tag), as `rebuild --item` takes it. */
  item: string;
  /** The rebuild's output folder. */
  out: string;
  /** The host to deploy to (`npm run deploy`'s `--to`); `null`: no deploy. */
  to: string | null;
  /** Whether to purge the edge (`npm run purge`, Cloudflare's variables). */
  purge: boolean;
}

export const TAKEDOWN_USAGE = `사용법: npm run takedown -- 항목ID --out 출력폴더 [--to 배포대상] [--purge]
  콘텐츠 API에서 지우거나 고친 항목을 사이트에서 곧바로 내립니다: 그 항목을 다시 읽어 게시하고
  (npm run rebuild -- --item), --to 가 있으면 호스트에 배포하며 (npm run deploy), --purge 가 있으면
  CDN 캐시에서 지웁니다 (npm run purge). 끝나면 어디서 무엇을 지웠는지 알려 줍니다.`;

/** @returns `'help'` for `--help`. @throws {Error} with a Korean message for a bad command line. */
export function parseTakedownArgs(argv: readonly string[], cwd: string): TakedownCommand | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      to: { type: 'string' },
      purge: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new Error('내릴 항목의 ID를 하나 적어 주세요.');
  const item = positionals[0]!;
  // The site's own rule for an id in an address: nothing a shell or a path could read otherwise.
  if (routeIdProblem(item) !== null)
    throw new Error(`항목 ID로 쓸 수 없는 값입니다: ${JSON.stringify(item)}`);
  if (!values.out) throw new Error('--out 출력폴더가 필요합니다 (npm run rebuild 의 --out).');
  return {
    item,
    out: isAbsolute(values.out) ? values.out : resolve(cwd, values.out),
    to: values.to ?? null,
    purge: values.purge,
  };
}
