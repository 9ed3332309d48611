import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** A page's 刷新: refetches its query, spinning while it does. */
export function RefreshButton({ query }: { query: { refetch: () => unknown; isFetching: boolean } }) {
  return (
    <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} loading={query.isFetching}>
      刷新
    </Button>
  );
}
