import { adminApplicationApproveSchema, adminApplicationRejectSchema } from '@casino/contract';
import { Form, Input, InputNumber, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { activityApplicationsKey, listActivityApplications, useActivityDecision, type AdminActivityApplication, type ApplicationFilters } from '../../hooks/api/promotions';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { RefreshButton } from '../../components/RefreshButton';
import { OrderCell } from '../cashier/queue-parts';
import { ApplicationFilterCard, decisionColumn, stateColumn } from './parts';


/** Members' activity applications: approve with a bonus and its turnover multiple, or reject with a reason. */
export default function ActivityApplicationsPage() {
  const me = useMe();
  const manager = can(me.data, 'promotions.manage');
  const table = useTable<AdminActivityApplication, ApplicationFilters>(activityApplicationsKey, listActivityApplications, { initialParams: { state: 1 }, refetchInterval: 30_000 });
  const decide = useActivityDecision();
  const [open, setOpen] = useState<{ action: 'approve' | 'reject'; row: AdminActivityApplication } | null>(null);

  const columns: ColumnsType<AdminActivityApplication> = [
    { title: '申请单号 / 时间', dataIndex: 'apply_no', width: 230, render: (v: string, r) => <OrderCell no={v} createdAt={r.created_at} waiting={r.state === 1} /> },
    { title: '会员', dataIndex: 'username', width: 120, render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '活动', dataIndex: 'activity_name' },
    stateColumn(100),
    {
      title: '处理结果',
      key: 'result',
      render: (_, r) =>
        r.state === 1 ? (
          r.first_approved_by ? (
            <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
              <span style={{ color: '#d46b08' }}>待复核：彩金 {yuan(r.first_bonus ?? 0)} 元 · {r.first_turnover_multiple ?? 0}倍打码</span>
              <span style={{ color: '#5b6276' }}>第一位审核：{r.first_approved_by}</span>
            </Space>
          ) : (
            '-'
          )
        ) : (
          <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
            {r.state === 2 ? <span>彩金 {yuan(r.bonus)} 元{r.bonus > 0 ? ` · ${r.turnover_multiple}倍打码` : ''}</span> : <span style={{ color: '#cf1322' }}>原因：{r.reason}</span>}
            <span style={{ color: '#5b6276' }}>{r.reviewed_by} · {r.reviewed_at}</span>
          </Space>
        ),
    },
    decisionColumn(manager, (action, row) => setOpen({ action, row })),
  ];

  const row = open?.row;
  return (
    <>
      <PageTitle title="活动申请" extra={<RefreshButton query={table.query} />} />
      <ApplicationFilterCard onSearch={table.search} />
      <TableCard<AdminActivityApplication> table={table} rowKey="apply_no" columns={columns} scroll={{ x: 1100 }} pagination={{ ...(table.tableProps.pagination || {}), pageSize: 20, showSizeChanger: false }} />
      {open?.action === 'approve' && row ? (
        <ActionModal<{ bonus?: number; turnover_multiple?: number }>
          open
          title={`通过申请 · ${row.activity_name}`}
          warning={
            row.first_approved_by
              ? `${row.first_approved_by} 已批准彩金 ${yuan(row.first_bonus ?? 0)} 元（${row.first_turnover_multiple ?? 0}倍打码），需另一位操作员复核：确认后入账，金额须一致。`
              : `会员 ${row.username} 的申请将标记为已通过。填写彩金后存入会员中心钱包（同一申请只入账一次），并按倍数增加打码量；会员会收到站内信。彩金超过人工调整双人复核门槛或您今日的直接调整上限时，需另一位操作员复核后入账。`
          }
          schema={adminApplicationApproveSchema}
          fixed={{ apply_no: row.apply_no }}
          initialValues={row.first_approved_by ? { bonus: row.first_bonus ?? 0, turnover_multiple: row.first_turnover_multiple ?? 0 } : { bonus: 0, turnover_multiple: 1 }}
          okText="确认通过"
          onClose={() => setOpen(null)}
          submit={(v) => decide.mutateAsync({ action: 'approve', body: { apply_no: row.apply_no, bonus: v.bonus ?? 0, turnover_multiple: v.turnover_multiple ?? 0 } })}
        >
          <Form.Item name="bonus" label="活动彩金（元，0 表示不发彩金）" rules={[zodRule(adminApplicationApproveSchema, 'bonus')]}>
            <InputNumber style={{ width: '100%' }} precision={2} />
          </Form.Item>
          <Form.Item name="turnover_multiple" label="打码倍数（彩金 × 倍数）" rules={[zodRule(adminApplicationApproveSchema, 'turnover_multiple')]}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </ActionModal>
      ) : null}
      {open?.action === 'reject' && row ? (
        <ActionModal<{ reason: string }>
          open
          danger
          title={`拒绝申请 · ${row.activity_name}`}
          warning={`会员 ${row.username} 会在申请记录和站内信中看到拒绝原因。`}
          schema={adminApplicationRejectSchema}
          fixed={{ apply_no: row.apply_no }}
          okText="确认拒绝"
          onClose={() => setOpen(null)}
          submit={(v) => decide.mutateAsync({ action: 'reject', body: { apply_no: row.apply_no, reason: v.reason } })}
        >
          <Form.Item name="reason" label="拒绝原因" rules={[zodRule(adminApplicationRejectSchema, 'reason')]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
}
