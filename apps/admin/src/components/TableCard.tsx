import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { QueryError } from './QueryError';

/**
 * A server-paged list (useTable) in its card, with the failed-call notice and retry above it.
 * Props given here (rowKey, columns, scroll, a pagination override) come after useTable's.
 */
export function TableCard<T extends object>({ table, ...props }: { table: { query: UseQueryResult<unknown>; tableProps: TableProps<T> } } & TableProps<T>) {
  return (
    <>
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} /> : null}
      <Card size="small">
        <Table<T> size="middle" {...table.tableProps} {...props} />
      </Card>
    </>
  );
}
