import { TURNOVER_WAIVER_STATE_NAMES, type TurnoverWaiverRow, type TurnoverWaiverState } from '@casino/contract';
import { Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { useMe } from '../../hooks/api/auth';
import { useTurnoverWaivers } from '../../hooks/api/turnover';
import { WaiverDecision } from './WaiverDecision';
import { yuan } from '../../lib/format';
import { CutText } from '../../components/CutText';

const STATE_COLOR: Record<TurnoverWaiverState, string> = { pending: 'orange', applied: 'green', rejected: 'default' };

/**
 * Turnover waivers (issue 25) across members: the ones waiting for a second operator first, with
 * 批准 / 拒绝 on each (issue 34 point 8; also on the member's 打码量 tab, where its rows are shown).
 */
export default function TurnoverWaiversPage() {
  const [state, setState] = useState<TurnoverWaiverState | 'all'>('pending');
  const [page, setPage] = useState(1);
  const me = useMe().data;
  const list = useTurnoverWaivers({ state: state === 'all' ? undefined : state, page, per_page: 20 });
  return (
    <>
      <PageTitle title="打码量减免" />
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Segmented
            value={state}
            onChange={(v) => {
              setState(v as TurnoverWaiverState | 'all');
              setPage(1);
            }}
            options={[
              { label: '待复核', value: 'pending' },
              { label: '已减免', value: 'applied' },
              { label: '已拒绝', value: 'rejected' },
              { label: '全部', value: 'all' },
            ]}
          />
          {list.isError ? <QueryError error={list.error} retry={list.refetch} /> : null}
          <Table<TurnoverWaiverRow>
            rowKey="waiver_no"
            size="small"
            loading={list.isPending}
            scroll={{ x: 'max-content' }}
            dataSource={list.data?.data ?? []}
            pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
            locale={{ emptyText: state === 'pending' ? '没有待复核的减免' : '暂无记录' }}
            columns={[
              { title: '减免单号', dataIndex: 'waiver_no', render: (v: string) => <Typography.Text copyable style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
              { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
              { title: '范围', dataIndex: 'requirement_id', render: (v: number | null) => (v ? `第 ${v} 条` : '全部记录') },
              { title: '申请金额', dataIndex: 'amount_at_request', align: 'right', render: (v: number, r) => <span className="tabular" style={{ whiteSpace: 'nowrap' }}>{yuan(v)}{r.amount === null ? '（全部剩余）' : ''}</span> },
              { title: '实际减免', dataIndex: 'applied_amount', align: 'right', render: (v: number | null) => (v === null ? '-' : <span className="tabular">{yuan(v)}</span>) },
              { title: '原因', dataIndex: 'reason', render: (v: string) => <CutText text={v} width={170} /> },
              { title: '状态', dataIndex: 'state', render: (v: TurnoverWaiverState, r) => <Tag color={STATE_COLOR[v]}>{TURNOVER_WAIVER_STATE_NAMES[v]}{r.needs_two && v !== 'pending' ? '（双人）' : ''}</Tag> },
              { title: '提交人', dataIndex: 'requested_by' },
              { title: '提交时间', dataIndex: 'requested_at', width: 160 },
              // the queue of pending ones shows the decision instead of who decided (issue 34 point 8)
              ...(state === 'pending'
                ? [{ title: '操作', key: 'actions', fixed: 'right' as const, width: 150, render: (_: unknown, r: TurnoverWaiverRow) => <WaiverDecision me={me} w={r} /> }]
                : [
                    { title: '处理人', dataIndex: 'decided_by', render: (v: string | null, r: TurnoverWaiverRow) => (v ? `${v}${r.reject_reason ? `：${r.reject_reason}` : ''}` : '-') },
                    { title: '操作', key: 'actions', width: 150, render: (_: unknown, r: TurnoverWaiverRow) => (r.state === 'pending' ? <WaiverDecision me={me} w={r} /> : null) },
                  ]),
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
