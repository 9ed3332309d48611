import { RISK_MONEY_PARAMS, RISK_PARAM_NAMES, RISK_RULE_HINTS, RISK_RULE_NAMES, riskRulesUpdateSchema, type RiskRule } from '@casino/contract';
import { Alert, App, Badge, Button, Card, Col, Empty, Form, InputNumber, Popconfirm, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useRiskRules, useUpdateRiskRule } from '../../hooks/api/risk';

/**
 * 风控规则 (issue 36 point 3): each rule's thresholds and whether it runs. Operators holding
 * risk.manage change them (checked with the call's own schema, confirmed, audited by the server);
 * others read them. Each card says how many of its events are still open.
 */
export default function RulesPage() {
  const rules = useRiskRules();
  const me = useMe();
  const manager = can(me.data, 'risk.manage');
  return (
    <>
      <PageTitle title="风控规则" />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="规则在会员下注、提款、领取红包或申请活动时检查（每 15 秒检查一次新记录），命中即生成风控事件，不会自动限制会员；金额单位为元。"
      />
      {rules.isError ? <QueryError error={rules.error} retry={rules.refetch} /> : null}
      {rules.isPending ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2, 3].map((i) => (
            <Col span={12} key={i}>
              <Card size="small">
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      {rules.data && rules.data.rules.length === 0 ? <Empty description="没有风控规则" /> : null}
      <Row gutter={[16, 16]}>
        {rules.data?.rules.map((r) => (
          <Col span={12} key={r.rule}>
            <RuleCard rule={r} editable={manager} />
          </Col>
        ))}
      </Row>
    </>
  );
}

type Values = { enabled: boolean } & Record<string, number | boolean | null>;

function RuleCard({ rule, editable }: { rule: RiskRule; editable: boolean }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateRiskRule();
  const { message } = App.useApp();
  const initial: Values = { enabled: rule.enabled, ...rule.params };

  const save = async () => {
    const { enabled, ...params } = form.getFieldsValue(true) as Values;
    const body = { rule: rule.rule, enabled: Boolean(enabled), params: params as Record<string, number> };
    const parsed = riskRulesUpdateSchema.safeParse(body);
    if (!parsed.success) return void message.error(parsed.error.issues[0]?.message ?? '规则阈值格式错误');
    try {
      const env = await update.mutateAsync(body);
      message.success(env.message);
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <Card
      size="small"
      data-testid={`rule-${rule.rule}`}
      title={
        <Space>
          {RISK_RULE_NAMES[rule.rule]}
          {rule.enabled ? <Badge status="processing" text="启用中" /> : <Badge status="default" text="已停用" />}
        </Space>
      }
      extra={
        <Link to={`/risk/events?rule=${rule.rule}`} style={{ fontSize: 12 }}>
          待处理事件 {rule.open}
        </Link>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {RISK_RULE_HINTS[rule.rule]}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} disabled={!editable || update.isPending} key={`${rule.updated_at}`}>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
        <Row gutter={12}>
          {Object.keys(rule.params).map((k) => (
            <Col span={12} key={k}>
              <Form.Item name={k} label={RISK_PARAM_NAMES[k] ?? k} rules={[{ required: true, message: `请填写${RISK_PARAM_NAMES[k] ?? k}` }]}>
                <InputNumber style={{ width: '100%' }} min={0} precision={RISK_MONEY_PARAMS.has(k) ? 2 : 0} addonAfter={RISK_MONEY_PARAMS.has(k) ? '元' : undefined} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
      <Row justify="space-between" align="middle">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rule.updated_by ? `${rule.updated_by} 修改于 ${rule.updated_at}` : '默认阈值，尚未修改'}
        </Typography.Text>
        {editable ? (
          <Popconfirm title={`保存「${RISK_RULE_NAMES[rule.rule]}」`} description="新阈值从下一次检查起生效，修改记入审计日志。" okText="保存" cancelText="取消" onConfirm={save}>
            <Button type="primary" loading={update.isPending}>
              保存
            </Button>
          </Popconfirm>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            修改规则需要「管理风控」权限
          </Typography.Text>
        )}
      </Row>
    </Card>
  );
}
