import { adminAgentApproveSchema, adminAgentRejectSchema, type AdminAgentApplicationRow } from '@casino/contract';
import { Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { agentApplicationsKey, listAgentApplications, useAgentDecision, type ApplicationFilters } from '../../hooks/api/promotions';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { RefreshButton } from '../../components/RefreshButton';
import { OrderCell } from '../cashier/queue-parts';
import { ApplicationFilterCard, decisionColumn, stateColumn } from './parts';

/** Applications to join the agent programme (/applyagent): approve or reject with a reason; the member is told by inbox. */
export default function AgentApplicationsPage() {
  const me = useMe();
  const manager = can(me.data, 'promotions.manage');
  const table = useTable<AdminAgentApplicationRow, ApplicationFilters>(agentApplicationsKey, listAgentApplications, { initialParams: { state: 1 }, refetchInterval: 30_000 });
  const decide = useAgentDecision();
  const [open, setOpen] = useState<{ action: 'approve' | 'reject'; row: AdminAgentApplicationRow } | null>(null);

  const columns: ColumnsType<AdminAgentApplicationRow> = [
    { title: '申请 / 时间', dataIndex: 'id', width: 200, render: (v: number, r) => <OrderCell no={`#${v}`} createdAt={r.created_at} waiting={r.state === 1} /> },
    {
      title: '会员',
      dataIndex: 'username',
      width: 150,
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link>
          <span style={{ fontSize: 12, color: '#5b6276' }}>{r.realname}</span>
        </Space>
      ),
    },
    { title: '联系电话', dataIndex: 'mobile', width: 130, render: (v: string) => <span className="tabular">{v}</span> },
    { title: '申请理由', dataIndex: 'apply_info', render: (v: string) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} style={{ marginBottom: 0, maxWidth: 320 }}>{v}</Typography.Paragraph> },
    stateColumn(90),
    {
      title: '处理',
      key: 'review',
      width: 220,
      render: (_, r) =>
        r.state === 1 ? (
          '-'
        ) : (
          <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
            {r.review_note ? <span style={{ color: '#cf1322' }}>原因：{r.review_note}</span> : null}
            <span style={{ color: '#5b6276' }}>{r.reviewed_by} · {r.reviewed_at}</span>
          </Space>
        ),
    },
    decisionColumn(manager, (action, row) => setOpen({ action, row })),
  ];

  const row = open?.row;
  return (
    <>
      <PageTitle title="代理申请" extra={<RefreshButton query={table.query} />} />
      <ApplicationFilterCard onSearch={table.search} />
      <TableCard<AdminAgentApplicationRow> table={table} rowKey="id" columns={columns} scroll={{ x: 1150 }} pagination={{ ...(table.tableProps.pagination || {}), pageSize: 20, showSizeChanger: false }} />
      {open?.action === 'approve' && row ? (
        <ActionModal
          open
          title={`通过代理申请 · ${row.username}`}
          warning={`确认 ${row.username}（${row.realname}，${row.mobile}）成为合作代理？每份申请只能处理一次，会员会收到站内信。`}
          schema={adminAgentApproveSchema}
          fixed={{ id: row.id }}
          okText="确认通过"
          onClose={() => setOpen(null)}
          submit={() => decide.mutateAsync({ action: 'approve', body: { id: row.id } })}
        />
      ) : null}
      {open?.action === 'reject' && row ? (
        <ActionModal<{ reason: string }>
          open
          danger
          title={`拒绝代理申请 · ${row.username}`}
          warning="会员会在站内信中看到拒绝原因，之后可以重新申请。"
          schema={adminAgentRejectSchema}
          fixed={{ id: row.id }}
          okText="确认拒绝"
          onClose={() => setOpen(null)}
          submit={(v) => decide.mutateAsync({ action: 'reject', body: { id: row.id, reason: v.reason } })}
        >
          <Form.Item name="reason" label="拒绝原因" rules={[zodRule(adminAgentRejectSchema, 'reason')]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
}
