import { PlusOutlined } from '@ant-design/icons';
import { adminActivityCreateSchema, type AdminActivityRow } from '@casino/contract';
import { Alert, App, Button, Card, Col, Drawer, Form, Image, Input, InputNumber, Popconfirm, Row, Select, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { Confirmed } from '../../components/Confirmed';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RichTextEditor } from '../../components/RichTextEditor';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import {
  activitiesKey,
  listActivities,
  useActivity,
  useActivityTypes,
  useDeleteActivity,
  useHtmlPreview,
  useSaveActivity,
  type ActivityFilters,
  type ActivityForm,
} from '../../hooks/api/content-activities';
import { useTable } from '../../hooks/use-table';
import { useDebounced } from '../../lib/use-debounced';
import { zodRule } from '../../lib/zod-rule';
import ActivityTypesPanel from './ActivityTypesPage';
import { MemberPreview } from './MemberPreview';
import { PictureField } from './PictureField';
import { flagSwitch } from '../../components/ListAndEditor';


/** 活动管理: the member site's promotions (list, rich-text editor, phone preview) and their types. */
export default function ActivitiesPage() {
  const [tab, setTab] = useState('list');
  return (
    <>
      <PageTitle title="活动管理" />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'list', label: '活动列表', children: <ActivitiesList /> },
          { key: 'types', label: '活动类型', children: <ActivityTypesPanel /> },
        ]}
      />
    </>
  );
}

function ActivitiesList() {
  const [form] = Form.useForm<ActivityFilters>();
  const table = useTable<AdminActivityRow, ActivityFilters>(activitiesKey, listActivities);
  const types = useActivityTypes();
  const del = useDeleteActivity();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.id, label: t.state === 1 ? t.name : `${t.name}（已隐藏）` }));

  const columns: ColumnsType<AdminActivityRow> = [
    { title: '图片', dataIndex: 'banner', width: 130, render: (v: string) => <Image src={v} width={110} height={44} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" preview={false} /> },
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <b>{v}</b>
          {r.memo ? <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360, fontSize: 12 }}>{r.memo}</Typography.Text> : null}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type_name', width: 110, render: (v: string) => <Tag color="blue">{v || '（类型已删除）'}</Tag> },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    { title: '状态', dataIndex: 'state', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>) },
    { title: '更新时间', dataIndex: 'updated_at', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
            编辑
          </Button>
          <Confirmed title={`删除活动「${r.title}」？会员将看不到它，此操作不可恢复。`} okText="删除" danger run={() => del.mutateAsync(r.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Confirmed>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card className="filters" size="small">
        <Form form={form} layout="inline" onFinish={(v) => table.search(v)}>
          <Form.Item name="keyword" label="标题">
            <Input allowClear placeholder="包含的文字" maxLength={100} />
          </Form.Item>
          <Form.Item name="type" label="类型">
            <Select allowClear style={{ width: 150 }} placeholder="全部" options={typeOptions} loading={types.isLoading} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select allowClear style={{ width: 110 }} placeholder="全部" options={[{ value: 1, label: '上架' }, { value: 0, label: '下架' }]} />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} style={{ marginLeft: 'auto' }} onClick={() => setEditing({ id: null })}>
            新建活动
          </Button>
        </Form>
      </Card>
      <TableCard<AdminActivityRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: '暂无活动' }} />
      {editing ? <ActivityEditor id={editing.id} typeOptions={typeOptions} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

const EMPTY: ActivityForm = { type: 0, title: '', banner: '', content: '', memo: '', sort: 0, state: 1 };

function ActivityEditor({ id, typeOptions, onClose }: { id: number | null; typeOptions: { value: number; label: string }[]; onClose: () => void }) {
  const [form] = Form.useForm<ActivityForm>();
  const one = useActivity(id);
  const save = useSaveActivity();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const loaded = id === null || one.isSuccess;

  useEffect(() => {
    if (id === null) form.setFieldsValue({ ...EMPTY, type: typeOptions[0]?.value ?? 0 });
    else if (one.data) form.setFieldsValue({ type: one.data.type, title: one.data.title, banner: one.data.banner, content: one.data.content, memo: one.data.memo, sort: one.data.sort, state: one.data.state });
    // the record once loaded; typeOptions only seeds a new one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, one.data]);

  const content = Form.useWatch('content', form) ?? '';
  const title = Form.useWatch('title', form);
  const banner = Form.useWatch('banner', form);
  const memo = Form.useWatch('memo', form);
  const debounced = useDebounced(content);
  const preview = useHtmlPreview(debounced, loaded);

  const submit = async () => {
    let values: ActivityForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      const env = await save.mutateAsync({ id: id ?? undefined, body: values });
      message.success(env.message);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Drawer
      open
      width={1260}
      title={id === null ? '新建活动' : `编辑活动 #${id}`}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Popconfirm title={id === null ? '发布这个活动？上架后会员立即可见。' : '保存修改？会员看到的内容将随之更新。'} okText="确认" cancelText="取消" onConfirm={submit} disabled={!loaded}>
            <Button type="primary" loading={save.isPending} disabled={!loaded} data-testid="activity-save">
              保存
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {one.isError ? <QueryError error={one.error} retry={one.refetch} title="活动加载失败" /> : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="activity-error" /> : null}
      <Row gutter={24} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Form form={form} layout="vertical" initialValues={EMPTY} disabled={!loaded}>
            <Row gutter={16}>
              <Col span={16}>
                <Form.Item name="title" label="活动标题" rules={[zodRule(adminActivityCreateSchema, 'title')]}>
                  <Input maxLength={100} showCount placeholder="如：新会员首存加赠" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="type" label="活动类型" rules={[zodRule(adminActivityCreateSchema, 'type')]}>
                  <Select options={typeOptions} placeholder="请选择" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="banner" label="活动图片（列表与详情顶部，5:2）" rules={[zodRule(adminActivityCreateSchema, 'banner')]}>
              <PictureField width={300} height={120} testId="activity-banner" />
            </Form.Item>
            <Form.Item name="memo" label="活动摘要（详情页金色提示框，可留空）" rules={[zodRule(adminActivityCreateSchema, 'memo')]}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
            <Form.Item name="content" label="活动内容" rules={[zodRule(adminActivityCreateSchema, 'content')]}>
              <RichTextEditor placeholder="活动规则、时间、参与方式…" minHeight={320} />
            </Form.Item>
            <Space size={24}>
              <Form.Item name="sort" label="排序（小的在前）" rules={[zodRule(adminActivityCreateSchema, 'sort')]}>
                <InputNumber min={0} max={9999} precision={0} />
              </Form.Item>
              <Form.Item name="state" label="上架" {...flagSwitch}>
                <Switch checkedChildren="上架" unCheckedChildren="下架" />
              </Form.Item>
            </Space>
          </Form>
        </Col>
        <Col flex="415px">
          <div style={{ position: 'sticky', top: 0 }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              手机预览（375 像素宽，服务器清理后的内容）
            </Typography.Text>
            <MemberPreview kind="activity" html={preview.data?.html} loading={!loaded} error={preview.isError ? errorText(preview.error) : null} title={title} banner={banner} memo={memo} />
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
