import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AMOUNT_UNIT_NAMES,
  AMOUNT_UNITS,
  CHANNEL_PAY_TYPES,
  GATEWAY_TYPE_NAMES,
  GATEWAY_TYPES,
  PAY_TYPE_NAMES,
  paymentChannelCreateSchema,
  paymentChannelUpdateSchema,
  SIFANG_FIELD_DEFAULTS,
  SIFANG_FIELD_KEYS,
  SIFANG_FIELD_LABELS,
  SIFANG_REQUIRED_FIELDS,
  SIGN_TYPE_NAMES,
  SIGN_TYPES,
  type AmountUnit,
  type ChannelPayType,
  type GatewayType,
  type PaymentChannelRow,
  type SifangFieldKey,
  type SignType,
} from '@casino/contract';
import { Alert, App, Button, Checkbox, Col, Collapse, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { useChannelAction } from '../../hooks/api/payment-channels';

interface MethodValues {
  paytype?: ChannelPayType;
  code?: string;
  min?: number | null;
  max?: number | null;
  amounts?: (string | number)[];
}

interface SifangValues {
  order_url?: string;
  query_url?: string;
  sign_type?: SignType;
  amount_unit?: AmountUnit;
  ack?: string;
  success_status?: string;
  /** only the names that differ from the defaults; '-' = the gateway has no such field */
  fields?: Partial<Record<SifangFieldKey, string>>;
}

export interface ChannelFormValues {
  name?: string;
  gateway_type?: GatewayType;
  merchant_id?: string;
  keys?: { sign_key?: string; notify_key?: string };
  /** editing: drop the notify key (notifies are then checked with the merchant key) */
  clear_notify_key?: boolean;
  methods?: MethodValues[];
  daily_cap?: number | null;
  weight?: number | null;
  notify_ips?: string[];
  /** creating: switched on at once */
  enabled?: boolean;
  sifang?: SifangValues;
}

type Path = (string | number)[];

/** a field-name input: empty = the default name; '-' = none (an optional field the gateway lacks) */
function fieldsOut(given: SifangValues['fields'] = {}): Partial<Record<SifangFieldKey, string>> {
  const out: Partial<Record<SifangFieldKey, string>> = {};
  for (const k of SIFANG_FIELD_KEYS) {
    const v = given[k]?.trim();
    if (v) out[k] = v === '-' ? '' : v;
  }
  return out;
}

/** what the form holds -> the call's body (the contract's shape; the schema decides the rest) */
export function toBody(v: ChannelFormValues, row?: PaymentChannelRow): Record<string, unknown> {
  const s = v.sifang ?? {};
  return {
    ...(row ? { id: row.id } : { state: v.enabled === false ? 'disabled' : 'enabled' }),
    name: v.name ?? '',
    gateway_type: v.gateway_type,
    merchant_id: v.merchant_id ?? '',
    keys: { sign_key: v.keys?.sign_key ?? '', notify_key: row && v.clear_notify_key ? '-' : (v.keys?.notify_key ?? '') },
    methods: (v.methods ?? []).map((m) => ({ paytype: m.paytype, code: m.code ?? '', min: m.min ?? null, max: m.max ?? null, amounts: m.amounts ?? [] })),
    daily_cap: v.daily_cap ?? 0,
    weight: v.weight ?? '',
    notify_ips: v.notify_ips ?? [],
    sifang:
      v.gateway_type === 'sifang'
        ? {
            order_url: s.order_url ?? '',
            query_url: s.query_url ?? '',
            sign_type: s.sign_type,
            amount_unit: s.amount_unit,
            ack: s.ack?.trim() || undefined,
            success_status: s.success_status?.trim() || undefined,
            fields: fieldsOut(s.fields),
          }
        : null,
  };
}

/** a stored channel -> the form (keys are never in it: write-only) */
export function toForm(row: PaymentChannelRow): ChannelFormValues {
  const sf = row.sifang;
  return {
    name: row.name,
    gateway_type: row.gateway_type,
    merchant_id: row.merchant_id,
    keys: {},
    methods: row.methods.map((m) => ({ paytype: m.paytype, code: m.code, min: m.min, max: m.max, amounts: m.amounts.map(String) })),
    daily_cap: row.daily_cap || null,
    weight: row.weight,
    notify_ips: row.notify_ips,
    sifang: sf
      ? {
          order_url: sf.order_url,
          query_url: sf.query_url,
          sign_type: sf.sign_type,
          amount_unit: sf.amount_unit,
          ack: sf.ack,
          success_status: sf.success_status,
          fields: Object.fromEntries(
            SIFANG_FIELD_KEYS.filter((k) => sf.fields[k] !== SIFANG_FIELD_DEFAULTS[k]).map((k) => [k, sf.fields[k] === '' ? '-' : sf.fields[k]]),
          ),
        }
      : SIFANG_BLANK,
  };
}

const SIFANG_BLANK: SifangValues = { sign_type: 'md5', amount_unit: 'yuan', ack: 'success', success_status: '1', fields: {} };
const BLANK: ChannelFormValues = { gateway_type: 'sifang', enabled: true, weight: 100, methods: [{ paytype: 'alipay' }], notify_ips: [], keys: {}, sifang: SIFANG_BLANK };

const startsWith = (path: PropertyKey[], prefix: Path) => prefix.every((p, i) => String(path[i]) === String(p));
const samePath = (path: PropertyKey[], other: Path) => path.length === other.length && startsWith(path, other);

/**
 * A field's rule from the call's own schema over the whole body: the form shows the server's
 * message for the issue at this field (or under it; `also` names further exact paths, such as a
 * method's min-above-max which the schema reports on the method itself).
 */
function ruleFor(row: PaymentChannelRow | undefined) {
  const schema = row ? paymentChannelUpdateSchema : paymentChannelCreateSchema;
  return (path: Path, { also = [] as Path[] } = {}): Rule =>
    ({ getFieldsValue }) => ({
      validator() {
        const r = schema.safeParse(toBody(getFieldsValue(true) as ChannelFormValues, row));
        if (r.success) return Promise.resolve();
        const issue = r.error.issues.find((i) => startsWith(i.path, path) || also.some((p) => samePath(i.path, p)));
        return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
      },
    });
}

const amountsNormalize = (v: unknown) => (Array.isArray(v) ? [...new Set(v.map((x) => String(x).trim()).filter(Boolean))].sort((a, b) => Number(a) - Number(b)) : v);

function MethodsEditor({ rule }: { rule: ReturnType<typeof ruleFor> }) {
  const chosen = (Form.useWatch('methods') as MethodValues[] | undefined) ?? [];
  return (
    <Form.List name="methods">
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((f) => {
            const taken = new Set(chosen.filter((_, i) => i !== f.name).map((m) => m?.paytype));
            return (
              <div key={f.key} data-testid={`channel-method-${f.name}`}>
                <Row gutter={8} wrap={false} align="top">
                  <Col flex="150px">
                    <Form.Item name={[f.name, 'paytype']} label={f.name === 0 ? '支付方式' : undefined} rules={[rule(['methods', f.name, 'paytype'])]}>
                      <Select
                        placeholder="选择方式"
                        options={CHANNEL_PAY_TYPES.map((t) => ({ value: t, label: PAY_TYPE_NAMES[t], disabled: taken.has(t) }))}
                        data-testid={`channel-method-${f.name}-paytype`}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="130px">
                    <Form.Item name={[f.name, 'code']} label={f.name === 0 ? '网关代码' : undefined} rules={[rule(['methods', f.name, 'code'])]}>
                      <Input placeholder={chosen[f.name]?.paytype ?? '同方式'} maxLength={32} data-testid={`channel-method-${f.name}-code`} />
                    </Form.Item>
                  </Col>
                  <Col flex="120px">
                    <Form.Item name={[f.name, 'min']} label={f.name === 0 ? '最低（元）' : undefined} rules={[rule(['methods', f.name, 'min'])]} dependencies={[['methods', f.name, 'max']]}>
                      <InputNumber min={0.01} precision={2} placeholder="站点设置" style={{ width: '100%' }} data-testid={`channel-method-${f.name}-min`} />
                    </Form.Item>
                  </Col>
                  <Col flex="120px">
                    <Form.Item name={[f.name, 'max']} label={f.name === 0 ? '最高（元）' : undefined} rules={[rule(['methods', f.name, 'max'], { also: [['methods', f.name]] })]} dependencies={[['methods', f.name, 'min']]}>
                      <InputNumber min={0.01} precision={2} placeholder="站点设置" style={{ width: '100%' }} data-testid={`channel-method-${f.name}-max`} />
                    </Form.Item>
                  </Col>
                  <Col flex="auto">
                    <Form.Item name={[f.name, 'amounts']} label={f.name === 0 ? '固定金额（可选）' : undefined} rules={[rule(['methods', f.name, 'amounts'])]} normalize={amountsNormalize}>
                      <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="回车添加；留空用范围" open={false} suffixIcon={null} data-testid={`channel-method-${f.name}-amounts`} />
                    </Form.Item>
                  </Col>
                  <Col flex="32px">
                    <Form.Item label={f.name === 0 ? ' ' : undefined}>
                      <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} disabled={fields.length === 1} aria-label="删除该方式" />
                    </Form.Item>
                  </Col>
                </Row>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= CHANNEL_PAY_TYPES.length} data-testid="channel-method-add">
            添加支付方式
          </Button>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            网关代码为网关文档中该方式的编码（留空则按本站代码发送）。最低、最高留空时使用「存款方式」中的设置；填写固定金额后会员只能选择这些金额。
          </Typography.Paragraph>
        </>
      )}
    </Form.List>
  );
}

