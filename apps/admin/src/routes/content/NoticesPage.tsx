import { PlusOutlined } from '@ant-design/icons';
import { adminNoticeCreateSchema, adminNoticeUpdateSchema, type AdminNoticeRow } from '@casino/contract';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { Confirmed } from '../../components/Confirmed';
import { PageTitle } from '../../components/PageTitle';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { listNotices, noticesKey, useContentAction, type NoticeFilters } from '../../hooks/api/content';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';

type NoticeForm = Omit<AdminNoticeRow, 'id' | 'created_at'>;

const flagSwitch = { getValueProps: (v: number) => ({ checked: v === 1 }), normalize: (v: boolean) => (v ? 1 : 0) };

/** 公告管理: the announcement list and the home page's scrolling bar (跑马灯). */
export default function NoticesPage() {
  const [form] = Form.useForm<NoticeFilters>();
  const table = useTable<AdminNoticeRow, NoticeFilters>(noticesKey, listNotices);
  const action = useContentAction();
  const [open, setOpen] = useState<{ row?: AdminNoticeRow } | null>(null);

  const columns: ColumnsType<AdminNoticeRow> = [
    { title: '标题', dataIndex: 'title', width: 260 },
    { title: '内容', dataIndex: 'content', render: (v: string) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{v}</Typography.Paragraph> },
    { title: '首页滚动', dataIndex: 'on_home', width: 90, render: (v: number) => (v === 1 ? <Tag color="gold">滚动显示</Tag> : <Tag>否</Tag>) },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    { title: '状态', dataIndex: 'state', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">发布</Tag> : <Tag>隐藏</Tag>) },
    { title: '发布时间', dataIndex: 'created_at', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen({ row: r })}>
            编辑
          </Button>
          <Confirmed title={`删除公告「${r.title}」？此操作不可恢复。`} okText="删除" danger run={() => action.mutateAsync({ action: 'notices/delete', body: { id: r.id } })}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Confirmed>
        </Space>
      ),
    },
  ];

  const row = open?.row;
  const schema = row ? adminNoticeUpdateSchema : adminNoticeCreateSchema;
  return (
    <>
      <PageTitle
        title="公告管理"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
            发布公告
          </Button>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" onFinish={(v) => table.search(v)}>
          <Form.Item name="keyword" label="标题">
            <Input allowClear placeholder="包含的文字" />
          </Form.Item>
          <Form.Item name="on_home" label="首页滚动">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '是' }, { value: 0, label: '否' }]} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '发布' }, { value: 0, label: '隐藏' }]} />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      <TableCard<AdminNoticeRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: '暂无公告' }} />

      {open ? (
        <ActionModal<NoticeForm>
          open
          title={row ? `编辑公告 · ${row.title}` : '发布公告'}
          warning="公告内容为纯文本；勾选“首页滚动”后会出现在会员首页的滚动公告栏。"
          schema={schema}
          fixed={row ? { id: row.id } : undefined}
          initialValues={row ? { title: row.title, content: row.content, on_home: row.on_home, sort: row.sort, state: row.state } : { on_home: 0, sort: 0, state: 1 }}
          okText="保存"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync(row ? { action: 'notices/update', body: { ...v, id: row.id } } : { action: 'notices/create', body: v })}
        >
          <Form.Item name="title" label="标题" rules={[zodRule(schema, 'title')]}>
            <Input maxLength={200} showCount />
          </Form.Item>
          <Form.Item name="content" label="内容" rules={[zodRule(schema, 'content')]}>
            <Input.TextArea rows={6} maxLength={2000} showCount />
          </Form.Item>
          <Space size="large">
            <Form.Item name="sort" label="排序（大的在前）" rules={[zodRule(schema, 'sort')]}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item name="on_home" label="首页滚动" {...flagSwitch}>
              <Switch />
            </Form.Item>
            <Form.Item name="state" label="发布" {...flagSwitch}>
              <Switch checkedChildren="发布" unCheckedChildren="隐藏" />
            </Form.Item>
          </Space>
        </ActionModal>
      ) : null}
    </>
  );
}
