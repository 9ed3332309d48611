import type { Envelope } from '@casino/contract';
import { App, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../api/client';

/**
 * A one-click action on a list row (on/off, list/unlist, delete): confirmed first in a
 * Popconfirm, then the server's message (or its refusal) shown.
 */
export function Confirmed({
  title,
  description,
  danger,
  okText = '确认',
  run,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  danger?: boolean;
  okText?: string;
  run: () => Promise<Envelope<unknown>>;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      onConfirm={async () => {
        try {
          const env = await run();
          message.success(env.message || '操作成功');
        } catch (err) {
          message.error(errorText(err));
        }
      }}
    >
      {children}
    </Popconfirm>
  );
}
