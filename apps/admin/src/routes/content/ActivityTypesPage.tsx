import { PlusOutlined } from '@ant-design/icons';
import { adminActivityTypeCreateSchema, type AdminActivityTypeRow } from '@casino/contract';
import { Button, Card, Form, Input, InputNumber, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { DeleteLink, EditLink, flagSwitch } from '../../components/ListAndEditor';
import { QueryError } from '../../components/QueryError';
import { useActivityTypeAction, useActivityTypes } from '../../hooks/api/content-activities';
import { zodRule } from '../../lib/zod-rule';

type TypeForm = { name: string; sort: number; state: 0 | 1 };

/**
 * 活动类型: the tabs of the member site's promotions page. A type that still has activities
 * cannot be deleted (the server refuses and says so); hide it instead.
 */
export default function ActivityTypesPanel() {
  const types = useActivityTypes();
  const action = useActivityTypeAction();
  const [open, setOpen] = useState<{ row?: AdminActivityTypeRow } | null>(null);

  const columns: ColumnsType<AdminActivityTypeRow> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '名称', dataIndex: 'name' },
    { title: '活动数', dataIndex: 'activities', width: 90, align: 'right' },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: number) => (v === 1 ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>) },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <Space size={0}>
          <EditLink onClick={() => setOpen({ row: r })} />
          <DeleteLink
            title={r.activities > 0 ? `「${r.name}」下还有 ${r.activities} 个活动，服务器会拒绝删除。仍要尝试？` : `删除类型「${r.name}」？`}
            run={() => action.mutateAsync({ action: 'delete', body: { id: r.id } })}
          />
        </Space>
      ),
    },
  ];

  const row = open?.row;
  return (
    <>
      {types.isError ? <QueryError error={types.error} retry={types.refetch} /> : null}
      <Card
        size="small"
        title="活动类型（会员端优惠页的分类标签）"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
            新建类型
          </Button>
        }
      >
        <Table<AdminActivityTypeRow> size="middle" rowKey="id" columns={columns} dataSource={types.data ?? []} loading={types.isLoading} pagination={false} locale={{ emptyText: '暂无类型' }} />
      </Card>
      {open ? (
        <ActionModal<TypeForm>
          open
          title={row ? `编辑类型 · ${row.name}` : '新建活动类型'}
          schema={adminActivityTypeCreateSchema}
          initialValues={row ? { name: row.name, sort: row.sort, state: row.state } : { name: '', sort: 0, state: 1 }}
          okText="保存"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync(row ? { action: 'update', body: { id: row.id, ...v } } : { action: 'create', body: v })}
        >
          <Form.Item name="name" label="名称" rules={[zodRule(adminActivityTypeCreateSchema, 'name')]}>
            <Input maxLength={32} showCount />
          </Form.Item>
          <Space size={24}>
            <Form.Item name="sort" label="排序（小的在前）" rules={[zodRule(adminActivityTypeCreateSchema, 'sort')]}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item name="state" label="显示" {...flagSwitch}>
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
            </Form.Item>
          </Space>
        </ActionModal>
      ) : null}
    </>
  );
}
