import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { OPS_MSG, operatorLoginSchema } from '@casino/contract';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { useCaptcha, useLogin } from '../../hooks/api/auth';
import { zodRule } from '../../lib/zod-rule';
import { readToken } from '../../session/token';
import { GOLD, NAVY } from '../../theme';

interface Values {
  username: string;
  password: string;
  code?: string;
  otp?: string;
}

/**
 * Operators this browser knows to have a second factor (issue 34 point 10): the code field is
 * theirs from the first step, so a sign-in is one step with one captcha, not an error and a
 * second captcha.
 */
const OTP_USERS_KEY = 'adminOtpUsers';
function otpUsers(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(OTP_USERS_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
const hasOtp = (username: string | undefined) => Boolean(username) && otpUsers().includes(username!.trim().toLowerCase());
function rememberOtp(username: string) {
  const name = username.trim().toLowerCase();
  if (!name || hasOtp(name)) return;
  localStorage.setItem(OTP_USERS_KEY, JSON.stringify([...otpUsers(), name].slice(-20)));
}

/**
 * Operator sign-in: username, password, captcha and, for an operator with a second factor, the
 * 6-digit code in the same step (the field is always offered; it is required once the server or
 * this browser knows the operator has one). The server asking for the code is a step, not an
 * error: it is shown as a prompt beside the code field.
 */
export function LoginPage() {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [needOtp, setNeedOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** the code step's prompt (not an error) */
  const [otpPrompt, setOtpPrompt] = useState<string | null>(null);
  const username = Form.useWatch('username', form);
  const otpDue = needOtp || hasOtp(username);

  if (readToken() && !login.isPending && !login.isSuccess) return <Navigate to="/" replace />;

  const submit = (v: Values) => {
    setError(null);
    // a known second factor without its code: ask for it here, before the captcha is spent
    if (!v.otp && hasOtp(v.username)) {
      setOtpPrompt(OPS_MSG.otpRequired);
      form.getFieldInstance('otp')?.focus?.();
      return;
    }
    setOtpPrompt(null);
    login.mutate(
      { username: v.username, password: v.password, code: v.code, captcha_key: captcha.data?.key, otp: v.otp },
      {
        onSuccess: (reply) => {
          const from = params.get('from');
          const target = from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
          // issue 25: their own password and / or the second factor first, then where they were going
          if (reply.must_change_password || reply.must_enrol_totp) navigate(`/setup?from=${encodeURIComponent(target)}`, { replace: true });
          else navigate(target, { replace: true });
        },
        onError: (err) => {
          const text = errorText(err);
          if (text === OPS_MSG.otpRequired || text === OPS_MSG.otpWrong || text === OPS_MSG.otpFormat) {
            setNeedOtp(true);
            rememberOtp(v.username);
          }
          // the code asked for is the next step, shown as a prompt at the code field; a wrong code is an error
          if (text === OPS_MSG.otpRequired) {
            setOtpPrompt(text);
            form.getFieldInstance('otp')?.focus?.();
          } else setError(text);
          // a captcha is good for one try
          form.setFieldValue('code', '');
          void captcha.refetch();
        },
      },
    );
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: `radial-gradient(circle at 30% 20%, #22325f 0%, ${NAVY} 60%)` }}>
      <Card style={{ width: 400, boxShadow: '0 20px 60px rgba(0,0,0,.35)' }} styles={{ body: { padding: 32 } }}>
        <Space orientation="vertical" size={4} style={{ width: '100%', textAlign: 'center', marginBottom: 24 }}>
          <svg width="44" height="44" viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill={NAVY} />
            <path d="M14 24l9 8 9-14 9 14 9-8-4 24H18z" fill={GOLD} />
          </svg>
          <Typography.Title level={3} style={{ margin: 0 }}>
            鼎盛娱乐 管理后台
          </Typography.Title>
          <Typography.Text type="secondary">仅限授权操作员登录，所有操作均记录审计日志</Typography.Text>
        </Space>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
        <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" rules={[zodRule(operatorLoginSchema, 'username')]}>
            <Input prefix={<UserOutlined />} placeholder="管理员账号" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[zodRule(operatorLoginSchema, 'password')]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <Form.Item>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle>
                <Input placeholder="验证码" autoComplete="off" maxLength={8} style={{ flex: 1 }} />
              </Form.Item>
              <Button
                onClick={() => captcha.refetch()}
                title="看不清，换一张"
                style={{ width: 130, padding: 0, overflow: 'hidden' }}
                data-testid="captcha"
                icon={captcha.isError ? <ReloadOutlined /> : undefined}
              >
                {captcha.data ? <img src={captcha.data.img} alt="验证码" style={{ height: 38, width: 128 }} data-testid="captcha-img" data-key={captcha.data.key} /> : captcha.isError ? '重新获取' : <Skeleton.Button active size="small" />}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item
            name="otp"
            extra={otpPrompt || !otpDue ? undefined : '打开身份验证器，输入当前显示的6位数字'}
            help={otpPrompt ? <span data-testid="login-otp-step">{otpPrompt}</span> : undefined}
            rules={[{ pattern: /^\d{6}$/, message: OPS_MSG.otpFormat }]}
          >
            <Input prefix={<SafetyOutlined />} placeholder={otpDue ? '6位动态码' : '6位动态码（未开启两步验证可不填）'} inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="login-otp" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
