/**
 * A list the API gives a page at a time (a TanStack infinite query with a cursor): loading, the
 * error with a retry, the empty state, every loaded page's rows in one `Table`, and "Load more"
 * while there is a next page.
 */
import { Button } from '@mchezo/ui/button';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Empty, ErrorState, Loading } from './states.tsx';
import { type Column, Table } from './table.tsx';

type PagedQuery = Pick<
  UseInfiniteQueryResult,
  | 'isPending'
  | 'isError'
  | 'isSuccess'
  | 'error'
  | 'refetch'
  | 'hasNextPage'
  | 'fetchNextPage'
  | 'isFetchingNextPage'
>;

export function PagedTable<Row>({
  query,
  rows,
  caption,
  columns,
  rowKey,
  empty,
  loadMore,
  loadingMore,
}: {
  query: PagedQuery;
  /** Every loaded page's rows, in order. */
  rows: Row[];
  caption: string;
  columns: Column<Row>[];
  rowKey(row: Row): string;
  /** What the empty state says. */
  empty: string;
  /** The "Load more" button's text, and its text while the next page loads. */
  loadMore: string;
  loadingMore: string;
}) {
  return (
    <>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && rows.length === 0 ? <Empty title={empty} /> : null}
      {rows.length > 0 ? <Table caption={caption} columns={columns} rows={rows} rowKey={rowKey} /> : null}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? loadingMore : loadMore}
        </Button>
      ) : null}
    </>
  );
}
