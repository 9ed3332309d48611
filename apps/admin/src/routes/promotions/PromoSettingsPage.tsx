import { SaveOutlined } from '@ant-design/icons';
import { checkSettingValue, VIP_RATE_LABELS } from '@casino/contract';
import { Alert, App, Button, Card, Col, Form, InputNumber, Row, Select, Skeleton, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useSaveSettings, useSettings } from '../../hooks/api/settings';

/** the keys this panel edits (promotions group and the deposit bonus keys of the payments group) */
const KEYS = ['rebate_turnover_multiple', 'rebate_fishing_rate', 'rebate_settle_delay_minutes', 'vip_retention_percent', 'vip_retention_days', 'deposit_bonus_multiples', 'deposit_bonus_daily_cap'] as const;
type Key = (typeof KEYS)[number];
const LABEL: Record<Key, string> = {
  rebate_turnover_multiple: '返水打码倍数',
  rebate_fishing_rate: '捕鱼游戏返水比例',
  rebate_settle_delay_minutes: '返水结算延迟',
  vip_retention_percent: 'VIP保级流水比例',
  vip_retention_days: 'VIP保级周期',
  deposit_bonus_multiples: '存款赠送打码倍数',
  deposit_bonus_daily_cap: '每日赠送上限',
};
const BONUS_PERCENTS = ['10', '20', '30', '40', '50'] as const;

/** the server's own rule for one key: the form shows what settings/update would answer */
const settingRule =
  (key: Key): Rule =>
  ({ getFieldValue }) => ({
    validator() {
      const r = checkSettingValue(key, getFieldValue(key));
      return r.ok ? Promise.resolve() : Promise.reject(new Error(r.message));
    },
  });

const show = (key: Key, v: unknown): string => {
  if (key === 'deposit_bonus_multiples' && v && typeof v === 'object') return BONUS_PERCENTS.map((p) => `${p}%→${(v as Record<string, number>)[p]}倍`).join('，');
  if (key === 'rebate_fishing_rate') return `按${VIP_RATE_LABELS[v as keyof typeof VIP_RATE_LABELS] ?? v}`;
  return String(v);
};

/**
 * 优惠设置: rebate turnover and settlement, VIP retention, deposit bonus multiples and daily cap,
 * through /admin/api/settings/get|update (validated by the contract, audited before/after, live on
 * every server within 5 seconds).
 */
export default function PromoSettingsPage() {
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
      title: '确认保存优惠设置',
      width: 560,
      content: (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          {changed.map((k) => (
            <div key={k}>
              <b>{LABEL[k]}</b>：{show(k, current[k])} → <span style={{ color: '#d48806' }}>{show(k, values[k])}</span>
            </div>
          ))}
          <Typography.Text type="secondary">修改会记录在审计日志中，所有服务器在5秒内生效。</Typography.Text>
        </Space>
      ),
      okText: '确认保存',
      cancelText: '取消',
      onOk: async () => {
        try {
          const env = await save.mutateAsync(Object.fromEntries(changed.map((k) => [k, values[k]])));
          message.success(env.message || '设置已保存');
        } catch (err) {
          modal.error({ title: '保存失败', content: errorText(err) });
        }
      },
    });
  };

  return (
    <>
      <PageTitle
        title="优惠设置"
        extra={
          editor ? (
            <Button type="primary" icon={<SaveOutlined />} onClick={submit} loading={save.isPending} disabled={!current}>
              保存
            </Button>
          ) : null
        }
      />
      {settings.isError ? <QueryError error={settings.error} retry={settings.refetch} /> : null}
      {!editor && current ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title="当前账号只能查看优惠设置；修改需要“修改站点设置”权限。" /> : null}
      {!current && !settings.isError ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : null}
      {current ? (
        <Form form={form} layout="vertical" disabled={!editor} initialValues={current} requiredMark={false}>
          <Row gutter={16}>
            <Col span={12}>
              <Card title="每日返水" size="small" style={{ marginBottom: 16 }}>
                <Form.Item name="rebate_turnover_multiple" label="返水打码倍数" extra="会员领取返水后需完成的流水 = 返水金额 × 倍数（0 表示无需流水）" rules={[settingRule('rebate_turnover_multiple')]}>
                  <InputNumber precision={0} suffix="倍" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name="rebate_fishing_rate" label="捕鱼游戏返水比例" extra="捕鱼游戏的有效投注按所选类别的VIP返水比例计算" rules={[settingRule('rebate_fishing_rate')]}>
                  <Select style={{ width: 200 }} options={Object.entries(VIP_RATE_LABELS).map(([value, label]) => ({ value, label: `按${label}` }))} />
                </Form.Item>
                <Form.Item name="rebate_settle_delay_minutes" label="结算延迟" extra="北京时间零点后等待多少分钟再结算前一天（等待迟到的注单）" rules={[settingRule('rebate_settle_delay_minutes')]}>
                  <InputNumber precision={0} suffix="分钟" style={{ width: 200 }} />
                </Form.Item>
              </Card>
              <Card title="VIP保级" size="small" style={{ marginBottom: 16 }}>
                <Form.Item name="vip_retention_percent" label="保级流水比例" extra="每个周期需完成本级累计流水门槛的百分比，未完成降一级（0 表示不降级）" rules={[settingRule('vip_retention_percent')]}>
                  <InputNumber precision={0} suffix="%" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name="vip_retention_days" label="保级周期" rules={[settingRule('vip_retention_days')]}>
                  <InputNumber precision={0} suffix="天" style={{ width: 200 }} />
                </Form.Item>
              </Card>
            </Col>
            <Col span={12}>
              <Card title="存款赠送" size="small" style={{ marginBottom: 16 }}>
                <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                  会员存款时选择赠送比例，需完成的流水 = （存款 + 赠送）× 对应倍数。
                </Typography.Paragraph>
                <Row gutter={12}>
                  {BONUS_PERCENTS.map((p) => (
                    <Col span={8} key={p}>
                      <Form.Item name={['deposit_bonus_multiples', p]} label={`赠送 ${p}%`} rules={[settingRule('deposit_bonus_multiples')]}>
                        <InputNumber precision={0} suffix="倍" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
                <Form.Item name="deposit_bonus_daily_cap" label="每日赠送上限" extra="每位会员每个北京日最多获得的赠送金额（整数元，0 表示不赠送）" rules={[settingRule('deposit_bonus_daily_cap')]}>
                  <InputNumber precision={0} suffix="元" style={{ width: 200 }} />
                </Form.Item>
              </Card>
            </Col>
          </Row>
        </Form>
      ) : null}
    </>
  );
}