function SifangSection({ rule }: { rule: ReturnType<typeof ruleFor> }) {
  return (
    <div data-testid="channel-sifang">
      <Divider titlePlacement="start" plain>
        四方支付设置
      </Divider>
      <Form.Item name={['sifang', 'order_url']} label="下单地址" rules={[rule(['sifang', 'order_url'])]} extra="网关文档中的「统一下单」接口地址">
        <Input placeholder="https://" data-testid="channel-order-url" />
      </Form.Item>
      <Form.Item name={['sifang', 'query_url']} label="查询地址（可选）" rules={[rule(['sifang', 'query_url'])]} extra="订单查询接口；留空则只等待网关的回调">
        <Input placeholder="https://" data-testid="channel-query-url" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item name={['sifang', 'sign_type']} label="签名方式" rules={[rule(['sifang', 'sign_type'])]}>
            <Select options={SIGN_TYPES.map((t) => ({ value: t, label: SIGN_TYPE_NAMES[t] }))} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={['sifang', 'amount_unit']} label="金额单位" rules={[rule(['sifang', 'amount_unit'])]}>
            <Radio.Group optionType="button" options={AMOUNT_UNITS.map((u) => ({ value: u, label: AMOUNT_UNIT_NAMES[u] }))} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={['sifang', 'ack']} label="回调应答" rules={[rule(['sifang', 'ack'])]} tooltip="收到回调后原样返回给网关的内容">
            <Input placeholder="success" maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={['sifang', 'success_status']} label="成功状态值" rules={[rule(['sifang', 'success_status'])]} tooltip="支付状态字段等于此值时视为已支付">
            <Input placeholder="1" maxLength={32} />
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        size="small"
        defaultActiveKey={['fields']}
        items={[
          {
            key: 'fields',
            label: '字段映射（与网关文档不同时填写）',
            children: (
              <>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  留空使用灰色的默认字段名；可选字段填「-」表示网关没有该字段。
                </Typography.Paragraph>
                <Row gutter={12}>
                  {SIFANG_FIELD_KEYS.map((k) => (
                    <Col span={8} key={k}>
                      <Form.Item
                        name={['sifang', 'fields', k]}
                        label={`${SIFANG_FIELD_LABELS[k]}${SIFANG_REQUIRED_FIELDS.includes(k) ? '' : '（可选）'}`}
                        rules={[rule(['sifang', 'fields', k])]}
                        style={{ marginBottom: 12 }}
                      >
                        <Input placeholder={SIFANG_FIELD_DEFAULTS[k] || '无'} maxLength={64} data-testid={`channel-field-${k}`} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * 新增 / 编辑支付通道 in a drawer. Keys are write-only: editing shows the masked value and keeps
 * the stored key when the box is left empty. Every field is checked with the call's own schema.
 */
export function ChannelForm({ row, onClose, onSaved }: { row?: PaymentChannelRow; onClose: () => void; onSaved?: (saved: PaymentChannelRow) => void }) {
  const [form] = Form.useForm<ChannelFormValues>();
  const { message, modal } = App.useApp();
  const action = useChannelAction();
  const rule = ruleFor(row);
  const [error, setError] = useState<string | null>(null);
  const gatewayType = Form.useWatch('gateway_type', form) as GatewayType | undefined;
  const schema = row ? paymentChannelUpdateSchema : paymentChannelCreateSchema;

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      setError('请检查标红的内容');
      return;
    }
    const body = toBody(form.getFieldsValue(true), row);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '参数格式错误');
      return;
    }
    setError(null);
    try {
      const env = await action.mutateAsync({ action: row ? 'update' : 'create', body });
      // issue 33: credentials wait for a second operator; the server's message says so
      if (env.data.pending_key_change) message.warning(env.message, 6);
      else message.success(env.message || '已保存');
      onClose();
      onSaved?.(env.data);
      if (!row) {
        modal.success({
          title: '已新增支付通道',
          content: (
            <Space orientation="vertical">
              <Alert type="warning" showIcon title="通道设置（商户号、密钥、网关地址、回调IP白名单）需另一位操作员在「待批准的密钥修改」中批准后，通道才会参与在线存款分配。" />
              <span>请把下面的回调地址提供给网关（商户后台的异步通知地址）：</span>
              <Typography.Text copyable code data-testid="channel-created-notify-url">
                {env.data.notify_url}
              </Typography.Text>
            </Space>
          ),
          okText: '我已记下',
        });
      }
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Drawer
      open
      size={880}
      title={row ? `编辑支付通道 · ${row.name}` : '新增支付通道'}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={action.isPending} onClick={save} data-testid="channel-save">
            保存
          </Button>
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="channel-form-error" /> : null}
      {row ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              回调地址：
              <Typography.Text copyable code data-testid="channel-notify-url">
                {row.notify_url}
              </Typography.Text>
            </span>
          }
          description="请在网关商户后台填写此地址作为异步通知（回调）地址。"
        />
      ) : null}
      <Form<ChannelFormValues> form={form} name="channel" layout="vertical" initialValues={row ? toForm(row) : BLANK} onValuesChange={() => error && setError(null)}>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item name="name" label="通道名称" rules={[rule(['name'])]}>
              <Input maxLength={40} placeholder="如：支付宝一号" data-testid="channel-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="gateway_type" label="网关类型" rules={[rule(['gateway_type'])]}>
              <Select options={GATEWAY_TYPES.map((t) => ({ value: t, label: GATEWAY_TYPE_NAMES[t] }))} data-testid="channel-gateway-type" />
            </Form.Item>
          </Col>
          {row ? null : (
            <Col span={6}>
              <Form.Item name="enabled" label="保存后启用" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item name="merchant_id" label="商户号" rules={[rule(['merchant_id'])]}>
              <Input maxLength={64} autoComplete="off" data-testid="channel-merchant-id" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item
              name={['keys', 'sign_key']}
              label="商户密钥"
              rules={[rule(['keys', 'sign_key'])]}
              extra={row ? `当前 ${row.keys.sign_key || '未设置'}，留空则保留` : '用于下单签名和回调验签'}
            >
              <Input.Password autoComplete="new-password" placeholder={row ? '留空保留原密钥' : undefined} visibilityToggle data-testid="channel-sign-key" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item
              name={['keys', 'notify_key']}
              label="回调密钥（可选）"
              rules={[rule(['keys', 'notify_key'])]}
              extra={row ? (row.keys.notify_key ? `当前 ${row.keys.notify_key}，留空则保留` : '未设置：回调用商户密钥验签') : '网关回调另用密钥时填写'}
            >
              <Input.Password autoComplete="new-password" placeholder={row ? '留空保留' : '留空则用商户密钥'} />
            </Form.Item>
            {row?.keys.notify_key ? (
              <Form.Item name="clear_notify_key" valuePropName="checked" style={{ marginTop: -12 }}>
                <Checkbox>清除回调密钥</Checkbox>
              </Form.Item>
            ) : null}
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          支付方式与金额
        </Divider>
        <MethodsEditor rule={rule} />

        <Divider titlePlacement="start" plain>
          路由与安全
        </Divider>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="daily_cap" label="每日限额（元）" rules={[rule(['daily_cap'])]} extra="北京时间每天；留空或0为不限">
              <InputNumber min={0} precision={2} placeholder="不限" style={{ width: '100%' }} data-testid="channel-daily-cap" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="weight" label="权重" rules={[rule(['weight'])]} extra="同方式多个通道按权重分配">
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={13}>
            <Form.Item name="notify_ips" label="回调IP白名单（可选）" rules={[rule(['notify_ips'])]} extra="只接受这些地址发来的回调；留空不限。支持网段，如 203.0.113.0/24">
              <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="输入IP后回车" open={false} suffixIcon={null} />
            </Form.Item>
          </Col>
        </Row>

        {gatewayType === 'sifang' ? <SifangSection rule={rule} /> : null}
      </Form>
    </Drawer>
  );
}
