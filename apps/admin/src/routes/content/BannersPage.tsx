import { adminBannerCreateSchema, adminBannerUpdateSchema, BANNER_TYPES, type AdminBannerRow } from '@casino/contract';
import { Button, Form, Image, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { Confirmed } from '../../components/Confirmed';
import { DeleteLink, EditLink, flagSwitch, ListAndEditor } from '../../components/ListAndEditor';
import { bannersKey, listBanners, useContentAction, type BannerFilters } from '../../hooks/api/content';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { PictureField } from './PictureField';

type BannerForm = Omit<AdminBannerRow, 'id' | 'created_at'>;

const typeOptions = Object.entries(BANNER_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/** 横幅管理: the home carousel's pictures, their order, link and on/off. */
export default function BannersPage() {
  const table = useTable<AdminBannerRow, BannerFilters>(bannersKey, listBanners);
  const action = useContentAction();
  return (
    <ListAndEditor<AdminBannerRow, BannerFilters, BannerForm>
      title="横幅管理"
      addLabel="新建横幅"
      table={table}
      emptyText="暂无横幅"
      filters={
        <>
          <Form.Item name="keyword" label="标题">
            <Input allowClear placeholder="包含的文字" />
          </Form.Item>
          <Form.Item name="type" label="广告位">
            <Select allowClear style={{ width: 150 }} placeholder="全部" options={typeOptions} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '展示中' }, { value: 0, label: '已下架' }]} />
          </Form.Item>
        </>
      }
      columns={(edit) => [
        { title: '图片', dataIndex: 'src', width: 180, render: (v: string, r) => <Image src={v} width={150} height={60} style={{ objectFit: 'cover', borderRadius: 6 }} alt={r.title} /> },
        // title and link wrap in widths of their own: the table takes its content's width, and
        // at 1440x900 with a page scrollbar it was 1,171 px in 1,133, 操作 cut at the edge
        { title: '标题', dataIndex: 'title', render: (v: string) => <span data-testid="banner-title" style={{ display: 'block', maxWidth: 200 }}>{v}</span> },
        { title: '广告位', dataIndex: 'type', width: 130, render: (v: number) => BANNER_TYPES[v as 1 | 2] ?? v },
        { title: '跳转链接', dataIndex: 'link', render: (v: string) => (v ? <code style={{ display: 'inline-block', maxWidth: 200, overflowWrap: 'anywhere' }}>{v}</code> : <span style={{ color: '#9aa0b2' }}>无</span>) },
        { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
        { title: '状态', dataIndex: 'state', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">展示中</Tag> : <Tag>已下架</Tag>) },
        { title: '创建时间', dataIndex: 'created_at', width: 170 },
        {
          title: '操作',
          key: 'op',
          width: 150,
          render: (_, r) => (
            <Space size={0}>
              <EditLink onClick={() => edit(r)} testId={`banner-edit-${r.id}`} />
              <Confirmed
                title={r.state === 1 ? '下架后会员首页不再显示这张横幅，确定？' : '上架后会员首页将显示这张横幅，确定？'}
                okText="确定"
                run={() => action.mutateAsync({ action: 'banners/update', body: { ...stripRow(r), state: r.state === 1 ? 0 : 1 } })}
              >
                <Button type="link" size="small">
                  {r.state === 1 ? '下架' : '上架'}
                </Button>
              </Confirmed>
              <DeleteLink title={`删除横幅「${r.title}」？此操作不可恢复。`} run={() => action.mutateAsync({ action: 'banners/delete', body: { id: r.id } })} />
            </Space>
          ),
        },
      ]}
      editor={{
        title: (row) => (row ? `编辑横幅 · ${row.title}` : '新建横幅'),
        warning: '保存后会员首页轮播在数秒内显示新的内容。',
        schema: (row) => (row ? adminBannerUpdateSchema : adminBannerCreateSchema),
        initialValues: (row) => (row ? stripRow(row) : { type: 2, sort: 0, state: 1, link: '' }),
        submit: (v, row) => action.mutateAsync(row ? { action: 'banners/update', body: { ...v, id: row.id } } : { action: 'banners/create', body: v }),
        fields: (schema) => (
          <>
            <Form.Item name="type" label="广告位" rules={[zodRule(schema, 'type')]}>
              <Select options={typeOptions} />
            </Form.Item>
            <Form.Item name="title" label="标题" rules={[zodRule(schema, 'title')]}>
              <Input maxLength={100} showCount placeholder="读屏与图片加载失败时显示" data-testid="banner-title-input" />
            </Form.Item>
            <Form.Item name="src" label="图片（建议 750×300）" rules={[zodRule(schema, 'src')]}>
              <PictureField testId="banner-picture" />
            </Form.Item>
            <Form.Item name="link" label="跳转链接" rules={[zodRule(schema, 'link')]} extra="站内路径，如 /vip、/activityInfo?id=1；留空则点击不跳转">
              <Input maxLength={500} placeholder="/activity" data-testid="banner-link-input" />
            </Form.Item>
            <Space size="large">
              <Form.Item name="sort" label="排序（小的在前）" rules={[zodRule(schema, 'sort')]}>
                <InputNumber min={0} max={9999} precision={0} />
              </Form.Item>
              <Form.Item name="state" label="展示" {...flagSwitch}>
                <Switch checkedChildren="展示" unCheckedChildren="下架" />
              </Form.Item>
            </Space>
          </>
        ),
      }}
    />
  );
}

function stripRow(r: AdminBannerRow): BannerForm & { id: number } {
  return { id: r.id, type: r.type, title: r.title, src: r.src, link: r.link, sort: r.sort, state: r.state };
}
