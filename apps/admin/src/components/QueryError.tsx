import { Alert, Button } from 'antd';
import { errorText } from '../api/client';

/** A data call failed: the server's message (or the network one) and a retry. */
export function QueryError({ error, retry, title = '数据加载失败' }: { error: unknown; retry: () => unknown; title?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorText(error)}
      action={
        <Button size="small" danger onClick={() => retry()}>
          重试
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
