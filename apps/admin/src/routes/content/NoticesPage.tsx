import { adminNoticeCreateSchema, adminNoticeUpdateSchema, type AdminNoticeRow } from '@casino/contract';
import { Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { DeleteLink, EditLink, flagSwitch, ListAndEditor } from '../../components/ListAndEditor';
import { listNotices, noticesKey, useContentAction, type NoticeFilters } from '../../hooks/api/content';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { CutText } from '../../components/CutText';

type NoticeForm = Omit<AdminNoticeRow, 'id' | 'created_at'>;

/** 公告管理: the announcement list and the home page's scrolling bar (跑马灯). */
export default function NoticesPage() {
  const table = useTable<AdminNoticeRow, NoticeFilters>(noticesKey, listNotices);
  const action = useContentAction();
  return (
    <ListAndEditor<AdminNoticeRow, NoticeFilters, NoticeForm>
      title="公告管理"
      addLabel="发布公告"
      table={table}
      emptyText="暂无公告"
      filters={
        <>
          <Form.Item name="keyword" label="标题">
            <Input allowClear placeholder="包含的文字" />
          </Form.Item>
          <Form.Item name="on_home" label="首页滚动">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '是' }, { value: 0, label: '否' }]} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '发布' }, { value: 0, label: '隐藏' }]} />
          </Form.Item>
        </>
      }
      columns={(edit) => [
        { title: '标题', dataIndex: 'title', width: 220 },
        { title: '内容', dataIndex: 'content', render: (v: string) => <CutText text={v} width={340} rows={2} /> },
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
              <EditLink onClick={() => edit(r)} />
              <DeleteLink title={`删除公告「${r.title}」？此操作不可恢复。`} run={() => action.mutateAsync({ action: 'notices/delete', body: { id: r.id } })} />
            </Space>
          ),
        },
      ]}
      editor={{
        title: (row) => (row ? `编辑公告 · ${row.title}` : '发布公告'),
        warning: '公告内容为纯文本；勾选“首页滚动”后会出现在会员首页的滚动公告栏。',
        schema: (row) => (row ? adminNoticeUpdateSchema : adminNoticeCreateSchema),
        initialValues: (row) => (row ? { title: row.title, content: row.content, on_home: row.on_home, sort: row.sort, state: row.state } : { on_home: 0, sort: 0, state: 1 }),
        submit: (v, row) => action.mutateAsync(row ? { action: 'notices/update', body: { ...v, id: row.id } } : { action: 'notices/create', body: v }),
        fields: (schema) => (
          <>
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
          </>
        ),
      }}
    />
  );
}
