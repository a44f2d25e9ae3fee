/**
 * One shelf of the Library page: a heading with 'View all', then the first page of a list in one
 * row that scrolls sideways (the whole list is one tap away). The list is the shared pager,
 * loading one page and never more: the full page behind 'View all' scrolls for more.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
  type PagerItem,
  type PagerParams,
} from '../../../machines/pager.machine';
import { pagerWith, type FetchPage } from '../../pager-logic';
import { ListEmpty, ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';

/** Items a shelf shows: enough to fill a wide screen's row. */
export const SHELF_SIZE = 8;

const Section = styled.section`
  display: grid;
  gap: 12px;
  min-width: 0;
  header {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Row = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(220px, 260px);
  gap: 16px;
  overflow-x: auto;
  padding-bottom: 8px;
  scroll-snap-type: x proximity;
  > * {
    scroll-snap-align: start;
  }
`;

interface ShelfProps<T extends PagerItem> {
  title: string;
  href: string;
  fetchPage: FetchPage;
  params?: PagerParams;
  empty: string;
  failed: string;
  renderItem: (item: T) => ReactNode;
}

export function Shelf<T extends PagerItem>(props: ShelfProps<T>) {
  const { title, href, fetchPage, params = {}, empty, failed, renderItem } = props;
  const pager = useActorRef(pagerWith(fetchPage), { input: { pageSize: SHELF_SIZE, params } });
  const items = useSelector(pager, selectItems<T>);
  const loading = useSelector(pager, selectIsLoadingFirst);
  const hasFailed = useSelector(pager, selectHasFailed);
  const isEmpty = useSelector(pager, selectIsEmpty);
  return (
    <Section aria-label={title}>
      <header>
        <h2>{title}</h2>
        <Link href={href}>View all</Link>
      </header>
      {loading && <Spinner size={28} label={`Loading ${title.toLowerCase()}`} />}
      {items.length > 0 && <Row>{items.map(renderItem)}</Row>}
      {hasFailed && <ListError text={failed} onRetry={() => pager.send({ type: 'RETRY' })} />}
      {isEmpty && <ListEmpty>{empty}</ListEmpty>}
    </Section>
  );
}
