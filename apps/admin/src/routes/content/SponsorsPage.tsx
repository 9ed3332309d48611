import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { adminSponsorUpdateSchema, type AdminSponsorRow } from '@casino/contract';
import { Alert, App, Button, Card, Drawer, Form, Image, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { useContentAction, useSponsors } from '../../hooks/api/content';
import { firstIssue, zodRule } from '../../lib/zod-rule';
import { PictureField } from './PictureField';
import { flagSwitch } from '../../components/ListAndEditor';

interface SponsorForm {
  name: string;
  slogan: string;
  logo: string;
  since: string;
  lead: string;
  facts: [string, string][];
  /** paragraphs typed in one box, separated by a blank line */
  sections: { title: string; text: string }[];
  sort: number;
  state: 0 | 1;
}

const toForm = (s: AdminSponsorRow): SponsorForm => ({
  name: s.name,
  slogan: s.slogan,
  logo: s.logo,
  since: s.since,
  lead: s.lead,
  facts: s.facts,
  sections: s.sections.map((x) => ({ title: x.title, text: x.paragraphs.join('\n\n') })),
  sort: s.sort,
  state: s.state,
});

const toBody = (type: 1 | 2, v: SponsorForm) => ({
  type,
  ...v,
  facts: (v.facts ?? []).map(([k, val]) => [k ?? '', val ?? '']),
  sections: (v.sections ?? []).map((x) => ({
    title: x.title ?? '',
    paragraphs: (x.text ?? '')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  })),
});

/** 赞助合作: the sponsorship partners of /zhanzhu and their pages /partners/1|2. */
export default function SponsorsPage() {
  const list = useSponsors();
  const [editing, setEditing] = useState<AdminSponsorRow | null>(null);
  return (
    <>
      <PageTitle title="赞助合作" />
      {list.isError ? <QueryError error={list.error} retry={list.refetch} /> : null}
      <Card size="small">
        <Table<AdminSponsorRow>
          rowKey="type"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无合作伙伴' }}
          columns={[
            { title: '标志', dataIndex: 'logo', width: 90, render: (v: string) => <Image src={v} width={56} height={56} alt="" /> },
            { title: '名称', dataIndex: 'name', render: (v: string, r) => <Space orientation="vertical" size={0}><b>{v}</b><span style={{ color: '#9aa0b2' }}>{r.slogan}</span></Space> },
            { title: '合作时间', dataIndex: 'since', width: 130 },
            { title: '页面', dataIndex: 'type', width: 120, render: (v: number) => <a href={`/partners/${v}`} target="_blank" rel="noreferrer">/partners/{v}</a> },
            { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
            { title: '状态', dataIndex: 'state', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">展示</Tag> : <Tag>隐藏</Tag>) },
            { title: '最后修改', dataIndex: 'updated_at', width: 170 },
            {
              title: '操作',
              key: 'op',
              width: 80,
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {editing ? <SponsorDrawer sponsor={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function SponsorDrawer({ sponsor, onClose }: { sponsor: AdminSponsorRow; onClose: () => void }) {
  const [form] = Form.useForm<SponsorForm>();
  const action = useContentAction();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const rule = (field: string) => zodRule(adminSponsorUpdateSchema, field);

  const save = async () => {
    let values: SponsorForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = toBody(sponsor.type, values);
    const problem = firstIssue(adminSponsorUpdateSchema, body);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const env = await action.mutateAsync({ action: 'sponsors/update', body });
      message.success(env.message);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Drawer
      open
      size={720}
      title={`编辑合作伙伴 · ${sponsor.name}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Popconfirm title="保存后赞助页面立即显示新内容，确定保存？" okText="保存" cancelText="取消" onConfirm={save}>
          <Button type="primary" loading={action.isPending}>
            保存
          </Button>
        </Popconfirm>
      }
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={toForm(sponsor)}>
        <Form.Item name="name" label="名称" rules={[rule('name')]}>
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item name="slogan" label="标语" rules={[rule('slogan')]}>
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item name="logo" label="标志（方形，建议 200×200）" rules={[rule('logo')]}>
          <PictureField width={96} height={96} />
        </Form.Item>
        <Form.Item name="since" label="合作时间" rules={[rule('since')]}>
          <Input maxLength={30} placeholder="如：2024 赛季起" />
        </Form.Item>
        <Form.Item name="lead" label="简介" rules={[rule('lead')]} extra="{brand} 会替换为站点名称">
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item label="资料（最多 10 项）">
          <Form.List name="facts">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                    <Form.Item name={[f.name, 0]} rules={[{ required: true, whitespace: true, message: '资料最多10项，每项名称1到20字、内容1到60字' }]} noStyle>
                      <Input placeholder="名称，如 成立" maxLength={20} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 1]} rules={[{ required: true, whitespace: true, message: '资料最多10项，每项名称1到20字、内容1到60字' }]} noStyle>
                      <Input placeholder="内容，如 1998 年" maxLength={60} style={{ width: 360 }} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除此项" />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(['', ''])} disabled={fields.length >= 10}>
                  添加资料
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label="段落（最多 8 节，段与段之间空一行）">
          <Form.List name="sections">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Card key={f.key} size="small" style={{ marginBottom: 8 }} extra={<Button type="link" danger size="small" onClick={() => remove(f.name)}>删除此节</Button>}>
                    <Form.Item name={[f.name, 'title']} label="标题" rules={[{ required: true, whitespace: true, message: '段落最多8节，每节标题1到30字，含1到10段、每段1到1000字' }]}>
                      <Input maxLength={30} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'text']} label="内容" rules={[{ required: true, whitespace: true, message: '段落最多8节，每节标题1到30字，含1到10段、每段1到1000字' }]}>
                      <Input.TextArea rows={5} />
                    </Form.Item>
                  </Card>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', text: '' })} disabled={fields.length >= 8}>
                  添加一节
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Space size="large">
          <Form.Item name="sort" label="排序（小的在前）" rules={[rule('sort')]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="state" label="展示" {...flagSwitch}>
            <Switch checkedChildren="展示" unCheckedChildren="隐藏" />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
