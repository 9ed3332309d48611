import type { TotpSetupReply } from '@casino/contract';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The authenticator's QR with its secret to type by hand (first sign-in set-up and 账户安全). */
export function TotpSecret({ secret, note }: { secret: TotpSetupReply; note?: ReactNode }) {
  return (
    <Space align="start" size={24}>
      <img src={secret.qr} alt="身份验证器二维码" width={180} height={180} style={{ border: '1px solid #eceef3', borderRadius: 8 }} data-testid="totp-qr" />
      <Space orientation="vertical">
        <Typography.Text type="secondary">无法扫码时手动输入密钥：</Typography.Text>
        <Typography.Text code copyable data-testid="totp-secret">
          {secret.secret}
        </Typography.Text>
        {note}
      </Space>
    </Space>
  );
}
