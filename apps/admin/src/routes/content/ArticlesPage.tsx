import { EyeOutlined } from '@ant-design/icons';
import { adminArticleUpdateSchema, type AdminArticleRow } from '@casino/contract';
import { Alert, App, Button, Card, Drawer, Form, Input, Popconfirm, Skeleton, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RichTextEditor } from '../../components/RichTextEditor';
import { useArticle, useArticles, useContentAction } from '../../hooks/api/content';
import { zodRule } from '../../lib/zod-rule';
import { PhonePreview } from './PhonePreview';

/** 文章管理: help centre, terms and privacy (nine fixed article types), edited as rich text. */
export default function ArticlesPage() {
  const list = useArticles();
  const [editing, setEditing] = useState<number | null>(null);

  return (
    <>
      <PageTitle title="文章管理" />
      {list.isError ? <QueryError error={list.error} retry={list.refetch} /> : null}
      <Card size="small">
        <Table<AdminArticleRow>
          rowKey="type"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无文章' }}
          columns={[
            { title: '类型', dataIndex: 'type', width: 70 },
            { title: '标题', dataIndex: 'title', width: 220 },
            { title: '会员端位置', dataIndex: 'place' },
            { title: '最后修改', dataIndex: 'updated_at', width: 180, render: (v: string | null) => v ?? <Tag>未撰写</Tag> },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => setEditing(r.type)}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {editing !== null ? <ArticleDrawer type={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function ArticleDrawer({ type, onClose }: { type: number; onClose: () => void }) {
  const article = useArticle(type);
  const action = useContentAction();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [error, setError] = useState<string | null>(null);
  const [filtered, setFiltered] = useState(false);
  const [preview, setPreview] = useState(false);

  useEffect(() => {
    if (article.data) form.setFieldsValue({ title: article.data.title, content: article.data.content ?? '' });
  }, [article.data, form]);

  const save = async () => {
    let values: { title: string; content: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      const env = await action.mutateAsync({ action: 'articles/update', body: { type, ...values } });
      const stored = env.data as AdminArticleRow;
      // what the server kept: anything outside the allowlist was removed
      setFiltered(normalize(stored.content ?? '') !== normalize(values.content));
      form.setFieldsValue({ title: stored.title, content: stored.content ?? '' });
      message.success(env.message);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Drawer
      open
      size={860}
      title={article.data ? `编辑文章 · ${article.data.place}` : '编辑文章'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button icon={<EyeOutlined />} onClick={() => setPreview(true)} disabled={!article.data}>
            手机预览
          </Button>
          <Popconfirm title="保存后会员端立即显示新内容，确定保存？" okText="保存" cancelText="取消" onConfirm={save}>
            <Button type="primary" loading={action.isPending} disabled={!article.data}>
              保存
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {article.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {article.isError ? <QueryError error={article.error} retry={article.refetch} /> : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {filtered ? <Alert type="warning" showIcon title="部分标签或属性不在安全白名单内，已被服务器过滤；编辑器中显示的是实际保存的内容。" style={{ marginBottom: 16 }} /> : null}
      {article.data ? (
        <Form form={form} layout="vertical" initialValues={{ title: article.data.title, content: article.data.content ?? '' }}>
          <Form.Item name="title" label="标题" rules={[zodRule(adminArticleUpdateSchema, 'title')]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="content" label="正文" rules={[zodRule(adminArticleUpdateSchema, 'content')]}>
            <RichTextEditor minHeight={360} />
          </Form.Item>
        </Form>
      ) : null}
      <PhonePreview open={preview} title={form.getFieldValue('title') ?? ''} html={(form.getFieldValue('content') as string | undefined) ?? ''} onClose={() => setPreview(false)} />
    </Drawer>
  );
}

const normalize = (html: string) => html.replace(/\s+/g, ' ').replace(/ ?\/>/g, '>').trim();
