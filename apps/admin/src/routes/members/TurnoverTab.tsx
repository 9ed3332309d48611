import { turnoverWaiveSchema, TURNOVER_SOURCE_NAMES, type TurnoverWaiverRow } from '@casino/contract';
import { Alert, Button, Card, Form, InputNumber, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { QueryError } from '../../components/QueryError';
import { can, type Me } from '../../hooks/api/auth';
import { memberRecords, membersKey } from '../../hooks/api/members';
import { useTurnoverWaive, useTurnoverWaivers } from '../../hooks/api/turnover';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { WaiverDecision } from './WaiverDecision';

/** A requirement row as /admin/api/members/records answers it for kind turnover. */
interface TurnoverRow {
  id: number;
  source: string;
  reference: string;
  credited: number;
  required: number;
  done: number;
  waived: number;
  remaining: number;
  created_at: string;
  completed_at: string | null;
}

/** what the waiver dialog is about: one row, or every open row of the member */
type Target = { row: TurnoverRow } | { all: true };

const money = (v: number) => <span className="tabular" style={{ whiteSpace: 'nowrap' }}>{yuan(v)}</span>;

/** a reference as operators read it: adjustments made before their ADJ numbers carry a request id (issue 34 point 9) */
function referenceText(v: string): string {
  return /^[0-9a-f]{32}$/i.test(v) || /^[0-9a-f-]{36}$/i.test(v) ? `请求 ${v.slice(0, 8)}…` : v;
}

/** The dialog of 减免 / 全部减免: an amount (empty = all that remains) and a reason, confirmed. */
function WaiveDialog({ username, target, remaining, onClose }: { username: string; target: Target; remaining: number; onClose: () => void }) {
  const waive = useTurnoverWaive();
  // one id per opened dialog: a retry after a lost reply answers the same waiver
  const requestId = useMemo(() => `tw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`, []);
  const row = 'row' in target ? target.row : null;
  const left = row ? row.remaining : remaining;
  return (
    <ActionModal<{ amount?: number | null; reason: string }>
      open
      title={row ? `减免打码量 · 第 ${row.id} 条` : '全部减免打码量'}
      warning={
        <>
          {row ? `这条${TURNOVER_SOURCE_NAMES[row.source] ?? row.source}记录剩余 ${yuan(left)} 元打码量。` : `该会员全部未完成记录共剩余 ${yuan(left)} 元打码量，按时间从早到晚减免。`}
          金额留空即减免全部剩余。超过双人复核门槛的减免提交后需另一位操作员复核才生效。
        </>
      }
      schema={turnoverWaiveSchema}
      fixed={{ username, requirement_id: row?.id }}
      okText="确认减免"
      onClose={onClose}
      submit={(v) => waive.mutateAsync({ username, requirement_id: row?.id, amount: v.amount ?? undefined, reason: v.reason, request_id: requestId })}
    >
      <Form.Item name="amount" label="减免金额（元）" extra={`最多 ${yuan(left)} 元；留空 = 全部剩余`}>
        <InputNumber min={0.01} max={left} precision={2} style={{ width: '100%' }} placeholder={`全部剩余 ${yuan(left)}`} data-testid="waive-amount" />
      </Form.Item>
      <ReasonField label="减免原因" />
    </ActionModal>
  );
}

/** Pending two-person waivers of the member: another operator approves or rejects them here (or on the queue). */
function PendingWaivers({ me, username }: { me: Me; username: string }) {
  const pending = useTurnoverWaivers({ username, state: 'pending' });
  const rows = pending.data?.data ?? [];
  if (pending.isError) return <QueryError error={pending.error} retry={pending.refetch} title="待复核减免加载失败" />;
  if (rows.length === 0) return null;
  return (
    <Card size="small" title={<Space>待复核的打码量减免 <Tag color="orange">{rows.length}</Tag></Space>} style={{ borderColor: '#ffd591' }} data-testid="pending-waivers">
      <Table<TurnoverWaiverRow>
        rowKey="waiver_no"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          { title: '减免单号', dataIndex: 'waiver_no', render: (v: string) => <Typography.Text copyable style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
          { title: '范围', dataIndex: 'requirement_id', render: (v: number | null) => (v ? `第 ${v} 条` : '全部记录') },
          { title: '金额', dataIndex: 'amount_at_request', align: 'right', render: (v: number, r) => <>{money(v)}{r.amount === null ? <Typography.Text type="secondary">（全部剩余）</Typography.Text> : null}</> },
          { title: '原因', dataIndex: 'reason', ellipsis: true },
          { title: '提交人', dataIndex: 'requested_by' },
          { title: '提交时间', dataIndex: 'requested_at', width: 160 },
          { title: '操作', key: 'actions', fixed: 'right', width: 150, render: (_: unknown, w) => <WaiverDecision me={me} w={w} /> },
        ]}
      />
    </Card>
  );
}

