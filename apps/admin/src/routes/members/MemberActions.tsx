import { DownOutlined } from '@ant-design/icons';
import {
  ADJUSTMENT_REVIEW_NAMES,
  adminAdjustSchema,
  type AdjustReply,
  memberActionSchema,
  memberMessageSchema,
  memberNoteSchema,
  memberSetVipSchema,
  memberVerifyRealnameSchema,
  type Member360,
} from '@casino/contract';
import { Alert, Button, Dropdown, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { can, type Me } from '../../hooks/api/auth';
import { useMemberAction, type MemberAction } from '../../hooks/api/members';
import { yuan } from '../../lib/format';

interface Spec {
  title: string;
  warning?: ReactNode;
  danger?: boolean;
  schema: z.ZodType;
  fields?: ReactNode;
  initial?: object;
  /** turns the form's values into the call's body */
  body?: (v: Record<string, unknown>) => object;
  result?: (data: unknown) => ReactNode;
}

function secret(label: string, value: unknown) {
  return (
    <Space orientation="vertical">
      <span>{label}（只显示这一次，请通过安全渠道告知会员）：</span>
      <Typography.Text code copyable style={{ fontSize: 18 }} data-testid="one-time-secret">
        {String(value)}
      </Typography.Text>
    </Space>
  );
}

function specs(m: Member360, requestId: string): Record<MemberAction, Spec | undefined> {
  const frozen = m.profile.status === 0;
  return {
    adjust: {
      title: '调整余额',
      warning: '正数为加款，负数为扣款；加款可附带打码倍数（取款前需完成的流水）。超过双人复核门槛，或您今日直接生效的调整超过每日上限时，提交后需另一位操作员在「人工调整审核」批准才入账。',
      schema: adminAdjustSchema,
      fields: (
        <>
          <Form.Item name="amount" label="金额（元）" rules={[{ required: true, message: '请输入正确的调整金额（非零，最多两位小数，单笔不超过100万元）' }]}>
            <InputNumber precision={2} style={{ width: '100%' }} placeholder="如 100 或 -50.5" />
          </Form.Item>
          <Form.Item name="turnover_multiple" label="打码倍数" extra="0 表示不要求流水">
            <InputNumber min={0} max={50} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <ReasonField label="调整原因" />
        </>
      ),
      initial: { turnover_multiple: 0 },
      // one id per opened dialog: a retry after a lost reply has one effect
      body: (v) => ({ ...v, request_id: requestId }),
      // issue 33: the reply says whether it was posted or waits for a second operator, with its number
      result: (d) => {
        const r = d as AdjustReply;
        return r.state === 'pending' ? (
          <Alert type="warning" showIcon title={`调整单 ${r.adjustment_no} 待复核`} description={`${r.review ? ADJUSTMENT_REVIEW_NAMES[r.review] : ''}，需另一位操作员在「人工调整审核」批准后才入账；当前余额 ${yuan(r.balance)} 元。`} />
        ) : null; // posted: the toast says so and the balance above is read again

      },
    },
    freeze: frozen ? undefined : { title: '冻结会员', danger: true, warning: '冻结后会员不能登录，已登录的会话立即结束。', schema: memberActionSchema, fields: <ReasonField /> },
    unfreeze: frozen ? { title: '解除冻结', warning: '解除后会员可以重新登录。', schema: memberActionSchema, fields: <ReasonField /> } : undefined,
    'reset-password': {
      title: '重置登录密码',
      danger: true,
      warning: '生成一个新的随机登录密码并结束会员的所有会话。',
      schema: memberActionSchema,
      fields: <ReasonField />,
      result: (d) => secret('新登录密码', (d as { password: string }).password),
    },
    'reset-pay-password': {
      title: '重置支付密码',
      danger: true,
      warning: '生成新的6位支付密码。',
      schema: memberActionSchema,
      fields: <ReasonField />,
      result: (d) => secret('新支付密码', (d as { pay_password: string }).pay_password),
    },
    'end-sessions': { title: '结束所有会话', danger: true, warning: '会员的所有设备将被登出。', schema: memberActionSchema, fields: <ReasonField /> },
    'recover-venues': {
      title: '回收场馆余额',
      warning: '把会员在每个场馆的余额转回中心钱包。',
      schema: memberActionSchema,
      fields: <ReasonField />,
      result: (d) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(d, null, 2)}</pre>,
    },
    'set-vip': {
      title: '修改VIP等级',
      schema: memberSetVipSchema,
      initial: { vip: m.profile.vip },
      fields: (
        <>
          <Form.Item name="vip" label="VIP等级" rules={[{ required: true, message: 'VIP等级必须是0到99之间的整数' }]}>
            <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <ReasonField />
        </>
      ),
    },
    message: {
      title: '发送站内信',
      schema: memberMessageSchema,
      fields: (
        <>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入消息标题（1到100字）' }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请输入消息内容（1到5000字）' }]}>
            <Input.TextArea rows={5} maxLength={5000} showCount />
          </Form.Item>
          <ReasonField />
        </>
      ),
    },
    'verify-realname': {
      title: '实名认证状态',
      schema: memberVerifyRealnameSchema,
      initial: { verified: m.profile.realname_verified === 1 },
      fields: (
        <>
          <Form.Item name="verified" label="实名状态">
            <Radio.Group options={[{ value: true, label: '已实名' }, { value: false, label: '未实名' }]} />
          </Form.Item>
          <ReasonField />
        </>
      ),
    },
    note: {
      title: '添加内部备注',
      schema: memberNoteSchema,
      fields: (
        <Form.Item name="content" label="备注（会员看不到）" rules={[{ required: true, whitespace: true, message: '请输入备注内容（1到1000字）' }]}>
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
      ),
    },
    'reveal-card': undefined,
  };
}

