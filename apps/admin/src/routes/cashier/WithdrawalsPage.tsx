import { SearchOutlined, WarningOutlined } from '@ant-design/icons';
import { adminWithdrawNoSchema, adminWithdrawRejectSchema, RISK_RULE_NAMES, type AdminWithdrawalRow } from '@casino/contract';
import { Button, Card, Form, Input, Segmented, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listWithdrawals, useWithdrawalAction, withdrawalsKey, type WithdrawalAction, type WithdrawalFilters } from '../../hooks/api/withdrawals';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { OrderCell, QueueSummary, RefreshButton } from './queue-parts';
import { RiskLevelTag } from '../members/RiskParts'; // issue 36

const REVIEW: Record<AdminWithdrawalRow['review'], { text: string; color: string }> = {
  pending: { text: '待审核', color: 'orange' },
  approved_once: { text: '待复核', color: 'purple' },
  approved: { text: '已出款', color: 'green' },
  rejected: { text: '已拒绝', color: 'red' },
};

/** issue 36: the applicant's risk level and links count, beside the amount (links open member 360's 关联账户) */
function RiskBeside({ risk, username }: { risk: AdminWithdrawalRow['risk']; username: string }) {
  const level = risk.risk_level ?? 'normal';
  return (
    <Space size={4} style={{ justifyContent: 'flex-end' }} data-testid="withdraw-risk">
      {level !== 'normal' ? <RiskLevelTag level={level} /> : null}
      {risk.links !== undefined ? (
        <Tooltip title="与该会员共享设备、地址、银行卡、USDT地址、姓名或手机号的会员数">
          <Link to={`/members/${encodeURIComponent(username)}`} style={{ fontSize: 12, color: risk.links > 0 ? '#cf1322' : '#389e0d', whiteSpace: 'nowrap' }}>
            关联 {risk.links}
          </Link>
        </Tooltip>
      ) : null}
      {risk.open_events?.length ? (
        // issue 36 point 3: the applicant's open risk events (either side of a linked pair)
        <Tooltip title={risk.open_events.map((e) => RISK_RULE_NAMES[e.rule] ?? e.rule).join('、')}>
          <Link to={`/risk/events?username=${encodeURIComponent(username)}`} style={{ fontSize: 12, color: '#cf1322', whiteSpace: 'nowrap' }} data-testid="withdraw-risk-events">
            风控事件 {risk.open_events.length}
          </Link>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** The withdrawal queue: claim, approve (or first of two approvals), reject with a reason. */
export default function WithdrawalsPage() {
  const me = useMe();
  const [form] = Form.useForm<WithdrawalFilters>();
  const table = useTable<AdminWithdrawalRow, WithdrawalFilters>(withdrawalsKey, listWithdrawals, { initialParams: { state: 1 }, refetchInterval: 15_000 });
  const action = useWithdrawalAction();
  const [open, setOpen] = useState<{ action: WithdrawalAction; row: AdminWithdrawalRow } | null>(null);
  const reviewer = can(me.data, 'withdrawals.review');
  const mine = me.data?.username;
  // a super admin frees a claim its operator left behind (the server checks and audits it)
  const chief = me.data?.permissions.includes('*') ?? false;
  const rows = table.query.data?.data ?? [];
  const pageSum = rows.reduce((s, r) => s + r.amount, 0);

  const columns: ColumnsType<AdminWithdrawalRow> = [
    {
      title: '单号 / 时间',
      dataIndex: 'withdraw_no',
      width: 190,
      render: (v: string, r) => <OrderCell no={v} createdAt={r.created_at} waiting={r.state === 1} />,
    },
    { title: '会员', dataIndex: 'username', width: 90, render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '金额', dataIndex: 'amount', width: 105, align: 'right', render: (v: number, r) => <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}><b className="tabular">{yuan(v)}</b>{r.needs_two ? <Tag color="purple" style={{ marginInlineEnd: 0 }}>需双人审核</Tag> : null}<RiskBeside risk={r.risk} username={r.username} /></Space> },
    {
      title: '收款账户',
      key: 'account',
      width: 170,
      render: (_, r) =>
        r.kind === 'usdt' ? (
          <Space orientation="vertical" size={0} style={{ maxWidth: 154 }}>
            <span>USDT {r.usdt ? `${r.usdt.chain} · 到账 ${r.usdt.received} USDT（汇率 ${r.usdt.rate}）` : ''}</span>
            <span className="tabular" style={{ fontSize: 12, wordBreak: 'break-all' }}>{r.bank_no}</span>
          </Space>
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{r.bank} · {r.bank_owner}</span>
            <span className="tabular" style={{ fontSize: 12 }}>{r.bank_no}</span>
          </Space>
        ),
    },
    {
      // 打码 and 累计存款 sit under the notes they explain (取款金额高于累计存款): as a column of their
      // own they were the 8th column of 1,420 px, half under 操作 at 1440x900
      title: '风控提示 / 打码',
      key: 'risk',
      width: 230,
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          {r.risk.notes.length ? (
            r.risk.notes.map((n) => (
              <span key={n} style={{ color: '#cf1322', fontSize: 12 }}>
                <WarningOutlined /> {n}
              </span>
            ))
          ) : (
            <span style={{ color: '#389e0d', fontSize: 12 }}>无异常</span>
          )}
          <span style={{ fontSize: 12, color: '#5b6276' }}>
            剩余打码 {yuan(r.risk.turnover_remaining)} · 累计存款 {yuan(r.risk.paysum)}
          </span>
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'review',
      width: 120,
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          <Tag color={REVIEW[r.review].color}>{REVIEW[r.review].text}</Tag>
          {r.claimed_by && r.state === 1 ? <span style={{ fontSize: 12 }}>预备出款：{r.claimed_by}</span> : null}
          {r.first_approved_by ? <span style={{ fontSize: 12 }}>初审：{r.first_approved_by}</span> : null}
          {r.decided_by ? <span style={{ fontSize: 12 }}>处理：{r.decided_by}</span> : null}
          {r.reason ? <span style={{ fontSize: 12, color: '#cf1322', display: 'block', maxWidth: 150 }}>原因：{r.reason}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 190,
      render: (_, r) => {
        if (r.state !== 1 || !reviewer) return null;
        const claimedByOther = !!r.claimed_by && r.claimed_by !== mine;
        const secondOfTwo = r.review === 'approved_once';
        const approvedByMe = secondOfTwo && r.first_approved_by === mine;
        return (
          <Space size={4} wrap>
            {!r.claimed_by ? (
              <Button size="small" onClick={() => setOpen({ action: 'claim', row: r })}>
                预备出款
              </Button>
            ) : r.claimed_by === mine || chief ? (
              <Button size="small" onClick={() => setOpen({ action: 'release', row: r })} data-testid={`release-${r.withdraw_no}`}>
                {r.claimed_by === mine ? '释放' : '强制释放'}
              </Button>
            ) : null}
            <Tooltip title={claimedByOther ? `已由 ${r.claimed_by} 预备出款` : approvedByMe ? '复核须由另一位操作员完成' : undefined}>
              <Button size="small" type="primary" disabled={claimedByOther || approvedByMe} onClick={() => setOpen({ action: 'approve', row: r })} data-testid={`approve-${r.withdraw_no}`}>
                {secondOfTwo ? '复核通过' : r.needs_two ? '初审通过' : '通过'}
              </Button>
            </Tooltip>
            <Button size="small" danger disabled={claimedByOther} onClick={() => setOpen({ action: 'reject', row: r })}>
              拒绝
            </Button>
          </Space>
        );
      },
    },
  ];

  const row = open?.row;
  const titles: Record<WithdrawalAction, string> = { claim: '预备出款', release: '释放取款单', approve: '审核通过', reject: '拒绝取款' };
  return (
    <>
      <PageTitle title="取款审核" extra={<RefreshButton query={table.query} />} />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ state: 1 }} onFinish={(v) => table.search({ ...v, state: v.state || undefined })}>
          <Form.Item name="state" label="状态">
            <Segmented options={[{ value: 1, label: '待处理' }, { value: 2, label: '已通过' }, { value: 3, label: '已拒绝' }, { value: 0, label: '全部' }]} onChange={() => form.submit()} />
          </Form.Item>
          <Form.Item name="username" label="会员">
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="withdraw_no" label="单号">
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      </Card>
      <QueueSummary total={table.query.data?.total ?? 0} pageSum={pageSum} />
      <TableCard<AdminWithdrawalRow> table={table} rowKey="withdraw_no" columns={columns} scroll={{ x: 1500 }} />
      {open && row ? (
        <ActionModal<{ reason?: string }>
          open
          danger={open.action === 'reject'}
          title={`${titles[open.action]} · ${row.withdraw_no}`}
          warning={
            open.action === 'approve'
              ? row.review === 'approved_once' || !row.needs_two
                ? `确认向 ${row.username} 出款 ${yuan(row.amount)} 元？`
                : `该笔金额较大，需要两位操作员审核。您的通过将记为初审。`
              : open.action === 'reject'
                ? `拒绝后 ${yuan(row.amount)} 元退回会员中心钱包，并通知会员原因。`
                : open.action === 'claim'
                  ? '预备出款后，在您释放之前只有您能处理这笔取款。'
                  : '释放后其他操作员可以处理这笔取款。'
          }
          schema={open.action === 'reject' ? adminWithdrawRejectSchema : adminWithdrawNoSchema}
          fixed={{ withdraw_no: row.withdraw_no }}
          okText={open.action === 'reject' ? '确认拒绝' : '确认'}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: open.action, body: { withdraw_no: row.withdraw_no, ...(open.action === 'reject' ? { reason: v.reason } : {}) } })}
        >
          {open.action === 'reject' ? <ReasonField label="拒绝原因（会员可见）" /> : null}
        </ActionModal>
      ) : null}
    </>
  );
}