/** The 打码量 tab of member 360: the requirement rows, 减免 per row and 全部减免, pending waivers. */
export function TurnoverTab({ me, username, remaining }: { me: Me; username: string; remaining: number }) {
  const table = useTable<TurnoverRow, object>([...membersKey, 'records', username, 'turnover'], memberRecords(username, 'turnover') as never, { pageSize: 10 });
  const [target, setTarget] = useState<Target | null>(null);
  const allowed = can(me, 'members.turnover_waive');
  const columns: ColumnsType<TurnoverRow> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '来源', dataIndex: 'source', render: (v: string) => TURNOVER_SOURCE_NAMES[v] ?? v },
    // issue 34 point 9: the source's own number (ADJ... for an adjustment), whole and copyable
    { title: '关联单号', dataIndex: 'reference', render: (v: string) => <Typography.Text copyable={{ text: v }} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{referenceText(v)}</Typography.Text> },
    { title: '入账金额', dataIndex: 'credited', align: 'right', render: money },
    { title: '要求打码', dataIndex: 'required', align: 'right', render: money },
    { title: '已完成', dataIndex: 'done', align: 'right', render: money },
    { title: '已减免', dataIndex: 'waived', align: 'right', render: (v: number) => (v > 0 ? <Typography.Text type="warning">{money(v)}</Typography.Text> : money(v)) },
    { title: '剩余', dataIndex: 'remaining', align: 'right', render: (v: number) => <b>{money(v)}</b> },
    { title: '时间', dataIndex: 'created_at', width: 160 },
    { title: '状态', dataIndex: 'completed_at', render: (v: string | null) => (v ? <Tag color="green" style={{ whiteSpace: 'nowrap' }}>已完成 {v.slice(5, 16)}</Tag> : <Tag color="blue">进行中</Tag>) },
    ...(allowed
      ? [
          {
            title: '操作',
            key: 'waive',
            fixed: 'right' as const,
            width: 88,
            render: (_: unknown, r: TurnoverRow) =>
              r.completed_at === null && r.remaining > 0 ? (
                <Button size="small" onClick={() => setTarget({ row: r })} data-testid={`waive-row-${r.id}`}>
                  减免
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <PendingWaivers me={me} username={username} />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography.Text>
          剩余打码量：<b className="tabular" data-testid="turnover-remaining">{yuan(remaining)}</b> 元
        </Typography.Text>
        {allowed ? (
          <Button danger disabled={remaining <= 0} onClick={() => setTarget({ all: true })} data-testid="waive-all">
            全部减免
          </Button>
        ) : null}
      </div>
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} /> : null}
      {remaining <= 0 && !table.query.isPending ? <Alert type="success" showIcon title="该会员没有未完成的打码量，可以直接取款。" /> : null}
      <Table<TurnoverRow> rowKey="id" columns={columns} size="small" scroll={{ x: 'max-content' }} {...table.tableProps} />
      {target ? <WaiveDialog username={username} target={target} remaining={remaining} onClose={() => setTarget(null)} /> : null}
    </Space>
  );
}
