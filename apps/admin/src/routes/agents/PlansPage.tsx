import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined, StarOutlined } from '@ant-design/icons';
import { adminAgentPlanCreateSchema, adminAgentPlanUpdateSchema, checkSettingValue, type AdminAgentPlan, type AgentPlanRow, type Yuan } from '@casino/contract';
import { Alert, App, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Skeleton, Space, Switch, Table, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { useAgentPlans, usePlanAction } from '../../hooks/api/agents';
import { can, useMe } from '../../hooks/api/auth';
import { useSaveSettings, useSettings } from '../../hooks/api/settings';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';

/** the programme's setting keys (settings group 'agents'), edited on this page */
const KEYS = ['agent_deposit_fee_percent', 'agent_carryover', 'agent_override_percent', 'agent_commission_turnover_multiple', 'agent_review_threshold'] as const;
type Key = (typeof KEYS)[number];
const LABEL: Record<Key, string> = {
  agent_deposit_fee_percent: '存款手续费比例',
  agent_carryover: '负盈利结转下月',
  agent_override_percent: '上级代理分成比例',
  agent_commission_turnover_multiple: '佣金流水倍数',
  agent_review_threshold: '双人复核金额',
};
const show = (k: Key, v: unknown) =>
  k === 'agent_carryover' ? (Number(v) === 1 ? '开启' : '关闭') : k.endsWith('_percent') ? `${v}%` : k === 'agent_review_threshold' ? `${v} 元` : `${v} 倍`;

const settingRule =
  (key: Key): Rule =>
  ({ getFieldValue }) => ({
    validator() {
      const r = checkSettingValue(key, getFieldValue(key));
      return r.ok ? Promise.resolve() : Promise.reject(new Error(r.message));
    },
  });

/** 佣金方案: the plans (rows of minimum active members, minimum net profit, rate) and the programme's settings. */
export default function PlansPage() {
  const me = useMe();
  const manager = can(me.data, 'agents.manage');
  const plans = useAgentPlans();
  const [editing, setEditing] = useState<AdminAgentPlan | 'new' | null>(null);
  const [defaulting, setDefaulting] = useState<AdminAgentPlan | null>(null);
  const action = usePlanAction();

  return (
    <>
      <PageTitle
        title="佣金方案"
        extra={
          <Space>
            {manager ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="plan-create-open">
                新建方案
              </Button>
            ) : null}
            <RefreshButton query={plans} />
          </Space>
        }
      />
      {plans.isError ? <QueryError error={plans.error} retry={plans.refetch} /> : null}
      {plans.isPending ? <Skeleton active /> : null}
      <Row gutter={[16, 16]}>
        {(plans.data?.data ?? []).map((p) => (
          <Col span={12} key={p.id}>
            <Card
              size="small"
              data-testid={`plan-${p.id}`}
              title={
                <Space>
                  {p.name}
                  {p.is_default ? <Tag color="gold">默认方案（代理页展示）</Tag> : null}
                  <Tag>{p.agents} 位代理</Tag>
                </Space>
              }
              extra={
                manager ? (
                  <Space>
                    {!p.is_default ? (
                      <Button size="small" icon={<StarOutlined />} onClick={() => setDefaulting(p)}>
                        设为默认
                      </Button>
                    ) : null}
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(p)} data-testid={`plan-edit-${p.id}`}>
                      编辑
                    </Button>
                  </Space>
                ) : null
              }
            >
              <PlanRowsTable rows={p.rows} />
              <div style={{ marginTop: 8, fontSize: 12, color: '#9aa0b2' }}>更新于 {p.updated_at}</div>
            </Card>
          </Col>
        ))}
        {plans.data && plans.data.data.length === 0 ? (
          <Col span={24}>
            <Empty description="暂无佣金方案" />
          </Col>
        ) : null}
      </Row>

      <AgentSettingsCard />

      {editing ? <PlanModal plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {defaulting ? (
        <ActionModal
          open
          title={`设为默认方案 · ${defaulting.name}`}
          warning="默认方案用于新代理，并作为网站代理页展示的佣金表。"
          okText="确认"
          onClose={() => setDefaulting(null)}
          submit={() => action.mutateAsync({ action: 'update', body: { id: defaulting.id, name: defaulting.name, rows: defaulting.rows, is_default: 1 } })}
        />
      ) : null}
    </>
  );
}

export function PlanRowsTable({ rows }: { rows: AgentPlanRow[] }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      columns={[
        { title: '档位', key: 'i', render: (_, __, i) => `第${i + 1}档` },
        { title: '活跃会员 ≥', dataIndex: 'min_active', align: 'right' },
        { title: '月净盈利 ≥（元）', dataIndex: 'min_net_profit', align: 'right', render: (v: number) => yuan(v) },
        { title: '佣金比例', dataIndex: 'rate', align: 'right', render: (v: number) => <b>{v}%</b> },
      ]}
    />
  );
}

