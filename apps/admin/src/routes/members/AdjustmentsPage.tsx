import { ADJUSTMENT_REVIEW_NAMES, ADJUSTMENT_STATE_NAMES, adjustmentRejectSchema, type AdjustmentRow, type AdjustmentState } from '@casino/contract';
import { App, Button, Card, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { useDecideAdjustment, useAdjustments } from '../../hooks/api/adjustments';
import { can, useMe } from '../../hooks/api/auth';
import { yuan } from '../../lib/format';
import { CutText } from '../../components/CutText';

const STATE_COLOR: Record<AdjustmentState, string> = { pending: 'orange', applied: 'green', rejected: 'default' };

/** +1,000.00 加款 / -500.00 扣款, grouped */
const amountText = (v: number) => (v > 0 ? `+${yuan(v)}` : `-${yuan(-v)}`);

/**
 * Manual adjustments (issue 33 point 7): those above the two-person threshold, or past the
 * operator's daily cap of immediate adjustments, wait here for a second, different operator's
 * 批准 (posted once) or 拒绝 (no money moves). The operator who asked cannot approve their own.
 */
export default function AdjustmentsPage() {
  const me = useMe().data;
  const [state, setState] = useState<AdjustmentState | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useAdjustments({ state: state === 'all' ? undefined : state, page, per_page: 20 });
  const decide = useDecideAdjustment();
  const { modal, message } = App.useApp();
  const [rejecting, setRejecting] = useState<AdjustmentRow | null>(null);
  const allowed = can(me, 'members.adjust');

  const actions = (r: AdjustmentRow) => {
    if (r.state !== 'pending') return null;
    if (!allowed) return <Tag>待复核</Tag>;
    const own = r.requested_by === me?.username;
    return (
      <Space size={8} style={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={own ? '需另一位操作员批准' : undefined}>
          <Button
            size="small"
            type="primary"
            disabled={own}
            data-testid={`approve-adjustment-${r.adjustment_no}`}
            onClick={() =>
              modal.confirm({
                title: '确认批准这笔调整？',
                content: `批准后立即${r.amount > 0 ? '给' : '从'} ${r.username} 的中心钱包${r.amount > 0 ? '加款' : '扣款'} ${yuan(Math.abs(r.amount))} 元${r.amount > 0 && r.turnover_multiple > 0 ? `，并要求 ${r.turnover_multiple} 倍打码量` : ''}。`,
                okText: '批准',
                cancelText: '取消',
                onOk: () => decide.mutateAsync({ decision: 'approve', adjustment_no: r.adjustment_no }).then((env) => void message.success(env.message), (e: Error) => void message.error(e.message)),
              })
            }
          >
            批准
          </Button>
        </Tooltip>
        <Button size="small" danger onClick={() => setRejecting(r)} data-testid={`reject-adjustment-${r.adjustment_no}`}>
          拒绝
        </Button>
      </Space>
    );
  };

  return (
    <>
      <PageTitle title="人工调整审核" />
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Segmented
            value={state}
            onChange={(v) => {
              setState(v as AdjustmentState | 'all');
              setPage(1);
            }}
            options={[
              { label: '待复核', value: 'pending' },
              { label: '已入账', value: 'applied' },
              { label: '已拒绝', value: 'rejected' },
              { label: '全部', value: 'all' },
            ]}
          />
          {list.isError ? <QueryError error={list.error} retry={list.refetch} /> : null}
          <Table<AdjustmentRow>
            rowKey="adjustment_no"
            size="small"
            loading={list.isPending}
            scroll={{ x: 'max-content' }}
            dataSource={list.data?.data ?? []}
            pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
            locale={{ emptyText: state === 'pending' ? '没有待复核的调整' : '暂无记录' }}
            columns={[
              { title: '调整单号', dataIndex: 'adjustment_no', render: (v: string) => <Typography.Text copyable style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
              { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
              { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => <b className="tabular" style={{ whiteSpace: 'nowrap', color: v > 0 ? '#389e0d' : '#cf1322' }}>{amountText(v)}</b> },
              { title: '打码倍数', dataIndex: 'turnover_multiple', align: 'right', render: (v: number) => (v > 0 ? `${v} 倍` : '-') },
              { title: '原因', dataIndex: 'reason', render: (v: string) => <CutText text={v} width={150} /> },
              { title: '复核原因', dataIndex: 'review', render: (v: AdjustmentRow['review']) => (v ? ADJUSTMENT_REVIEW_NAMES[v] : '-') },
              { title: '状态', dataIndex: 'state', render: (v: AdjustmentState, r) => <Tag color={STATE_COLOR[v]}>{ADJUSTMENT_STATE_NAMES[v]}{r.needs_two && v !== 'pending' ? '（双人）' : ''}</Tag> },
              { title: '提交人', dataIndex: 'requested_by' },
              { title: '提交时间', dataIndex: 'requested_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
              // the queue of pending ones shows the decision instead of who decided
              ...(state === 'pending'
                ? [{ title: '操作', key: 'actions', fixed: 'right' as const, width: 150, render: (_: unknown, r: AdjustmentRow) => actions(r) }]
                : [
                    { title: '处理人', dataIndex: 'decided_by', render: (v: string | null, r: AdjustmentRow) => (v && r.needs_two ? `${v}${r.reject_reason ? `：${r.reject_reason}` : ''}` : '-') },
                    { title: '操作', key: 'actions', width: 150, render: (_: unknown, r: AdjustmentRow) => actions(r) },
                  ]),
            ]}
          />
        </Space>
      </Card>
      {rejecting ? (
        <ActionModal<{ reason: string }>
          open
          danger
          title="拒绝调整"
          warning={`拒绝后这笔调整（${rejecting.adjustment_no}，${amountText(rejecting.amount)} 元）不再生效，会员余额不变。`}
          schema={adjustmentRejectSchema}
          fixed={{ adjustment_no: rejecting.adjustment_no }}
          okText="确认拒绝"
          onClose={() => setRejecting(null)}
          submit={(v) => decide.mutateAsync({ decision: 'reject', adjustment_no: rejecting.adjustment_no, reason: v.reason })}
        >
          <ReasonField label="拒绝原因" />
        </ActionModal>
      ) : null}
    </>
  );
}
