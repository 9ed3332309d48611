import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { WIDE_TABLE } from '../hooks/use-table';
import { QueryError } from './QueryError';

/**
 * A server-paged list (useTable) in its card, with the failed-call notice and retry above it.
 * Props given here (rowKey, columns, a pagination override) come after useTable's. The width
 * always comes from the columns' content (WIDE_TABLE): a fixed `scroll.x` set by a screen is
 * replaced, since a table narrower than its content is what pushed columns under 操作.
 */
export function TableCard<T extends object>({ table, scroll, ...props }: { table: { query: UseQueryResult<unknown>; tableProps: TableProps<T> } } & TableProps<T>) {
  return (
    <>
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} /> : null}
      <Card size="small">
        <Table<T> size="middle" {...table.tableProps} {...props} scroll={{ ...scroll, ...WIDE_TABLE.scroll }} />
      </Card>
    </>
  );
}
