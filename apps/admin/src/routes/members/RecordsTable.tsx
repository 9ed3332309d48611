import { fieldLabel, isMoneyField, referenceName, valueText, type MemberRecordKind } from '@casino/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AuditDetail } from '../../components/AuditDetail';
import { QueryError } from '../../components/QueryError';
import { memberRecords, membersKey } from '../../hooks/api/members';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';

/** the dictionary area of each record list: which names its ambiguous codes (kind, state, status) take */
const AREA: Record<MemberRecordKind, string> = {
  ledger: 'ledger',
  turnover: 'turnover',
  transfers: 'transfer',
  bets: 'bet',
  deposits: 'deposit',
  withdrawals: 'withdrawal',
  rebates: 'rebate',
  red_packets: 'red_packet',
  logins: 'login',
  audit: 'audit',
};

/**
 * A record's field as operators read it (issue 25): the name the server answered beside a code
 * (from_name, created_by_name ...), money in yuan, codes by the contract's dictionary, an audit
 * detail as its before/after table.
 */
function show(key: string, row: Record<string, unknown>, kind: MemberRecordKind) {
  const v = row[key];
  const named = row[`${key}_name`];
  if (typeof named === 'string' && named) return <span title={typeof v === 'string' ? v : undefined}>{named}</span>;
  if (key === 'detail' && kind === 'audit') return <AuditDetail action={String(row.action ?? '')} detail={v as Record<string, unknown> | null} />;
  if (key === 'reference' && typeof v === 'string') return referenceName(v) || '-';
  if (v === null || v === undefined || v === '') return '-';
  if (isMoneyField(key) && typeof v === 'number') return <span className="tabular">{yuan(v)}</span>;
  return valueText(key, v, AREA[kind]);
}

/** One paged record list of the member 360 view; its columns are the fields the server sends. */
export function RecordsTable({ username, kind }: { username: string; kind: MemberRecordKind }) {
  const table = useTable<Record<string, unknown>, object>([...membersKey, 'records', username, kind], memberRecords(username, kind), { pageSize: 10 });
  const first = table.query.data?.data[0];
  const columns: ColumnsType<Record<string, unknown>> = first
    ? Object.keys(first)
        // a name answered beside its code shows in the code's column
        .filter((key) => !(key.endsWith('_name') && key.slice(0, -5) in first))
        .map((key) => ({
          title: fieldLabel(key),
          dataIndex: key,
          key,
          align: isMoneyField(key) ? ('right' as const) : undefined,
          // the table fits its card (scroll x: true) by wrapping cells at spaces, never inside a
          // Chinese word or a heading (中心钱包变动 no longer ends past the card's edge)
          onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          onCell: () => ({ style: { wordBreak: 'keep-all' } }),
          render: (_: unknown, row: Record<string, unknown>) => show(key, row, kind),
        }))
    : [{ title: '记录', key: 'none' }];
  return (
    <>
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} /> : null}
      <Table
        rowKey={(r) => String(r.id ?? r.transfer_id ?? r.deposit_no ?? r.withdraw_no ?? r.bet_id ?? JSON.stringify(r))}
        columns={columns}
        size="small"
        {...table.tableProps}
        // with no row there are no columns to head (they are the fields of the rows): no lone 记录 heading
        showHeader={first !== undefined}
        locale={{ emptyText: '该会员没有这类记录' }}
        scroll={{ x: true }}
      />
    </>
  );
}
