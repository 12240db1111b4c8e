/** What a takedown says at the end: what it removed, and where. */
import type { TakedownCommand } from './args.ts';

/** The route lists of the published release's `changed-routes.json`. */
export interface ReleaseRoutes {
  added: string[];
  changed: string[];
  removed: string[];
}

const isSearchFile = (route: string) => route.startsWith('/search-index/');
const isSharePicture = (route: string) => route.startsWith('/og/');

/** Korean lines: the routes removed and rewritten, by kind, and each place they left. */
export function takedownSummary(routes: ReleaseRoutes, command: TakedownCommand, seconds: number): string[] {
  const searchFiles = routes.removed.filter(isSearchFile);
  const pictures = routes.removed.filter(isSharePicture);
  const pages = routes.removed.filter((route) => !isSearchFile(route) && !isSharePicture(route));
  const lines = [
    `게시 내리기를 마쳤습니다: ${command.item} (${seconds.toFixed(1)}초)`,
    `  릴리스 ${command.out}/current 에서 지운 페이지 ${pages.length}개, 공유 이미지 ${pictures.length}개, 검색 색인 파일 ${searchFiles.length}개; 다시 쓴 파일 ${routes.changed.length}개`,
    ...[...pages, ...pictures].map((route) => `    - ${route}`),
  ];
  lines.push(
    command.to
      ? `  호스트 ${command.to}: 새 릴리스로 바꾸고, 지운 검색 색인 파일을 공용 폴더(assets)에서도 지웠습니다`
      : '  호스트: 배포하지 않았습니다 (--to 없음)',
    command.purge
      ? `  CDN: 지우거나 다시 쓴 주소 ${routes.removed.length + routes.changed.length}개를 캐시에서 지웠습니다`
      : '  CDN: 퍼지하지 않았습니다 (--purge 없음)',
  );
  return lines;
}
