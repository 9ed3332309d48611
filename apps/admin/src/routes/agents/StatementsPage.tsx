import { CalculatorOutlined, SearchOutlined } from '@ant-design/icons';
import {
  AGENT_FIGURE_LABEL,
  adminAgentSettlementRunSchema,
  adminAgentStatementAdjustSchema,
  adminAgentStatementIdSchema,
  adminAgentStatementRejectSchema,
  type AdminAgentSettlementReply,
  type AdminAgentStatementRow,
} from '@casino/contract';
import { Button, Card, Descriptions, Drawer, Form, Input, InputNumber, Segmented, Select, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { TableCard } from '../../components/TableCard';
import { agentStatementsKey, listStatements, useSettlementRun, useStatement, useStatementAction, type StatementAction, type StatementFilters } from '../../hooks/api/agents';
import { can, useMe } from '../../hooks/api/auth';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { FIGURE_KEYS, StatementStateTag, figure, recentMonths } from './parts';

const money = (v: number) => <span className={`tabular${v < 0 ? ' neg' : ''}`} style={v < 0 ? { color: '#cf1322' } : undefined}>{yuan(v)}</span>;

/**
 * 佣金审核: the monthly statements. Approve (credits the agent's central wallet once, with its
 * turnover, and tells the agent by inbox); above the two-person amount a second, different
 * operator approves. Adjust the total with a reason, or reject with a reason. 结算月份 writes a
 * month's missing statements (approved ones stay as they are).
 */
export default function StatementsPage() {
  const me = useMe();
  const settler = can(me.data, 'agents.settle');
  const mine = me.data?.username;
  const [search] = useSearchParams();
  const fromLink = search.get('username') ?? undefined;
  const initial: StatementFilters = fromLink ? { username: fromLink } : { state: 1 };
  const [form] = Form.useForm<StatementFilters>();
  const table = useTable<AdminAgentStatementRow, StatementFilters>(agentStatementsKey, listStatements, { initialParams: initial, refetchInterval: 30_000 });
  const action = useStatementAction();
  const run = useSettlementRun();
  const [open, setOpen] = useState<{ action: StatementAction; row: AdminAgentStatementRow } | null>(null);
  const [running, setRunning] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);

  const columns: ColumnsType<AdminAgentStatementRow> = [
    { title: '月份', dataIndex: 'month', render: (v: string, r) => <a onClick={() => setDetail(r.id)} data-testid={`statement-open-${r.id}`}>{v}</a> },
    {
      title: '代理',
      dataIndex: 'username',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/agents/${r.agent_id}`}>{v}</Link>
          <span style={{ fontSize: 12, color: '#5b6276' }}>推广码 {r.code}</span>
          {r.open_flags > 0 ? <Tag color="orange" data-testid={`statement-flags-${r.id}`}>{r.open_flags} 名待核查</Tag> : null}
        </Space>
      ),
    },
    { title: '活跃会员', dataIndex: 'active_members', align: 'right' },
    { title: '净盈利', dataIndex: 'net_profit', align: 'right', render: money },
    {
      title: '结转（入 / 出）',
      key: 'carry',
      align: 'right',
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end', fontSize: 12 }}>
          <span>入 {money(r.carryover_in)}</span>
          <span>出 {money(r.carryover_out)}</span>
        </Space>
      ),
    },
    { title: '比例', dataIndex: 'rate', align: 'right', render: (v: number) => (v ? `${v}%` : <span style={{ color: '#9aa0b2' }}>未达档位</span>) },
    { title: '佣金', dataIndex: 'commission', align: 'right', render: money },
    { title: '下级分成', dataIndex: 'override', align: 'right', render: money },
    {
      title: '调整',
      dataIndex: 'adjustment',
      align: 'right',
      render: (v: number, r) => (v ? <Tooltip title={r.adjust_reason}>{money(v)}</Tooltip> : '-'),
    },
    {
      title: '应发合计',
      dataIndex: 'total',
      align: 'right',
      render: (v: number, r) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <b className="tabular" data-testid={`statement-total-${r.id}`}>{yuan(v)}</b>
          {r.needs_second ? (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              需双人审核
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'state',
      render: (_, r) => (
        <Space orientation="vertical" size={2} style={{ fontSize: 12 }}>
          <span data-testid={`statement-state-${r.id}`}>
            <StatementStateTag state={r.state} />
          </span>
          {r.first_approved_by ? <span>初审：{r.first_approved_by}</span> : null}
          {r.approved_by ? <span>发放：{r.approved_by}{r.paid_at ? ` · ${r.paid_at}` : ''}</span> : null}
          {r.rejected_by ? <span>拒绝：{r.rejected_by}</span> : null}
          {r.reject_reason ? <span style={{ color: '#cf1322' }}>原因：{r.reject_reason}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_, r) => {
        const pending = r.state === 1 || r.state === 2;
        if (!pending || !settler) return <a onClick={() => setDetail(r.id)}>明细</a>;
        const second = r.state === 2;
        const approvedByMe = second && r.first_approved_by === mine;
        return (
          <Space size={4} wrap>
            <Tooltip title={approvedByMe ? '复核须由另一位操作员完成' : undefined}>
              <Button size="small" type="primary" disabled={approvedByMe} onClick={() => setOpen({ action: 'approve', row: r })} data-testid={`statement-approve-${r.id}`}>
                {second ? '复核通过' : r.needs_second ? '初审通过' : '通过'}
              </Button>
            </Tooltip>
            <Button size="small" onClick={() => setOpen({ action: 'adjust', row: r })} data-testid={`statement-adjust-${r.id}`}>
              调整
            </Button>
            <Button size="small" danger onClick={() => setOpen({ action: 'reject', row: r })} data-testid={`statement-reject-${r.id}`}>
              拒绝
            </Button>
          </Space>
        );
      },
    },
  ];

  const row = open?.row;
  const titles: Record<StatementAction, string> = { approve: '审核通过', adjust: '调整佣金', reject: '拒绝发放' };
  // issue 33: open fraud flags are named first; confirming is the operator's explicit decision (flags_reviewed, audited)
  const flagText = (r: AdminAgentStatementRow) =>
    r.open_flags > 0 ? `注意：该代理有 ${r.open_flags} 名下级会员风险标记待处理（疑似代理本人账户），其盈利未计入本报表。确认即表示您已核查并决定发放。` : '';
  const approveText = (r: AdminAgentStatementRow) =>
    flagText(r) +
    (r.state === 2 || !r.needs_second
      ? `确认向代理 ${r.username} 发放 ${r.month} 佣金 ${yuan(r.total)} 元？将记入其中心钱包（附流水要求），并发送站内信。`
      : `该笔佣金超过复核金额，需要两位操作员审核。您的通过将记为初审，之后由另一位操作员复核发放。`);

  return (
    <>
      <PageTitle
        title="佣金审核"
        extra={
          <Space>
            {settler ? (
              <Button icon={<CalculatorOutlined />} onClick={() => setRunning(true)} data-testid="settlement-run-open">
                结算月份
              </Button>
            ) : null}
            <RefreshButton query={table.query} />
          </Space>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ state: initial.state ?? 0, username: initial.username }} onFinish={(v) => table.search({ ...v, state: v.state || undefined })}>
          <Form.Item name="state" label="状态">
            <Segmented
              options={[
                { value: 1, label: '待审核' },
                { value: 2, label: '待复核' },
                { value: 3, label: '已发放' },
                { value: 4, label: '已拒绝' },
                { value: 0, label: '全部' },
              ]}
              onChange={() => form.submit()}
            />
          </Form.Item>
          <Form.Item name="month" label="月份">
            <Select allowClear placeholder="全部" options={recentMonths()} style={{ width: 160 }} onChange={() => form.submit()} />
          </Form.Item>
          <Form.Item name="username" label="代理">
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      </Card>
      <TableCard<AdminAgentStatementRow> table={table} rowKey="id" columns={columns} />

      {open && row ? (
        <ActionModal<{ amount?: number; reason?: string }>
          open
          danger={open.action === 'reject'}
          title={`${titles[open.action]} · ${row.username} · ${row.month}`}
          warning={
            open.action === 'approve'
              ? approveText(row)
              : open.action === 'adjust'
                ? `当前应发合计 ${yuan(row.total)} 元。填写调整后的应发佣金，原因将记入审计日志并显示给代理。`
                : '拒绝后本期佣金不发放，代理可在报表中看到原因。'
          }
          schema={open.action === 'adjust' ? adminAgentStatementAdjustSchema : open.action === 'reject' ? adminAgentStatementRejectSchema : adminAgentStatementIdSchema}
          fixed={{ id: row.id }}
          initialValues={open.action === 'adjust' ? { amount: row.total } : undefined}
          okText={open.action === 'reject' ? '确认拒绝' : '确认'}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: open.action, body: { id: row.id, ...(open.action === 'adjust' ? { amount: v.amount, reason: v.reason } : open.action === 'reject' ? { reason: v.reason } : row.open_flags > 0 ? { flags_reviewed: true } : {}) } })}
        >
          {open.action === 'adjust' ? (
            <Form.Item name="amount" label="调整后的应发佣金（元）" rules={[zodRule(adminAgentStatementAdjustSchema, 'amount')]}>
              <InputNumber min={0} precision={2} style={{ width: 220 }} data-testid="statement-adjust-amount" />
            </Form.Item>
          ) : null}
          {open.action !== 'approve' ? <ReasonField label={open.action === 'reject' ? '拒绝原因（代理可见）' : '调整原因（代理可见）'} /> : null}
        </ActionModal>
      ) : null}

      {running ? (
        <ActionModal<{ month: string }>
          open
          title="结算月份"
          warning="为该月每位代理生成佣金报表（北京时间，只能结算已结束的月份）。重复结算只补齐缺少的报表，已审核的报表保持不变。"
          schema={adminAgentSettlementRunSchema}
          initialValues={{ month: recentMonths()[1].value }}
          okText="开始结算"
          onClose={() => setRunning(false)}
          submit={(v) => run.mutateAsync(v.month)}
          result={(data) => {
            const r = data as AdminAgentSettlementReply;
            return `${r.month}：新生成 ${r.created} 份报表，已存在 ${r.skipped} 份（保持不变）。`;
          }}
        >
          <Form.Item name="month" label="月份" rules={[{ required: true, message: '请选择月份' }]}>
            <Select options={recentMonths().slice(1)} style={{ width: 200 }} />
          </Form.Item>
        </ActionModal>
      ) : null}

      <Drawer open={detail !== null} onClose={() => setDetail(null)} title="佣金报表明细" size={560} destroyOnHidden>
        {detail !== null ? <StatementDetail id={detail} /> : null}
      </Drawer>
    </>
  );
}

function StatementDetail({ id }: { id: number }) {
  const q = useStatement(id);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  const s = q.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="statement-detail">
      <Descriptions column={2} size="small" bordered title={`${s.username} · ${s.month}`} extra={<StatementStateTag state={s.state} />}>
        {FIGURE_KEYS.map((k) => (
          <Descriptions.Item key={k} label={AGENT_FIGURE_LABEL[k]}>
            <span className="tabular">{figure(k, s.figures)}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Descriptions column={1} size="small" bordered title="佣金计算">
        <Descriptions.Item label="上月结转">{money(s.carryover_in)}</Descriptions.Item>
        <Descriptions.Item label="计佣基数">{money(s.net_profit + s.carryover_in)}</Descriptions.Item>
        <Descriptions.Item label="档位">{s.tier_index === null ? '未达档位' : `第${s.tier_index}档 · ${s.rate}%`}</Descriptions.Item>
        <Descriptions.Item label="佣金">{money(s.commission)}</Descriptions.Item>
        <Descriptions.Item label="下级代理分成">{money(s.override)}</Descriptions.Item>
        <Descriptions.Item label="人工调整">
          {money(s.adjustment)}
          {s.adjust_reason ? `（${s.adjust_reason}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="结转下月">{money(s.carryover_out)}</Descriptions.Item>
        <Descriptions.Item label="应发合计">
          <b>{yuan(s.total)}</b>
        </Descriptions.Item>
      </Descriptions>
      {s.overrides.length ? (
        <Table
          size="small"
          title={() => '下级代理分成明细'}
          rowKey="username"
          pagination={false}
          dataSource={s.overrides}
          columns={[
            { title: '下级代理', dataIndex: 'username' },
            { title: '其佣金', dataIndex: 'commission', align: 'right', render: money },
            { title: '分成', dataIndex: 'override', align: 'right', render: money },
          ]}
        />
      ) : null}
    </Space>
  );
}
