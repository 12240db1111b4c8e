import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { DateText } from '../../components/ui/DateText.tsx';
import { listKinds } from './list-kinds.ts';
import { withListContext } from '../../lib/list-query.ts';
import { ListFrame } from './ListFrame.tsx';
import type { ListSnapshot } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import patent from './patent.module.scss';

export interface PatentListProps {
  snapshot: ListSnapshot;
}

/** Patents: a table of number, patent name (linking to its page), registration date and views. */
function PatentList({ snapshot }: PatentListProps) {
  const [state, store] = useListStore('patent', snapshot);
  return (
    <ListFrame config={listKinds.patent} state={state} store={store} skeleton="row" searchLabel="특허 검색">
      <table className={patent.table}>
        <caption className="visually-hidden">특허 목록</caption>
        <thead>
          <tr>
            <th scope="col">번호</th>
            <th scope="col">특허명</th>
            <th scope="col">등록일</th>
            <th scope="col">조회수</th>
          </tr>
        </thead>
        <tbody>
          {state.items.map((item) => (
            <tr key={item.id}>
              <td data-label="번호">{item.no ?? ''}</td>
              <td data-label="특허명">
                <a href={withListContext(item.href, state.query)}>{item.title}</a>
              </td>
              <td data-label="등록일">
                <DateText value={item.date} />
              </td>
              <td data-label="조회수">{item.views?.toLocaleString('ko-KR') ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListFrame>
  );
}

export default withErrorBoundary(PatentList);