const PERMISSION: Partial<Record<MemberAction, 'members.adjust' | 'members.edit'>> = { adjust: 'members.adjust' };

/** The member's actions, one click to open; each asks for a reason and is audited. */
export function MemberActions({ me, member }: { me: Me; member: Member360 }) {
  const [open, setOpenState] = useState<MemberAction | null>(null);
  const [requestId, setRequestId] = useState('');
  const setOpen = (a: MemberAction | null) => {
    if (a) setRequestId(randomId());
    setOpenState(a);
  };
  const action = useMemberAction(member.profile.username);
  const all = specs(member, requestId);
  const allowed = (a: MemberAction) => !!all[a] && can(me, PERMISSION[a] ?? 'members.edit');
  const spec = open ? all[open] : undefined;
  const more: MemberAction[] = ['reset-password', 'reset-pay-password', 'end-sessions', 'recover-venues', 'set-vip', 'verify-realname', 'note'];

  return (
    <>
      <Space wrap>
        {allowed('adjust') ? (
          <Button type="primary" onClick={() => setOpen('adjust')} data-testid="action-adjust">
            调整余额
          </Button>
        ) : null}
        {allowed('message') ? <Button onClick={() => setOpen('message')}>发送站内信</Button> : null}
        {allowed('freeze') ? (
          <Button danger onClick={() => setOpen('freeze')}>
            冻结
          </Button>
        ) : null}
        {allowed('unfreeze') ? <Button onClick={() => setOpen('unfreeze')}>解除冻结</Button> : null}
        {more.some(allowed) ? (
          <Dropdown menu={{ items: more.filter(allowed).map((a) => ({ key: a, label: all[a]!.title, danger: all[a]!.danger })), onClick: ({ key }) => setOpen(key as MemberAction) }}>
            <Button>
              更多操作 <DownOutlined />
            </Button>
          </Dropdown>
        ) : null}
      </Space>
      {spec && open ? (
        <ActionModal<Record<string, unknown>>
          open
          title={`${spec.title} · ${member.profile.username}`}
          warning={spec.warning}
          danger={spec.danger}
          schema={spec.schema}
          fixed={{ username: member.profile.username }}
          initialValues={spec.initial as Record<string, unknown>}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: open, body: spec.body ? spec.body(v) : v })}
          result={spec.result}
        >
          {spec.fields}
        </ActionModal>
      ) : null}
    </>
  );
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
