import { LockOutlined, LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { changeOwnPasswordSchema, OPS_MSG, type TotpSetupReply } from '@casino/contract';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space, Spin, Steps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { setupOwed, useChangeOwnPassword, useLogout, useMe, useTotpEnable, useTotpSetup } from '../../hooks/api/auth';
import { zodRule } from '../../lib/zod-rule';
import { readToken } from '../../session/token';
import { TotpSecret } from './TotpSecret';
import { GOLD, NAVY } from '../../theme';

/** Step 1: the operator's own password in place of the one another operator chose. */
function PasswordStep() {
  const [form] = Form.useForm<{ old_password: string; new_password: string; again: string }>();
  const change = useChangeOwnPassword();
  return (
    <>
      <Alert type="info" showIcon title="您的密码由其他操作员设置（新账号或密码被重置）。请先设置只有您自己知道的新密码。" style={{ marginBottom: 16 }} />
      {change.isError ? <Alert type="error" showIcon title={errorText(change.error)} style={{ marginBottom: 16 }} data-testid="setup-error" /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => change.mutate({ old_password: v.old_password, new_password: v.new_password })}>
        <Form.Item name="old_password" label="当前密码（登录时使用的密码）" rules={[zodRule(changeOwnPasswordSchema, 'old_password')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="setup-old" />
        </Form.Item>
        <Form.Item name="new_password" label="新密码" extra="8到64位，须同时包含字母和数字" rules={[zodRule(changeOwnPasswordSchema, 'new_password')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="setup-new" />
        </Form.Item>
        <Form.Item
          name="again"
          label="再次输入新密码"
          dependencies={['new_password']}
          rules={[({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('new_password') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致'))) })]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="setup-again" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="setup-password-submit">
          设置新密码
        </Button>
      </Form>
    </>
  );
}

/** Step 2: the authenticator, shown with its QR at once (the secret is made when the step opens). */
function EnrolStep() {
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [secret, setSecret] = useState<TotpSetupReply | null>(null);
  const [code, setCode] = useState('');
  // one secret per visit (StrictMode runs effects twice in development)
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup.mutate(undefined, { onSuccess: setSecret });
  }, [setup]);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title="您的角色可以处理资金，必须开启两步验证。请用身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描二维码，再输入它显示的6位数字。" />
      {setup.isError ? (
        <Alert type="error" showIcon title={errorText(setup.error)} action={<Button size="small" onClick={() => setup.mutate(undefined, { onSuccess: setSecret })}>重试</Button>} />
      ) : null}
      {secret ? (
        <TotpSecret
          secret={secret}
          note={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              二维码只显示这一次，绑定后以动态码登录。
            </Typography.Text>
          }
        />
      ) : !setup.isError ? (
        <Skeleton.Image active style={{ width: 180, height: 180 }} />
      ) : null}
      {enable.isError ? <Alert type="error" showIcon title={errorText(enable.error)} data-testid="setup-error" /> : null}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          placeholder="6位动态码"
          inputMode="numeric"
          autoComplete="one-time-code"
          prefix={<SafetyCertificateOutlined />}
          data-testid="totp-code"
        />
        <Button type="primary" disabled={!secret || code.length !== 6} loading={enable.isPending} onClick={() => enable.mutate(code)} data-testid="totp-enable">
          完成绑定
        </Button>
      </Space.Compact>
    </Space>
  );
}

/**
 * First sign-in (issue 25): before any screen, an operator owed a step sets their own password,
 * then (roles that handle money) binds an authenticator. The server refuses every other call
 * until both are done; this screen is where the back-office sends them.
 */
export default function SetupPage() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // the steps as they were owed on arrival, so the finished one stays shown as done
  const [steps, setSteps] = useState<{ password: boolean; totp: boolean } | null>(null);
  useEffect(() => {
    if (me.data && !steps) setSteps({ password: me.data.must_change_password, totp: me.data.must_enrol_totp });
  }, [me.data, steps]);

  if (!readToken()) return <Navigate to="/login" replace />;
  const from = params.get('from');
  const target = from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/setup') ? from : '/';
  if (me.data && !setupOwed(me.data)) return <Navigate to={target} replace />;

  const current = me.data?.must_change_password ? 'password' : 'totp';
  const items = [
    ...(steps?.password ? [{ key: 'password', title: '设置新密码' }] : []),
    ...(steps?.totp ? [{ key: 'totp', title: '绑定身份验证器' }] : []),
  ];
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: `radial-gradient(circle at 30% 20%, #22325f 0%, ${NAVY} 60%)`, padding: 24 }}>
      <Card style={{ width: 560, boxShadow: '0 20px 60px rgba(0,0,0,.35)' }} styles={{ body: { padding: 32 } }} data-testid="setup-page">
        <Space orientation="vertical" size={4} style={{ width: '100%', textAlign: 'center', marginBottom: 20 }}>
          <svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill={NAVY} />
            <path d="M14 24l9 8 9-14 9 14 9-8-4 24H18z" fill={GOLD} />
          </svg>
          <Typography.Title level={4} style={{ margin: 0 }}>
            首次登录安全设置
          </Typography.Title>
          <Typography.Text type="secondary">{me.data ? `${me.data.username} · ${me.data.role_name}` : ' '}</Typography.Text>
        </Space>
        {me.isError ? (
          <Result status="warning" title="无法连接服务器" subTitle={errorText(me.error)} extra={<Button onClick={() => me.refetch()}>重试</Button>} />
        ) : !me.data || !steps ? (
          <div style={{ textAlign: 'center', padding: 40 }}>
            <Spin />
          </div>
        ) : (
          <>
            {items.length > 1 ? <Steps size="small" current={items.findIndex((i) => i.key === current)} items={items} style={{ marginBottom: 24 }} /> : null}
            {current === 'password' ? <PasswordStep /> : <EnrolStep />}
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
              {current === 'password' ? OPS_MSG.mustChangePassword : OPS_MSG.mustEnrolTotp}。完成前不能使用后台的其他功能。
            </Typography.Paragraph>
          </>
        )}
        <div style={{ textAlign: 'right', marginTop: 12 }}>
          <Button type="link" icon={<LogoutOutlined />} onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}>
            退出登录
          </Button>
        </div>
      </Card>
    </div>
  );
}
