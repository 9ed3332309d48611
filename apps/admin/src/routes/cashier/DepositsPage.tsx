import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { adminDepositApproveSchema, adminDepositRejectSchema, type AdminDepositRow, type DepositStatus } from '@casino/contract';
import { Button, Card, Col, Form, Input, Row, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { depositsKey, listDeposits, useDepositAction, type DepositFilters } from '../../hooks/api/deposits';
import { useTable } from '../../hooks/use-table';
import { ageClass, ageText, minutesSince, yuan } from '../../lib/format';

const STATUS: Record<DepositStatus, { text: string; color: string }> = {
  pending: { text: '待确认', color: 'blue' },
  review: { text: '金额/时间异常', color: 'orange' },
  credited: { text: '已入账', color: 'green' },
  rejected: { text: '已拒绝', color: 'red' },
  expired: { text: '已过期', color: 'default' },
  failed: { text: '失败', color: 'red' },
};

/** what an operator may decide: any open manual order, an online one only once in review (the server's rule) */
const decidable = (r: AdminDepositRow) => (r.kind === 'manual' ? ['pending', 'review', 'expired'].includes(r.status) : r.status === 'review');

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
  const data = table.query.data as (typeof table.query.data & { per_page?: number }) | undefined;
  const pageSum = (data?.data ?? []).reduce((s, r) => s + (r.paid_amount ?? r.amount), 0);

  const columns: ColumnsType<AdminDepositRow> = [
    {
      title: '单号 / 时间',
      dataIndex: 'deposit_no',
      width: 220,
      render: (v: string, r) => {
        const age = minutesSince(r.created_at);
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text copyable={{ text: v }} style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>{v}</Typography.Text>
            <span style={{ fontSize: 12, color: '#5b6276' }}>{r.created_at}</span>
            {r.status === 'review' || r.status === 'pending' ? <span className={ageClass(age)} style={{ fontSize: 12 }}>已等待 {ageText(age)}</span> : null}
          </Space>
        );
      },
    },
    { title: '会员', dataIndex: 'username', width: 110, render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '方式', key: 'kind', width: 110, render: (_, r) => <Space orientation="vertical" size={0}><span>{r.kind === 'manual' ? '人工转账' : '在线支付'}</span><span style={{ fontSize: 12, color: '#5b6276' }}>{r.paytype}</span></Space> },
    {
      title: '订单 / 实付',
      key: 'amount',
      width: 150,
      align: 'right',
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <b className="tabular">{yuan(r.amount)}</b>
          {r.paid_amount !== null && r.paid_amount !== r.amount ? <Tag color="red" style={{ marginInlineEnd: 0 }}>实付 {yuan(r.paid_amount)}</Tag> : null}
          {r.bonus_amount ? <span style={{ fontSize: 12, color: '#d48806' }}>赠送 {yuan(r.bonus_amount)}</span> : null}
        </Space>
      ),
    },
    {
      title: '付款信息',
      key: 'payer',
      render: (_, r) =>
        r.depositor ? (
          <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
            <span>{r.depositor.bank_owner} · {r.depositor.bank}</span>
            <span className="tabular">{r.depositor.bank_no}</span>
          </Space>
        ) : r.usdt ? (
          <span style={{ fontSize: 12 }}>{r.usdt.protocol} · {r.usdt.amount} USDT（汇率 {r.usdt.rate}）</span>
        ) : r.gateway_order_no ? (
          <span style={{ fontSize: 12 }}>网关单号 {r.gateway_order_no}</span>
        ) : (
          '-'
        ),
    },
    { title: '收款账户', dataIndex: 'receiving', ellipsis: true },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>
          {r.review_reason ? <span style={{ fontSize: 12, color: '#d48806' }}>{r.review_reason}</span> : null}
          {r.reject_reason ? <span style={{ fontSize: 12, color: '#cf1322' }}>原因：{r.reject_reason}</span> : null}
          {r.decided_by ? <span style={{ fontSize: 12 }}>处理：{r.decided_by}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 150,
      render: (_, r) =>
        reviewer && decidable(r) ? (
          <Space size={4}>
            <Button size="small" type="primary" onClick={() => setOpen({ action: 'approve', row: r })}>
              入账
            </Button>
            <Button size="small" danger onClick={() => setOpen({ action: 'reject', row: r })}>
              拒绝
            </Button>
          </Space>
        ) : null,
    },
  ];

  const row = open?.row;
  return (
    <>
      <PageTitle title="存款审核" extra={<Button icon={<ReloadOutlined />} onClick={() => table.query.refetch()} loading={table.query.isFetching}>刷新</Button>} />
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
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}><Card size="small"><Statistic title="符合条件的笔数" value={data?.total ?? 0} /></Card></Col>
        <Col span={6}><Card size="small"><Statistic title="本页金额合计（元）" value={yuan(pageSum)} /></Card></Col>
        <Col span={12}>
          <Card size="small" style={{ height: '100%' }}>
            <Space style={{ fontSize: 12 }} wrap>
              等待时长：<span className="age-fresh">● 10分钟内</span><span className="age-warn">● 10-30分钟</span><span className="age-late">● 超过30分钟</span>
              <span style={{ color: '#9aa0b2' }}>每15秒自动刷新</span>
            </Space>
          </Card>
        </Col>
      </Row>
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} /> : null}
      <Card size="small">
        <Table<AdminDepositRow>
          rowKey="deposit_no"
          columns={columns}
          size="middle"
          scroll={{ x: 1500 }}
          {...table.tableProps}
          pagination={{ ...(table.tableProps.pagination || {}), pageSize: data?.per_page ?? 20, showSizeChanger: false }}
        />
      </Card>
      {open && row ? (
        <ActionModal<{ reason?: string }>
          open
          danger={open.action === 'reject'}
          title={`${open.action === 'approve' ? '确认入账' : '拒绝存款'} · ${row.deposit_no}`}
          warning={
            open.action === 'approve'
              ? `确认已收到 ${row.username} 的款项：入账 ${yuan(row.paid_amount ?? row.amount)} 元${row.bonus_amount ? `，并赠送 ${yuan(row.bonus_amount)} 元` : ''}。同一单只会入账一次。`
              : '拒绝后该单不会入账，会员可在记录中看到原因。'
          }
          schema={open.action === 'reject' ? adminDepositRejectSchema : adminDepositApproveSchema}
          fixed={{ deposit_no: row.deposit_no }}
          okText={open.action === 'reject' ? '确认拒绝' : '确认入账'}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: open.action, body: { deposit_no: row.deposit_no, ...(open.action === 'reject' ? { reason: v.reason } : {}) } })}
        >
          {open.action === 'reject' ? <ReasonField label="拒绝原因" /> : null}
        </ActionModal>
      ) : null}
    </>
  );
}