/** create or edit a plan: its name and rows, checked with the call's own schema */
function PlanModal({ plan, onClose }: { plan: AdminAgentPlan | null; onClose: () => void }) {
  const action = usePlanAction();
  const schema = plan ? adminAgentPlanUpdateSchema : adminAgentPlanCreateSchema;
  return (
    <ActionModal<{ name: string; rows: AgentPlanRow[] }>
      open
      title={plan ? `编辑方案 · ${plan.name}` : '新建方案'}
      warning="档位从低到高排列：代理当月的活跃会员与净盈利同时达到的最高一档即为其档位。修改从下一次结算起生效，已生成的报表不变。"
      schema={schema}
      fixed={plan ? { id: plan.id } : undefined}
      initialValues={plan ? { name: plan.name, rows: plan.rows } : { rows: [{ min_active: 1, min_net_profit: 0 as Yuan, rate: 30 }] }}
      okText="保存方案"
      onClose={onClose}
      submit={(v) => action.mutateAsync(plan ? { action: 'update', body: { id: plan.id, name: v.name, rows: v.rows } } : { action: 'create', body: v })}
    >
      <Form.Item name="name" label="方案名称" rules={[zodRule(schema, 'name')]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            <Row gutter={8} style={{ marginBottom: 4, color: '#5b6276', fontSize: 12 }}>
              <Col span={5}>档位</Col>
              <Col span={6}>活跃会员 ≥</Col>
              <Col span={7}>月净盈利 ≥（元）</Col>
              <Col span={5}>比例（%）</Col>
            </Row>
            {fields.map((f, i) => (
              <Row gutter={8} key={f.key} align="middle">
                <Col span={5} style={{ paddingBottom: 24 }}>
                  第{i + 1}档
                </Col>
                <Col span={6}>
                  <Form.Item name={[f.name, 'min_active']} rules={[{ required: true, message: '必填' }]}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item name={[f.name, 'min_net_profit']} rules={[{ required: true, message: '必填' }]}>
                    <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[f.name, 'rate']} rules={[{ required: true, message: '必填' }]}>
                    <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={1} style={{ paddingBottom: 24 }}>
                  {fields.length > 1 ? <DeleteOutlined onClick={() => remove(f.name)} aria-label="删除档位" /> : null}
                </Col>
              </Row>
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} disabled={fields.length >= 20} onClick={() => add({ min_active: 0, min_net_profit: 0, rate: 0 })}>
              添加档位
            </Button>
          </>
        )}
      </Form.List>
    </ActionModal>
  );
}

/** the programme's settings through /admin/api/settings/get|update (validated by the contract, audited) */
function AgentSettingsCard() {
  const me = useMe();
  const editor = can(me.data, 'settings.update');
  const settings = useSettings();
  const save = useSaveSettings();
  const [form] = Form.useForm<Record<Key, unknown>>();
  const { message, modal } = App.useApp();
  const current = useMemo(() => (settings.data ? (Object.fromEntries(KEYS.map((k) => [k, settings.data.settings[k]])) as Record<Key, unknown>) : null), [settings.data]);

  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  const submit = async () => {
    if (!current) return;
    let values: Record<Key, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const changed = KEYS.filter((k) => JSON.stringify(values[k]) !== JSON.stringify(current[k]));
    if (changed.length === 0) {
      message.info('没有需要保存的修改');
      return;
    }
    modal.confirm({
      title: '确认保存代理设置',
      content: (
        <Space orientation="vertical" size={4}>
          {changed.map((k) => (
            <div key={k}>
              <b>{LABEL[k]}</b>：{show(k, current[k])} → <span style={{ color: '#d48806' }}>{show(k, values[k])}</span>
            </div>
          ))}
          <span style={{ color: '#5b6276' }}>从下一次计算起生效，已生成的报表不变。</span>
        </Space>
      ),
      okText: '保存',
      cancelText: '取消',
      onOk: async () => {
        try {
          const env = await save.mutateAsync(Object.fromEntries(changed.map((k) => [k, values[k]])));
          message.success(env.message || '已保存');
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });
  };

  return (
    <Card size="small" title="代理设置" style={{ marginTop: 16 }} data-testid="agent-settings">
      {settings.isError ? <QueryError error={settings.error} retry={settings.refetch} /> : null}
      {!current ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" disabled={!editor}>
          {!editor ? <Alert type="info" showIcon title="您没有修改站点设置的权限，仅可查看。" style={{ marginBottom: 12 }} /> : null}
          <Row gutter={24}>
            <Col span={5}>
              <Form.Item name="agent_deposit_fee_percent" label={`${LABEL.agent_deposit_fee_percent}（%）`} rules={[settingRule('agent_deposit_fee_percent')]} extra="从净盈利中扣除：下级存款 × 该比例">
                <InputNumber min={0} max={10} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="agent_carryover" label={LABEL.agent_carryover} rules={[settingRule('agent_carryover')]} getValueProps={(v) => ({ checked: Number(v) === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="agent_override_percent" label={`${LABEL.agent_override_percent}（%）`} rules={[settingRule('agent_override_percent')]} extra="上级代理获得下级代理佣金的比例，由平台支付">
                <InputNumber min={0} max={50} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="agent_commission_turnover_multiple" label={`${LABEL.agent_commission_turnover_multiple}（倍）`} rules={[settingRule('agent_commission_turnover_multiple')]} extra="发放佣金附带的流水要求">
                <InputNumber min={0} max={50} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="agent_review_threshold" label={`${LABEL.agent_review_threshold}（元）`} rules={[settingRule('agent_review_threshold')]} extra="应发合计超过该金额需两位操作员审核；0 为不需要">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          {editor ? (
            <Button type="primary" icon={<SaveOutlined />} onClick={() => void submit()} loading={save.isPending}>
              保存设置
            </Button>
          ) : null}
        </Form>
      )}
    </Card>
  );
}
