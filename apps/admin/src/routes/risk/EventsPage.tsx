import {
  fieldLabel,
  RISK_EVENT_STATE_NAMES,
  RISK_EVENT_STATES,
  RISK_EVIDENCE_KIND_NAMES,
  RISK_FIGURE_NAMES,
  RISK_MONEY_PARAMS,
  RISK_PARAM_NAMES,
  RISK_RULE_NAMES,
  RISK_RULES,
  riskDecideSchema,
  type RiskEventRow,
  type RiskEvidenceItem,
} from '@casino/contract';
import { Button, Card, Col, Descriptions, Drawer, Empty, Form, Input, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listRiskEvents, riskEventsKey, useDecideRiskEvent, useRiskEvent, type RiskEventFilters } from '../../hooks/api/risk';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { CutText } from '../../components/CutText';

const STATE_COLORS: Record<string, string> = { open: 'orange', confirmed: 'red', dismissed: 'default' };
const RULE_COLORS: Record<string, string> = { bonus_hunt: 'magenta', linked_opposite: 'volcano', linked_same_promo: 'purple', low_turnover: 'gold', big_win: 'blue' };
// every name from the contract's dictionary
const STATE_OPTIONS = [{ value: 'all', label: '全部状态' }, ...RISK_EVENT_STATES.map((s) => ({ value: s, label: RISK_EVENT_STATE_NAMES[s] }))];
const RULE_OPTIONS = RISK_RULES.map((r) => ({ value: r, label: RISK_RULE_NAMES[r] }));

export const ruleTag = (rule: string) => <Tag color={RULE_COLORS[rule]}>{RISK_RULE_NAMES[rule] ?? rule}</Tag>;
const stateTag = (state: string) => <Tag color={STATE_COLORS[state]}>{RISK_EVENT_STATE_NAMES[state] ?? state}</Tag>;
const member = (u: string | null) => (u ? <Link to={`/members/${encodeURIComponent(u)}`}>{u}</Link> : null);

interface FormValues {
  state: string;
  rule?: string;
  username?: string;
}

const toFilters = (v: FormValues): RiskEventFilters => ({
  state: v.state === 'all' ? undefined : (v.state as RiskEventFilters['state']),
  rule: (v.rule || undefined) as RiskEventFilters['rule'],
  username: v.username?.trim() || undefined,
});

/**
 * 风控事件 (issue 36 point 3): what the risk rules found, open ones first by default, filtered by
 * state, rule and member (?username= from the withdrawal review); a drawer with the evidence, where
 * an operator holding risk.manage confirms or dismisses the event once, with a reason.
 */
