import { SafetyCertificateOutlined } from '@ant-design/icons';
import { changeOwnPasswordSchema, OPS_MSG, type TotpSetupReply } from '@casino/contract';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { useChangeOwnPassword, useMe, useTotpDisable, useTotpEnable, useTotpSetup } from '../../hooks/api/auth';
import { clearToken } from '../../session/token';
import { zodRule } from '../../lib/zod-rule';
import { TotpSecret } from './TotpSecret';

function PasswordCard() {
  const [form] = Form.useForm<{ old_password: string; new_password: string; again: string }>();
  const change = useChangeOwnPassword();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return (
    <Card title="修改密码" size="small">
      {change.isError ? <Alert type="error" showIcon title={errorText(change.error)} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          modal.confirm({
            title: '确认修改密码？',
            content: '修改后您在其他设备上的会话将结束，需要重新登录。',
            okText: '确认修改',
            cancelText: '取消',
            onOk: () =>
              change.mutateAsync({ old_password: v.old_password, new_password: v.new_password }).then(() => {
                modal.success({ title: OPS_MSG.passwordChanged, okText: '去登录', onOk: () => navigate('/login', { replace: true }) });
                clearToken();
              }),
          })
        }
      >
        <Form.Item name="old_password" label="当前密码" rules={[zodRule(changeOwnPasswordSchema, 'old_password')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label="新密码" rules={[zodRule(changeOwnPasswordSchema, 'new_password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="again"
          label="再次输入新密码"
          dependencies={['new_password']}
          rules={[({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('new_password') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致'))) })]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}

function TotpCard() {
  const me = useMe();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const [secret, setSecret] = useState<TotpSetupReply | null>(null);
  const [code, setCode] = useState('');
  const { message } = App.useApp();
  const on = me.data?.totp_enabled;

  return (
    <Card title={<Space><SafetyCertificateOutlined />两步验证（身份验证器）</Space>} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div>
          状态：{on ? <Tag color="green" data-testid="totp-state">已开启</Tag> : <Tag data-testid="totp-state">未开启</Tag>}
          {me.data?.totp_recommended && !on ? <Alert type="warning" showIcon style={{ marginTop: 8 }} title="超级管理员请尽快开启两步验证；开启后不能关闭。" /> : null}
        </div>
        {!on && !secret ? (
          <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate(undefined, { onSuccess: setSecret, onError: (e) => message.error(errorText(e)) })} data-testid="totp-setup">
            生成密钥并绑定
          </Button>
        ) : null}
        {!on && secret ? (
          <>
            <Alert type="info" showIcon title="二维码只显示这一次：请用身份验证器（如 Google Authenticator）扫描，然后输入它显示的6位数字完成绑定。" />
            <TotpSecret secret={secret} />
          </>
        ) : null}
        {(!on && secret) || on ? (
          <Space>
            <Input value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} placeholder="6位动态码" style={{ width: 160 }} inputMode="numeric" data-testid="totp-code" />
            {on ? (
              <Button danger loading={disable.isPending} disabled={code.length !== 6} onClick={() => disable.mutate(code, { onSuccess: () => { setCode(''); message.success('已关闭两步验证'); }, onError: (e) => message.error(errorText(e)) })}>
                关闭两步验证
              </Button>
            ) : (
              <Button
                type="primary"
                loading={enable.isPending}
                disabled={code.length !== 6}
                data-testid="totp-enable"
                onClick={() =>
                  enable.mutate(code, {
                    onSuccess: () => {
                      setSecret(null);
                      setCode('');
                      message.success('两步验证已开启，以后登录需要输入动态码');
                    },
                    onError: (e) => message.error(errorText(e)),
                  })
                }
              >
                完成绑定
              </Button>
            )}
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

/** The operator's own account: password and second factor. */
export default function AccountPage() {
  const me = useMe();
  return (
    <>
      <div className="page-title">
        <h1>账户安全</h1>
      </div>
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 16, background: '#fff' }}>
        <Descriptions.Item label="账号">{me.data?.username}</Descriptions.Item>
        <Descriptions.Item label="角色">{me.data?.role_name}</Descriptions.Item>
        <Descriptions.Item label="闲置自动登出">{me.data?.idle_minutes} 分钟</Descriptions.Item>
        <Descriptions.Item label="允许地址" span={3}>{me.data?.ip_allowlist.length ? me.data.ip_allowlist.join(', ') : '不限'}</Descriptions.Item>
      </Descriptions>
      <Row gutter={16}>
        <Col span={10}>
          <PasswordCard />
        </Col>
        <Col span={14}>
          <TotpCard />
        </Col>
      </Row>
    </>
  );
}
