import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { t } from '../../i18n/index.ts';
import { DateText } from '../../components/ui/DateText.tsx';
import { listKinds } from './list-kinds.ts';
import { withListContext } from '../../lib/list-query.ts';
import { SearchListFrame } from './SearchListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import patent from './patent.module.scss';

export interface PatentListProps {
  firstPage: ListFirstPage;
}

/** Patents: a table of number, patent name (linking to its page), registration date and views. */
function PatentList({ firstPage }: PatentListProps) {
  const [state, store] = useListStore('patent', firstPage);
  return (
    <SearchListFrame
      config={listKinds.patent}
      state={state}
      store={store}
      skeleton="row"
      searchLabel={t('list.patent.search.label')}
    >
      <table className={patent.table}>
        <caption className="visually-hidden">{t('list.patent.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('list.patent.column.no')}</th>
            <th scope="col">{t('list.patent.column.title')}</th>
            <th scope="col">{t('list.patent.column.date')}</th>
            <th scope="col">{t('list.patent.column.views')}</th>
          </tr>
        </thead>
        <tbody>
          {state.items.map((item) => (
            <tr key={item.id}>
              <td data-label={t('list.patent.column.no')}>{item.no ?? ''}</td>
              <td data-label={t('list.patent.column.title')}>
                <a href={withListContext(item.href, state.query)}>{item.title}</a>
              </td>
              <td data-label={t('list.patent.column.date')}>
                <DateText value={item.date} />
              </td>
              <td data-label={t('list.patent.column.views')}>{item.views?.toLocaleString('ko-KR') ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SearchListFrame>
  );
}

export default withErrorBoundary(PatentList);
