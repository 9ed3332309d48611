import { adminGameUpdateSchema, GAME_CATEGORIES, GAME_CATEGORY_NAMES, type AdminGameRow } from '@casino/contract';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { gamesKey, listGames, useGameUpdate, useVenueOptions, type GameFilters } from '../../hooks/api/games';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { Confirmed } from '../../components/Confirmed';
import { LISTED_FILTER, STATE_FILTER } from './filter-options';

const YES_NO = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

interface EditValues {
  listed: 0 | 1;
  app_state: 0 | 1;
  is_hot: 0 | 1;
  is_new: 0 | 1;
  sort: number;
}

/** Games: filtered and paged on the server; listed, maintenance, hot/new and order kept across syncs. */
export default function GamesPage() {
  const [form] = Form.useForm<GameFilters>();
  const table = useTable<AdminGameRow, GameFilters>(gamesKey, listGames);
  const venues = useVenueOptions();
  const update = useGameUpdate();
  const [editing, setEditing] = useState<AdminGameRow | null>(null);
  const venueOptions = (venues.data?.data ?? []).map((v) => ({ value: v.platform, label: `${v.name}（${v.platform}）` }));

  const columns: ColumnsType<AdminGameRow> = [
    { title: '排序', dataIndex: 'sort', width: 70, align: 'center', render: (v: number, r) => (r.operator_set.includes('sort') ? <b title="运营设置">{v}</b> : v) },
    {
      title: '游戏',
      key: 'game',
      render: (_, r) => (
        <Space>
          <img src={r.api_logo_img} alt="" width={44} height={44} loading="lazy" style={{ borderRadius: 8, objectFit: 'cover', background: '#eef0f6' }} />
          <Space orientation="vertical" size={0}>
            <b>{r.name}</b>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.game_code}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    { title: '场馆', dataIndex: 'venue_name', width: 120 },
    { title: '分类', dataIndex: 'category_id', width: 100, render: (v: AdminGameRow['category_id']) => GAME_CATEGORY_NAMES[v] ?? v },
    {
      title: '标记',
      key: 'flags',
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          {r.is_hot ? <Tag color="volcano">热门</Tag> : null}
          {r.is_new ? <Tag color="geekblue">新游</Tag> : null}
          {!r.is_hot && !r.is_new ? <Typography.Text type="secondary">-</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 210,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.app_state === 1 ? <Tag color="green">开放</Tag> : <Tag color="orange">维护中</Tag>}
          {r.operator_state === 0 ? <Tag color="orange">运营维护</Tag> : null}
          {r.provider_state === 0 ? <Tag color="red">供应商维护</Tag> : null}
          {r.listed === 1 ? <Tag color="blue">已上架</Tag> : <Tag>已下架</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Confirmed
            title={r.listed === 1 ? `下架「${r.name}」？` : `上架「${r.name}」？`}
            description={r.listed === 1 ? '会员端列表不再显示，进入游戏会提示该游戏不存在。' : '会员端列表将重新显示该游戏。'}
            danger={r.listed === 1}
            run={() => update.mutateAsync({ id: r.id, listed: r.listed === 1 ? 0 : 1 })}
          >
            <Button type="link" size="small" danger={r.listed === 1}>
              {r.listed === 1 ? '下架' : '上架'}
            </Button>
          </Confirmed>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="游戏管理" />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" onFinish={(v) => table.search(v)}>
          <Form.Item name="platform" label="场馆">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" style={{ width: 190 }} options={venueOptions} loading={venues.isPending} />
          </Form.Item>
          <Form.Item name="category" label="分类">
            <Select allowClear placeholder="全部" style={{ width: 130 }} options={GAME_CATEGORIES.map((c) => ({ value: c, label: GAME_CATEGORY_NAMES[c] }))} />
          </Form.Item>
          <Form.Item name="name" label="名称/代码">
            <Input allowClear style={{ width: 160 }} maxLength={32} />
          </Form.Item>
          <Form.Item name="app_state" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 110 }} options={STATE_FILTER} />
          </Form.Item>
          <Form.Item name="listed" label="上架">
            <Select allowClear placeholder="全部" style={{ width: 110 }} options={LISTED_FILTER} />
          </Form.Item>
          <Form.Item name="is_hot" label="热门">
            <Select allowClear placeholder="全部" style={{ width: 90 }} options={YES_NO} />
          </Form.Item>
          <Form.Item name="is_new" label="新游">
            <Select allowClear placeholder="全部" style={{ width: 90 }} options={YES_NO} />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      <TableCard<AdminGameRow> table={table} rowKey="id" columns={columns} scroll={{ x: 1100 }} locale={{ emptyText: '没有符合条件的游戏' }} />
      {editing ? (
        <ActionModal<EditValues>
          open
          title={`编辑游戏 · ${editing.name}`}
          warning={
            editing.provider_state === 0
              ? '供应商正在维护该游戏：取消运营维护后，要等供应商恢复才会开放。运营的设置不会被目录同步覆盖。'
              : '运营的设置不会被目录同步覆盖；会员端5秒内生效。'
          }
          schema={adminGameUpdateSchema}
          fixed={{ id: editing.id }}
          initialValues={{ listed: editing.listed, app_state: editing.operator_state, is_hot: editing.is_hot, is_new: editing.is_new, sort: editing.sort }}
          onClose={() => setEditing(null)}
          submit={(v) => {
            // only what the operator changed: an untouched flag keeps following the provider
            const before: EditValues = { listed: editing.listed, app_state: editing.operator_state, is_hot: editing.is_hot, is_new: editing.is_new, sort: editing.sort };
            const changed = Object.fromEntries(Object.entries(v).filter(([k, val]) => before[k as keyof EditValues] !== val));
            return update.mutateAsync({ id: editing.id, ...(Object.keys(changed).length ? changed : { listed: v.listed }) });
          }}
        >
          <Form.Item name="app_state" label="运营状态">
            <Radio.Group options={[{ value: 1, label: '开放' }, { value: 0, label: '维护' }]} optionType="button" />
          </Form.Item>
          <Form.Item name="listed" label="上架">
            <Radio.Group options={[{ value: 1, label: '上架' }, { value: 0, label: '下架' }]} optionType="button" />
          </Form.Item>
          <Form.Item name="is_hot" label="热门">
            <Radio.Group options={YES_NO} optionType="button" />
          </Form.Item>
          <Form.Item name="is_new" label="新游">
            <Radio.Group options={YES_NO} optionType="button" />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={[zodRule(adminGameUpdateSchema, 'sort')]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
}
