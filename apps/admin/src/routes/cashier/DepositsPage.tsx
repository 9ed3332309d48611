import { SearchOutlined } from '@ant-design/icons';
import { adminDepositApproveSchema, adminDepositRejectSchema, depositDecidableFrom, DEPOSIT_KIND_NAMES, PAY_TYPE_NAMES, type AdminDepositRow, type DepositStatus } from '@casino/contract';
import { Button, Card, Form, Input, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { depositsKey, listDeposits, useDepositAction, type DepositFilters } from '../../hooks/api/deposits';
import { useDepositDetail } from '../../hooks/api/deposit-refunds'; // issue 33: the member's limits at review
import { DepositLimitNotice } from './DepositLimitNotice';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { OrderCell, QueueSummary, RefreshButton } from './queue-parts';

const STATUS: Record<DepositStatus, { text: string; color: string }> = {
  pending: { text: '待确认', color: 'blue' },
  review: { text: '金额/时间异常', color: 'orange' },
  credited: { text: '已入账', color: 'green' },
  rejected: { text: '已拒绝', color: 'red' },
  expired: { text: '已过期', color: 'default' },
  failed: { text: '失败', color: 'red' },
};

/** what an operator may decide: the server's own rule, from the contract */
/** issue 33: the payment channel of an online order, by name and id ('默认网关' before channels existed) */
const channelText = (r: AdminDepositRow) => (r.channel_id !== null ? `支付通道 ${r.channel_name ?? ''} #${r.channel_id}` : '默认网关');
const decidable = (r: AdminDepositRow) => depositDecidableFrom(r.kind).includes(r.status);

/**
 * Deposits waiting for an operator: manual transfers (待确认, status pending) and gateway payments
 * that did not match their order or came late (异常, status review).
 */
export default function DepositsPage() {
  const me = useMe();
  const [form] = Form.useForm<{ state: DepositStatus | 'all'; username?: string }>();
  const table = useTable<AdminDepositRow, DepositFilters>(depositsKey, listDeposits, { initialParams: { state: 'pending' }, refetchInterval: 15_000 });
  const action = useDepositAction();
  const [open, setOpen] = useState<{ action: 'approve' | 'reject'; row: AdminDepositRow } | null>(null);
  const reviewer = can(me.data, 'deposits.review');
  const mine = me.data?.username;
  const data = table.query.data as (typeof table.query.data & { per_page?: number }) | undefined;
  const pageSum = (data?.data ?? []).reduce((s, r) => s + (r.paid_amount ?? r.amount), 0);

  const columns: ColumnsType<AdminDepositRow> = [
    {
      title: '单号 / 时间',
      dataIndex: 'deposit_no',
      width: 185,
      render: (v: string, r) => <OrderCell no={v} createdAt={r.created_at} waiting={r.status === 'review' || r.status === 'pending'} />,
    },
    { title: '会员', dataIndex: 'username', width: 90, render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '方式', key: 'kind', width: 90, render: (_, r) => <Space orientation="vertical" size={0}><span>{DEPOSIT_KIND_NAMES[r.kind] ?? r.kind}</span><span style={{ fontSize: 12, color: '#5b6276' }}>{PAY_TYPE_NAMES[r.paytype] ?? r.paytype}</span></Space> },
    {
      title: '订单 / 实付',
      key: 'amount',
      width: 110,
      align: 'right',
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <b className="tabular">{yuan(r.amount)}</b>
          {r.paid_amount !== null && r.paid_amount !== r.amount ? <Tag color="red" style={{ marginInlineEnd: 0 }}>实付 {yuan(r.paid_amount)}</Tag> : null}
          {r.needs_two ? <Tag color="purple" style={{ marginInlineEnd: 0 }}>需双人审核</Tag> : null}
          {r.bonus_amount ? <span style={{ fontSize: 12, color: '#d48806' }}>赠送 {yuan(r.bonus_amount)}</span> : null}
        </Space>
      ),
    },
    {
      title: '付款信息',
      key: 'payer',
      width: 160,
      // a width of its own (a gateway order number or a USDT line was 224 px)
      render: (_, r) =>
        r.depositor ? (
          <Space orientation="vertical" size={0} style={{ fontSize: 12, maxWidth: 144, overflowWrap: 'anywhere' }}>
            <span>{r.depositor.bank_owner} · {r.depositor.bank}</span>
            <span className="tabular">{r.depositor.bank_no}</span>
          </Space>
        ) : r.usdt ? (
          <span style={{ fontSize: 12, display: 'block', maxWidth: 144 }}>{r.usdt.protocol} · {r.usdt.amount} USDT（汇率 {r.usdt.rate}）</span>
        ) : r.kind === 'online' ? (
          // issue 33: which channel (merchant account) took the order, to check it against that account
          <Space orientation="vertical" size={0} style={{ fontSize: 12, maxWidth: 144, overflowWrap: 'anywhere' }}>
            <span data-testid="deposit-channel">{channelText(r)}</span>
            {r.gateway_order_no ? <span className="tabular">网关单号 {r.gateway_order_no}</span> : null}
          </Space>
        ) : (
          '-'
        ),
    },
    // wrapped in its own width: the table takes its columns' content width (TableCard), so
    // ellipsis never cut it and the one-line account (394 px) pushed the table to 1,426 px,
    // its end under 操作 at 1440x900
    { title: '收款账户', dataIndex: 'receiving', width: 200, render: (v: string) => <div style={{ maxWidth: 184, fontSize: 12, overflowWrap: 'anywhere' }}>{v || '-'}</div> },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>
          {r.review_reason ? <span style={{ fontSize: 12, color: '#d48806', display: 'block', maxWidth: 150 }}>{r.review_reason}</span> : null}
          {r.reject_reason ? <span style={{ fontSize: 12, color: '#cf1322', display: 'block', maxWidth: 150 }}>原因：{r.reject_reason}</span> : null}
          {r.first_approved_by ? <span style={{ fontSize: 12 }} data-testid="deposit-first-approver">初审：{r.first_approved_by}</span> : null}
          {r.decided_by ? <span style={{ fontSize: 12 }}>处理：{r.decided_by}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 130,
      render: (_, r) => {
        if (!reviewer || !decidable(r)) return null;
        // above the two-person amount: a first approval, then another operator's, which credits
        const approvedByMe = !!r.first_approved_by && r.first_approved_by === mine;
        return (
          <Space size={4}>
            <Tooltip title={approvedByMe ? '复核须由另一位操作员完成' : undefined}>
              <Button size="small" type="primary" disabled={approvedByMe} onClick={() => setOpen({ action: 'approve', row: r })} data-testid={`approve-${r.deposit_no}`}>
                {r.first_approved_by ? '复核入账' : r.needs_two ? '初审通过' : '入账'}
              </Button>
            </Tooltip>
            <Button size="small" danger onClick={() => setOpen({ action: 'reject', row: r })}>
              拒绝
            </Button>
          </Space>
        );
      },
    },
  ];

  const row = open?.row;
  // issue 33 / 34 point 10: approving reads the member's break and deposit limits first
  const detail = useDepositDetail(open?.action === 'approve' && row ? row.deposit_no : null);
  const preview = detail.data?.preview;
  // the first of two approvals credits nothing (the server says so in its message)
  const firstOfTwo = !!row && row.needs_two && !row.first_approved_by;
  return (
    <>
      <PageTitle title="存款审核" extra={<RefreshButton query={table.query} />} />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ state: 'pending' }} onFinish={(v) => table.search({ state: v.state === 'all' ? undefined : v.state, username: v.username })}>
          <Form.Item name="state" label="状态">
            <Segmented
              options={[{ value: 'pending', label: '待确认' }, { value: 'review', label: '异常待审' }, { value: 'credited', label: '已入账' }, { value: 'rejected', label: '已拒绝' }, { value: 'expired', label: '已过期' }, { value: 'all', label: '全部' }]}
              onChange={() => form.submit()}
            />
          </Form.Item>
          <Form.Item name="username" label="会员">
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>搜索</Button>
        </Form>
      </Card>
      <QueueSummary total={data?.total ?? 0} pageSum={pageSum} />
      <TableCard<AdminDepositRow>
        table={table}
        rowKey="deposit_no"
        columns={columns}
        scroll={{ x: 1500 }}
        pagination={{ ...(table.tableProps.pagination || {}), pageSize: data?.per_page ?? 20, showSizeChanger: false }}
      />
      {open && row ? (
        <ActionModal<{ reason?: string }>
          open
          danger={open.action === 'reject'}
          title={`${open.action === 'approve' ? (firstOfTwo ? '初审通过' : '确认入账') : '拒绝存款'} · ${row.deposit_no}`}
          warning={
            open.action === 'approve' && firstOfTwo
              ? `该笔金额较大，需要两位操作员审核。您的通过将记为初审，不会入账；另一位操作员复核通过后才入账。`
              : open.action === 'approve'
              ? preview && preview.refund > 0
                ? `确认已收到 ${row.username} 的款项：按会员存款限额入账 ${yuan(preview.credit)} 元，其余 ${yuan(preview.refund)} 元记为待退款，由财务退回会员。同一单只会处理一次。`
                : `确认已收到 ${row.username} 的款项：入账 ${yuan(preview?.credit ?? row.paid_amount ?? row.amount)} 元${row.bonus_amount ? `，并赠送 ${yuan(row.bonus_amount)} 元` : ''}。同一单只会入账一次。`
              : '拒绝后该单不会入账，会员可在记录中看到原因。'
          }
          schema={open.action === 'reject' ? adminDepositRejectSchema : adminDepositApproveSchema}
          fixed={{ deposit_no: row.deposit_no }}
          okText={open.action === 'reject' ? '确认拒绝' : firstOfTwo ? '确认初审' : '确认入账'}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: open.action, body: { deposit_no: row.deposit_no, ...(open.action === 'reject' ? { reason: v.reason } : {}) } })}
        >
          {open.action === 'approve' && row.first_approved_by ? (
            <Typography.Paragraph style={{ fontSize: 12 }}>
              初审：{row.first_approved_by}（{row.first_approved_at}）。您的通过将完成复核并入账。
            </Typography.Paragraph>
          ) : null}
          {row.kind === 'online' ? (
            <Typography.Paragraph style={{ fontSize: 12 }} data-testid="deposit-review-channel">
              {channelText(row)}
              {row.gateway_order_no ? ` · 网关单号 ${row.gateway_order_no}` : ''}
            </Typography.Paragraph>
          ) : null}
          {open.action === 'reject' ? <ReasonField label="拒绝原因" /> : <DepositLimitNotice detail={detail} after={firstOfTwo ? '复核通过后' : undefined} />}
        </ActionModal>
      ) : null}
    </>
  );
}
