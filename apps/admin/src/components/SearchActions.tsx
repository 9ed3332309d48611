import { SearchOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

/** A filter form's 重置 (clears the form and the list's filters) and 搜索 (submits the form). */
export function SearchActions({ onReset, style }: { onReset: () => void; style?: React.CSSProperties }) {
  return (
    <Space style={style}>
      <Button onClick={onReset}>重置</Button>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        搜索
      </Button>
    </Space>
  );
}