export default function EventsPage() {
  const [params] = useSearchParams();
  const initial: FormValues = { state: 'open', rule: params.get('rule') ?? undefined, username: params.get('username') ?? undefined };
  const [form] = Form.useForm<FormValues>();
  const table = useTable<RiskEventRow, RiskEventFilters>(riskEventsKey, listRiskEvents, { initialParams: toFilters(initial), refetchInterval: 30_000 });
  const [open, setOpen] = useState<number | null>(null);

  const columns: ColumnsType<RiskEventRow> = [
    { title: '编号', dataIndex: 'id', width: 80, render: (v: number) => <Typography.Link onClick={() => setOpen(v)}>#{v}</Typography.Link> },
    { title: '规则', dataIndex: 'rule', render: ruleTag },
    {
      title: '会员',
      dataIndex: 'username',
      render: (v: string, r) => (
        <Space size={4}>
          {member(v)}
          {r.other_username ? (
            <>
              <Typography.Text type="secondary">↔</Typography.Text>
              {member(r.other_username)}
            </>
          ) : null}
        </Space>
      ),
    },
    { title: '摘要', dataIndex: 'summary', render: (v: string) => <CutText text={v} width={360} rows={2} /> },
    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
    { title: '状态', dataIndex: 'state', render: stateTag },
    { title: '发现时间', dataIndex: 'opened_at' },
    { title: '处理人', dataIndex: 'decided_by', render: (v: string | null, r) => (v ? `${v}（${r.decided_at}）` : '-') },
    { title: '操作', key: 'op', fixed: 'right', render: (_, r) => <Button size="small" onClick={() => setOpen(r.id)}>{r.state === 'open' ? '处理' : '详情'}</Button> },
  ];

  return (
    <>
      <PageTitle title="风控事件" />
      <Card className="filters" size="small">
        <Form form={form} initialValues={initial} onFinish={(v) => table.search(toFilters(v))} labelCol={{ flex: '72px' }}>
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item name="state" label="状态">
                <Select options={STATE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="rule" label="规则">
                <Select allowClear placeholder="全部规则" options={RULE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="username" label="会员">
                <Input allowClear placeholder="会员账号（任一方）" />
              </Form.Item>
            </Col>
            <Col span={6} style={{ textAlign: 'right' }}>
              <SearchActions
                onReset={() => {
                  form.setFieldsValue({ state: 'open', rule: undefined, username: undefined });
                  table.search(toFilters({ state: 'open' }));
                }}
              />
            </Col>
          </Row>
        </Form>
      </Card>
      <TableCard<RiskEventRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的风控事件" /> }} />
      <EventDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

const figureValue = (k: string, v: number | string) => (typeof v === 'number' && ['bonus', 'required', 'turnover', 'deposits', 'win', 'stake', 'amount'].includes(k) ? `${yuan(v)} 元` : String(v));
// the money thresholds' names carry their unit (优惠金额至少（元）): the figure alone
const thresholdValue = (k: string, v: number) => (RISK_MONEY_PARAMS.has(k) ? yuan(v) : String(v));

/** one event: who, the figures, the thresholds it had, the evidence; confirm or dismiss once */
function EventDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const event = useRiskEvent(id);
  const me = useMe();
  const decide = useDecideRiskEvent();
  const [action, setAction] = useState<'confirm' | 'dismiss' | null>(null);
  const e = event.data;
  const manager = can(me.data, 'risk.manage');

  const evidenceColumns: ColumnsType<RiskEvidenceItem> = [
    { title: '类型', dataIndex: 'kind', render: (k: string) => RISK_EVIDENCE_KIND_NAMES[k] ?? k },
    { title: '单号 / 注单', dataIndex: 'ref', render: (v: string) => <Typography.Text copyable style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>{v}</Typography.Text> },
    { title: '会员', dataIndex: 'username', render: (v: string) => member(v) },
    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
    { title: '时间', dataIndex: 'at' },
    { title: '说明', dataIndex: 'note', render: (v?: string) => v ?? '-' },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={e ? <Space>{`风控事件 #${e.id}`} {ruleTag(e.rule)} {stateTag(e.state)}</Space> : '风控事件'}
      extra={
        e?.state === 'open' && manager ? (
          <Space>
            <Button onClick={() => setAction('dismiss')}>排除</Button>
            <Button danger type="primary" onClick={() => setAction('confirm')}>
              确认风险
            </Button>
          </Space>
        ) : null
      }
    >
      {event.isError ? <QueryError error={event.error} retry={event.refetch} /> : null}
      {event.isPending && id !== null ? <Skeleton active /> : null}
      {e ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="规则" span={2}>
              {RISK_RULE_NAMES[e.rule]}
            </Descriptions.Item>
            <Descriptions.Item label="摘要" span={2}>
              {e.summary}
            </Descriptions.Item>
            <Descriptions.Item label="会员">{member(e.username)}</Descriptions.Item>
            <Descriptions.Item label="关联会员">{member(e.other_username) ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="发现时间">{e.opened_at}</Descriptions.Item>
            <Descriptions.Item label="状态">{stateTag(e.state)}</Descriptions.Item>
            {Object.entries(e.figures).map(([k, v]) => (
              <Descriptions.Item key={k} label={RISK_FIGURE_NAMES[k] ?? fieldLabel(k)}>
                {figureValue(k, v)}
              </Descriptions.Item>
            ))}
            {e.decided_by ? (
              <>
                <Descriptions.Item label="处理人">{e.decided_by}</Descriptions.Item>
                <Descriptions.Item label="处理时间">{e.decided_at}</Descriptions.Item>
                <Descriptions.Item label="处理原因" span={2}>
                  {e.reason}
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          <Card size="small" title="证据">
            <Table<RiskEvidenceItem> size="small" rowKey={(r) => `${r.kind}:${r.ref}:${r.username}`} columns={evidenceColumns} dataSource={e.evidence} pagination={false} locale={{ emptyText: '没有保存证据' }} />
          </Card>
          <Card size="small" title="触发时的规则阈值">
            <Descriptions size="small" column={1}>
              {Object.entries(e.thresholds).map(([k, v]) => (
                <Descriptions.Item key={k} label={RISK_PARAM_NAMES[k] ?? fieldLabel(k)}>
                  {thresholdValue(k, v)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
          {e.state === 'open' && !manager ? <Typography.Text type="secondary">处理风控事件需要「管理风控」权限。</Typography.Text> : null}
        </Space>
      ) : null}
      <ActionModal<{ reason: string }>
        open={action !== null && e !== undefined}
        title={action === 'confirm' ? `确认风险：事件 #${e?.id}` : `排除：事件 #${e?.id}`}
        warning={action === 'confirm' ? '确认后事件关闭并记入审计日志；如需限制会员，请在会员详情中设置风险等级。' : '排除表示核实后不属于违规，事件关闭并记入审计日志。'}
        okText={action === 'confirm' ? '确认风险' : '排除'}
        danger={action === 'confirm'}
        schema={riskDecideSchema}
        fixed={{ id: e?.id, decision: action }}
        onClose={() => setAction(null)}
        submit={(v) => decide.mutateAsync({ id: e!.id, decision: action!, reason: v.reason })}
      >
        <ReasonField label="处理原因" />
      </ActionModal>
    </Drawer>
  );
}
