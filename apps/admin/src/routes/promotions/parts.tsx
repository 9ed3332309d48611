import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Segmented, Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ApplicationFilters } from '../../hooks/api/promotions';

/** The parts both application queues (activity and agent) share. */

/** application states: 1 pending, 2 approved, 3 rejected */
export const APPLY_STATE: Record<number, { text: string; color: string }> = {
  1: { text: '待审核', color: 'blue' },
  2: { text: '已通过', color: 'green' },
  3: { text: '已拒绝', color: 'red' },
};

type StateChoice = 'pending' | 'approved' | 'rejected' | 'all';
const STATE_OF: Record<StateChoice, 1 | 2 | 3 | undefined> = { pending: 1, approved: 2, rejected: 3, all: undefined };

/** 状态 and 会员 filters; a change of state searches at once. */
export function ApplicationFilterCard({ onSearch }: { onSearch: (filters: ApplicationFilters) => void }) {
  const [form] = Form.useForm<{ state: StateChoice; username?: string }>();
  return (
    <Card className="filters" size="small">
      <Form form={form} layout="inline" initialValues={{ state: 'pending' }} onFinish={(v) => onSearch({ state: STATE_OF[v.state], username: v.username })}>
        <Form.Item name="state" label="状态">
          <Segmented options={[{ value: 'pending', label: '待审核' }, { value: 'approved', label: '已通过' }, { value: 'rejected', label: '已拒绝' }, { value: 'all', label: '全部' }]} onChange={() => form.submit()} />
        </Form.Item>
        <Form.Item name="username" label="会员">
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          搜索
        </Button>
      </Form>
    </Card>
  );
}

/** the state tag */
export function stateColumn<T extends { state: number }>(width: number): ColumnType<T> {
  return { title: '状态', dataIndex: 'state', width, render: (v: number) => <Tag color={APPLY_STATE[v].color}>{APPLY_STATE[v].text}</Tag> };
}

/** 通过 / 拒绝 on a pending application, for an operator holding promotions.manage */
export function decisionColumn<T extends { state: number }>(manager: boolean, open: (action: 'approve' | 'reject', row: T) => void): ColumnType<T> {
  return {
    title: '操作',
    key: 'op',
    width: 150,
    fixed: 'right',
    render: (_, r) =>
      manager && r.state === 1 ? (
        <Space size={4}>
          <Button size="small" type="primary" onClick={() => open('approve', r)}>
            通过
          </Button>
          <Button size="small" danger onClick={() => open('reject', r)}>
            拒绝
          </Button>
        </Space>
      ) : null,
  };
}
