import { Divider, Form, Input, InputNumber, Space, Typography } from 'antd';
import { SettingsForm, settingRule } from './SettingsForm';

const KEYS = [
  'withdraw_max_per_txn',
  'withdraw_daily_count',
  'withdraw_daily_max',
  'withdraw_open_from',
  'withdraw_open_to',
  'withdraw_second_approval_over',
  'deposit_second_approval_over',
  'turnover_waive_review_threshold',
  'adjust_second_approval_over',
  'adjust_daily_immediate_max',
  'withdrawusdtrate',
  'withdrawcashfee',
  'withdrawfeeusdttrc',
];

/** Withdrawal limits, the opening window, the two-approver threshold, USDT rate and chain fees. */
export default function WithdrawalsPage() {
  return (
    <SettingsForm title="取款设置" keys={KEYS}>
      {() => (
        <>
          <Divider titlePlacement="start" plain>
            限额
          </Divider>
          <Form.Item name="withdraw_max_per_txn" label="单笔最高取款" rules={[settingRule('withdraw_max_per_txn')]} dependencies={['withdraw_daily_max']}>
            <InputNumber min={100} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="withdraw_daily_max" label="每日最高取款" rules={[settingRule('withdraw_daily_max')]} dependencies={['withdraw_max_per_txn']}>
            <InputNumber min={100} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="withdraw_daily_count" label="每日取款次数" rules={[settingRule('withdraw_daily_count')]} extra="被拒绝的取款不计入。">
            <InputNumber min={1} max={1000} precision={0} suffix="次" style={{ width: 220 }} />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            开放时间（北京时间）
          </Divider>
          <Form.Item label="取款开放时间" extra="起止相同表示全天开放；起大于止表示跨过午夜（如 22:00 至 06:00）。" required>
            <Space>
              <Form.Item name="withdraw_open_from" noStyle rules={[settingRule('withdraw_open_from')]}>
                <Input placeholder="HH:mm" style={{ width: 100 }} maxLength={5} />
              </Form.Item>
              至
              <Form.Item name="withdraw_open_to" noStyle rules={[settingRule('withdraw_open_to')]}>
                <Input placeholder="HH:mm" style={{ width: 100 }} maxLength={5} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Divider titlePlacement="start" plain>
            审核
          </Divider>
          <Form.Item name="withdraw_second_approval_over" label="双人审核门槛" rules={[settingRule('withdraw_second_approval_over')]} extra="超过此金额的取款需要第二位不同的操作员批准；0 表示不需要。">
            <InputNumber min={0} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="deposit_second_approval_over" label="存款双人审核门槛" rules={[settingRule('deposit_second_approval_over')]} extra="超过此金额的人工存款及异常待审订单，需第二位不同的操作员复核通过后才入账；0 表示不需要。">
            <InputNumber min={0} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          {/* issue 25 */}
          <Form.Item name="turnover_waive_review_threshold" label="打码量减免复核门槛" rules={[settingRule('turnover_waive_review_threshold')]} extra="单笔减免的打码量超过此金额时，需要第二位不同的操作员批准后才生效；0 表示不需要。">
            <InputNumber min={0} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          {/* issue 33 */}
          <Form.Item name="adjust_second_approval_over" label="人工调整双人复核门槛" rules={[settingRule('adjust_second_approval_over')]} extra="单笔人工调整（加款或扣款）超过此金额时，需要第二位不同的操作员批准后才入账；0 表示不需要。">
            <InputNumber min={0} max={1000000} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="adjust_daily_immediate_max" label="每位操作员每日直接调整上限" rules={[settingRule('adjust_daily_immediate_max')]} extra="同一操作员一个北京日内直接生效的调整合计超过此金额后，之后的调整也需第二位操作员批准；0 表示不限。">
            <InputNumber min={0} precision={0} suffix="元" style={{ width: 220 }} />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            USDT
          </Divider>
          <Form.Item name="withdrawusdtrate" label="取款 USDT 汇率" rules={[settingRule('withdrawusdtrate')]}>
            <InputNumber min={0.0001} max={10000} step={0.01} suffix="元/USDT" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="withdrawcashfee" label="ERC20 链上手续费" rules={[settingRule('withdrawcashfee')]}>
            <InputNumber min={0} max={10000} step={0.1} suffix="USDT/笔" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="withdrawfeeusdttrc" label="TRC20 链上手续费" rules={[settingRule('withdrawfeeusdttrc')]}>
            <InputNumber min={0} max={10000} step={0.1} suffix="USDT/笔" style={{ width: 220 }} />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            修改对之后提交的取款生效，已提交的取款不受影响。
          </Typography.Paragraph>
        </>
      )}
    </SettingsForm>
  );
}
