import { SEAMLESS_CODE_NAMES, SEAMLESS_ROUND_STATE_NAMES, SEAMLESS_TX_KIND_NAMES, type AdminSeamlessRoundRow, type AdminSeamlessTxRow } from '@casino/contract';
import { Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TableCard } from '../../components/TableCard';
import { listSeamlessRounds, seamlessRoundsKey, type SeamlessRoundFilters } from '../../hooks/api/seamless';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';

const STATE_COLOR: Record<string, string> = { open: 'gold', credited: 'green', rolled_back: 'default' };
const money = (v: number | null) => <span className="tabular">{v === null ? '—' : yuan(v)}</span>;

/** One round's wallet calls: debit, credit, rollback, each with the answer the venue got. */
function Calls({ txs }: { txs: AdminSeamlessTxRow[] }) {
  const columns: ColumnsType<AdminSeamlessTxRow> = [
    { title: '类型', dataIndex: 'kind', width: 100, render: (v: string) => SEAMLESS_TX_KIND_NAMES[v] ?? v },
    { title: '交易号', dataIndex: 'tx_id', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: money },
    {
      title: '应答',
      dataIndex: 'code',
      width: 200,
      render: (v: number, t) => (
        <Space size={4}>
          <Tag color={v === 0 ? 'green' : 'red'}>{SEAMLESS_CODE_NAMES[v] ?? v}</Tag>
          {t.flagged ? <Tag color="orange">待对账</Tag> : null}
        </Space>
      ),
    },
    { title: '时间', dataIndex: 'created_at', width: 170 },
  ];
  return <Table<AdminSeamlessTxRow> size="small" rowKey="tx_id" columns={columns} dataSource={txs} pagination={false} />;
}

/** A member's rounds at seamless (免转) venues, newest first, each opening onto its debit, credit and rollback. */
export function SeamlessRoundsTab({ username }: { username: string }) {
  const table = useTable<AdminSeamlessRoundRow, SeamlessRoundFilters>([...seamlessRoundsKey, username], listSeamlessRounds, { initialParams: { username } });
  const columns: ColumnsType<AdminSeamlessRoundRow> = [
    { title: '下注时间', dataIndex: 'created_at', width: 170 },
    { title: '场馆', dataIndex: 'venue_name', width: 120 },
    { title: '游戏', dataIndex: 'game_code', width: 140 },
    { title: '局号', dataIndex: 'round_id', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '下注', dataIndex: 'stake', width: 110, align: 'right', render: money },
    { title: '派彩', dataIndex: 'payout', width: 110, align: 'right', render: money },
    {
      title: '状态',
      key: 'state',
      width: 160,
      render: (_, r) => (
        <Space size={4}>
          <Tag color={STATE_COLOR[r.state]}>{SEAMLESS_ROUND_STATE_NAMES[r.state] ?? r.state}</Tag>
          {r.flagged ? (
            <Tooltip title="派彩所指的下注未收到，已入账并留待对账">
              <Tag color="orange">待对账</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { title: '结算时间', dataIndex: 'settled_at', width: 170, render: (v: string | null) => v ?? '—' },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          options={Object.entries(SEAMLESS_ROUND_STATE_NAMES).map(([value, label]) => ({ value, label }))}
          onChange={(state) => table.search({ username, state: state || undefined })}
        />
      </Space>
      <TableCard<AdminSeamlessRoundRow>
        table={table}
        rowKey={(r) => `${r.venue}:${r.debit_tx_id}`}
        columns={columns}
        scroll={{ x: 1100 }}
        expandable={{ expandedRowRender: (r) => <Calls txs={r.txs} /> }}
        locale={{ emptyText: '该会员没有免转场馆的注单' }}
      />
    </>
  );
}
