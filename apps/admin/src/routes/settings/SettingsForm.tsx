import { SaveOutlined } from '@ant-design/icons';
import { checkSettingGroups, checkSettingValue, PAY_TYPE_NAMES, SETTING_NAMES, type PayType } from '@casino/contract';
import { Alert, App, Button, Card, Form, Skeleton, Space, Switch, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, type ReactNode } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useSaveSettings, useSettings } from '../../hooks/api/settings';

/** what operators call each key (the confirmation's before/after table): the contract's one dictionary */
export const SETTING_LABELS = SETTING_NAMES;

type PayMethods = Record<PayType, { on: 0 | 1; min: number; max: number; amounts: number[] }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function payMethodText(m: PayMethods[PayType] | undefined): string {
  if (!m) return '-';
  const amounts = m.amounts?.length ? `，固定金额 ${m.amounts.join('/')}` : '';
  return `${m.on ? '开启' : '关闭'}，${m.min}-${m.max} 元${amounts}`;
}

/** A value as the before/after table shows it. */
function show(key: string, v: unknown): ReactNode {
  if (v === undefined || v === null || v === '') return <Typography.Text type="secondary">（空）</Typography.Text>;
  if (key === 'site_state') return v === 1 ? '开放' : '维护中';
  if (key === 'redpacket_switch') return v === 1 ? '开启' : '关闭';
  if (key === 'operator_2fa_required') return v === 1 ? '必须' : '可选'; // issue 25
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One row per changed key; pay_methods one row per changed method. */
function changeRows(keys: string[], before: Record<string, unknown>, after: Record<string, unknown>) {
  const rows: { key: string; label: string; before: ReactNode; after: ReactNode }[] = [];
  for (const key of keys) {
    if (key === 'pay_methods') {
      const b = (before.pay_methods ?? {}) as PayMethods;
      const a = (after.pay_methods ?? {}) as PayMethods;
      for (const t of Object.keys(a) as PayType[]) {
        if (!same(b[t], a[t])) rows.push({ key: `pay_methods.${t}`, label: `存款方式 · ${PAY_TYPE_NAMES[t] ?? t}`, before: payMethodText(b[t]), after: payMethodText(a[t]) });
      }
    } else {
      rows.push({ key, label: SETTING_LABELS[key] ?? key, before: show(key, before[key]), after: show(key, after[key]) });
    }
  }
  return rows;
}

/**
 * A form rule from the contract: the key's own rule (checkSettingValue, what the server checks
 * first), then its group's rules across keys on the values the form would leave (min <= max).
 */
export function settingRule(key: string): Rule {
  return ({ getFieldsValue }) => ({
    validator(_r, value) {
      const own = checkSettingValue(key, value);
      if (!own.ok) return Promise.reject(new Error(own.message));
      const all = getFieldsValue(true) as Record<string, unknown>;
      const problem = checkSettingGroups(all, [key]);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });
}

/** A 0/1 setting as a switch. */
export function FlagSwitch({ id, value, onChange, on = '开启', off = '关闭', disabled }: { id?: string; value?: number; onChange?: (v: 0 | 1) => void; on?: string; off?: string; disabled?: boolean }) {
  return <Switch id={id} checked={value === 1} onChange={(c) => onChange?.(c ? 1 : 0)} checkedChildren={on} unCheckedChildren={off} disabled={disabled} />;
}

/**
 * A settings screen: the form starts from the stored values; 保存 sends only the changed keys
 * after a confirmation that lists each one's before and after; the server's message (or its
 * refusal) is shown. Without settings.update the form is read-only and has no save button.
 */
export function SettingsForm({ title, keys, children, extra, note }: { title: string; keys: string[]; children: (editable: boolean) => ReactNode; extra?: ReactNode; note?: ReactNode }) {
  const settings = useSettings();
  const save = useSaveSettings();
  const me = useMe();
  const editable = can(me.data, 'settings.update');
  const [form] = Form.useForm<Record<string, unknown>>();
  const { modal, message } = App.useApp();
  const stored = settings.data?.settings;
  const initial = useMemo(() => (stored ? Object.fromEntries(keys.map((k) => [k, stored[k]])) : undefined), [stored, keys]);

  // every stored setting sits in the form (unrendered ones too): a group's rules across keys see
  // the values the server would see
  useEffect(() => {
    if (stored) form.setFieldsValue(structuredClone(stored));
  }, [stored, form]);

  const submit = async () => {
    if (!initial) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const all = { ...initial, ...form.getFieldsValue(true) } as Record<string, unknown>;
    const changed = keys.filter((k) => !same(initial[k], all[k]));
    if (changed.length === 0) {
      message.info('没有修改任何设置');
      return;
    }
    const problem = checkSettingGroups({ ...stored, ...all }, changed);
    if (problem) {
      message.error(problem);
      return;
    }
    const body = Object.fromEntries(changed.map((k) => [k, all[k]]));
    modal.confirm({
      title: '确认保存以下修改？',
      width: 720,
      okText: '确认保存',
      cancelText: '取消',
      content: (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            style={{ marginTop: 8 }}
            columns={[
              { title: '设置项', dataIndex: 'label', width: 200 },
              { title: '修改前', dataIndex: 'before', render: (v: ReactNode) => <span style={{ color: '#cf1322' }}>{v}</span> },
              { title: '修改后', dataIndex: 'after', render: (v: ReactNode) => <span style={{ color: '#389e0d' }}>{v}</span> },
            ]}
            dataSource={changeRows(changed, initial, all)}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
            保存后所有服务器将在5秒内生效，修改会记入审计日志。
          </Typography.Paragraph>
        </>
      ),
      onOk: async () => {
        try {
          const env = await save.mutateAsync(body);
          message.success(env.message);
        } catch (err) {
          modal.error({ title: '保存失败', content: errorText(err) });
        }
      },
    });
  };

  return (
    <>
      <PageTitle
        title={title}
        extra={
          <Space>
            {extra}
            {editable ? (
              <Button type="primary" icon={<SaveOutlined />} onClick={submit} loading={save.isPending} disabled={!initial}>
                保存
              </Button>
            ) : null}
          </Space>
        }
      />
      {settings.isError ? <QueryError error={settings.error} retry={settings.refetch} /> : null}
      {!editable && me.data ? <Alert type="info" showIcon title="您的角色只能查看设置，不能修改。" style={{ marginBottom: 16 }} /> : null}
      {note}
      <Card size="small">
        {settings.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Form form={form} layout="horizontal" labelCol={{ flex: '220px' }} wrapperCol={{ flex: 'auto' }} disabled={!editable} style={{ maxWidth: 980 }} name="settings">
            {children(editable)}
          </Form>
        )}
      </Card>
    </>
  );
}
