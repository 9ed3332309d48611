import { checkSettingValue, MANUAL_PAY_TYPES, PAY_TYPE_NAMES, PAY_TYPES, payMethodSettingSchema, type PayType } from '@casino/contract';
import { Divider, Form, InputNumber, Select, Table, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { FlagSwitch, SettingsForm, settingRule } from './SettingsForm';

const KEYS = ['pay_methods', 'deposit_turnover_multiple', 'usdtrate'];

/** One method's fields: its own rule from the contract (min <= max), the server's message. */
const methodRule = (t: PayType): Rule => ({ getFieldValue }) => ({
  validator() {
    if (payMethodSettingSchema.safeParse(getFieldValue(['pay_methods', t])).success) return Promise.resolve();
    // what the server answers for the whole key, named for the row
    const r = checkSettingValue('pay_methods', getFieldValue('pay_methods'));
    return Promise.reject(new Error(`${PAY_TYPE_NAMES[t]}：${r.ok ? '金额无效' : r.message}`));
  },
});

const amountsNormalize = (v: unknown) =>
  Array.isArray(v) ? [...new Set(v.map((x) => Number(String(x).trim())).filter((x) => Number.isFinite(x)))].sort((a, b) => a - b) : v;

/** Deposit methods: on/off, range, fixed amount lists; the deposit's turnover multiple and USDT rate. */
export default function CashierPage() {
  return (
    <SettingsForm title="存款方式" keys={KEYS}>
      {(editable) => (
        <>
          <Typography.Paragraph type="secondary">
            金额单位为元（整数）。填写固定金额后，会员只能选择这些金额，范围仅用于校验。会员存款页按这里的范围拒绝超出的金额。
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey={(t) => t}
            pagination={false}
            dataSource={[...PAY_TYPES]}
            style={{ marginBottom: 24 }}
            columns={[
              {
                title: '方式',
                key: 'name',
                width: 170,
                render: (_, t: PayType) => (
                  <span>
                    {PAY_TYPE_NAMES[t]} {MANUAL_PAY_TYPES.includes(t) ? <Tag>人工审核</Tag> : <Tag color="blue">在线</Tag>}
                  </span>
                ),
              },
              {
                title: '开关',
                key: 'on',
                width: 100,
                render: (_, t: PayType) => (
                  <Form.Item name={['pay_methods', t, 'on']} noStyle>
                    <FlagSwitch disabled={!editable} />
                  </Form.Item>
                ),
              },
              {
                title: '最低（元）',
                key: 'min',
                width: 150,
                render: (_, t: PayType) => (
                  <Form.Item name={['pay_methods', t, 'min']} rules={[methodRule(t)]} dependencies={[['pay_methods', t, 'max']]} style={{ marginBottom: 0 }}>
                    <InputNumber min={1} precision={0} style={{ width: 130 }} aria-label={`${PAY_TYPE_NAMES[t]}最低金额`} />
                  </Form.Item>
                ),
              },
              {
                title: '最高（元）',
                key: 'max',
                width: 150,
                render: (_, t: PayType) => (
                  <Form.Item name={['pay_methods', t, 'max']} rules={[methodRule(t)]} dependencies={[['pay_methods', t, 'min']]} style={{ marginBottom: 0 }}>
                    <InputNumber min={1} precision={0} style={{ width: 130 }} aria-label={`${PAY_TYPE_NAMES[t]}最高金额`} />
                  </Form.Item>
                ),
              },
              {
                title: '固定金额（可选）',
                key: 'amounts',
                render: (_, t: PayType) => (
                  <Form.Item name={['pay_methods', t, 'amounts']} rules={[methodRule(t)]} normalize={amountsNormalize} style={{ marginBottom: 0 }}>
                    <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="输入金额后回车；留空使用范围" open={false} suffixIcon={null} style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
            ]}
          />
          <Divider titlePlacement="start" plain>
            流水与汇率
          </Divider>
          <Form.Item name="deposit_turnover_multiple" label="存款流水倍数" rules={[settingRule('deposit_turnover_multiple')]} extra="存款本金需完成的投注流水倍数（0到100）。">
            <InputNumber min={0} max={100} precision={0} suffix="倍" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="usdtrate" label="存款 USDT 汇率" rules={[settingRule('usdtrate')]} extra="1 USDT 折合人民币。">
            <InputNumber min={0.0001} max={10000} step={0.01} suffix="元/USDT" style={{ width: 200 }} />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            存款优惠的流水倍数和每日上限在「优惠设置」中修改。
          </Typography.Paragraph>
        </>
      )}
    </SettingsForm>
  );
}
