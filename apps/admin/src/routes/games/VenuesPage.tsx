import { SyncOutlined } from '@ant-design/icons';
import { adminVenueUpdateSchema, GAME_CATEGORY_NAMES, VENUE_MODE_NAMES, VENUE_PROVIDER_NAMES, type AdminCatalogueSyncReply, type AdminVenueRow } from '@casino/contract';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { listVenues, useCatalogueSync, useVenueUpdate, venuesKey, type VenueFilters } from '../../hooks/api/games';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { Confirmed } from '../../components/Confirmed';
import { LISTED_FILTER, STATE_FILTER } from './filter-options';
import { useVenueMode } from '../../hooks/api/seamless'; // issue 38: seamless venues

/** What one sync changed, for the result dialog. */
function SyncResult({ r }: { r: AdminCatalogueSyncReply }) {
  return (
    <>
      {r.failed.length ? <Alert type="warning" showIcon title={`同步失败的供应商：${r.failed.join('、')}（其场馆和游戏保持不变）`} style={{ marginBottom: 12 }} /> : null}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="场馆">
          共 {r.venues.total} 个；新增 {r.venues.added.length ? r.venues.added.join('、') : '无'}；供应商下架 {r.venues.unlisted.length ? r.venues.unlisted.join('、') : '无'}；重新上架 {r.venues.relisted.length ? r.venues.relisted.join('、') : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="游戏">
          共 {r.games.total} 款；新增 {r.games.added}，开放 {r.games.opened}，维护/下架 {r.games.closed}，信息更新 {r.games.changed}
        </Descriptions.Item>
      </Descriptions>
      {r.games.examples.length ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12, whiteSpace: 'pre-line' }}>
          {r.games.examples.join('\n')}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          目录没有变化。
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        运营设置的名称、排序、维护、上下架和热门/新游标记不会被同步覆盖。
      </Typography.Paragraph>
    </>
  );
}

/** Venues: open / maintenance, listed, name and order; the catalogue synced on demand. */
export default function VenuesPage() {
  const [form] = Form.useForm<VenueFilters>();
  const table = useTable<AdminVenueRow, VenueFilters>(venuesKey, listVenues, { pageSize: 50 });
  const update = useVenueUpdate();
  const sync = useCatalogueSync();
  const setMode = useVenueMode(); // issue 38
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<AdminVenueRow | null>(null);

  const runSync = async () => {
    try {
      const env = await sync.mutateAsync();
      (env.data.failed.length ? modal.warning : modal.success)({ title: env.message, width: 620, content: <SyncResult r={env.data} />, okText: '知道了' });
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const columns: ColumnsType<AdminVenueRow> = [
    { title: '排序', dataIndex: 'sort', width: 60, align: 'center' },
    {
      title: '场馆',
      key: 'venue',
      width: 180,
      render: (_, r) => (
        <Space>
          {r.logo_img ? <img src={r.logo_img} alt="" width={36} height={36} style={{ borderRadius: 6, objectFit: 'cover', background: '#eef0f6' }} /> : null}
          <Space orientation="vertical" size={0}>
            <span>
              <b>{r.name}</b> {r.renamed ? <Tag>已改名</Tag> : null}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.platform} · {VENUE_PROVIDER_NAMES[r.provider] ?? r.provider}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    { title: '分类', dataIndex: 'categories', width: 150, render: (v: AdminVenueRow['categories']) => <Space size={[0, 4]} wrap>{v.map((c) => <Tag key={c}>{GAME_CATEGORY_NAMES[c] ?? c}</Tag>)}</Space> },
    { title: '展示 / 游戏数', key: 'games', width: 100, align: 'right', render: (_, r) => <span className="tabular">{r.shown_games} / {r.games}</span> },
    {
      title: '状态',
      key: 'state',
      width: 140,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.state === 1 ? <Tag color="green">开放</Tag> : <Tag color="orange">维护中</Tag>}
          {r.listed === 1 ? <Tag color="blue">已上架</Tag> : <Tag color="default">已下架</Tag>}
          {r.provider_listed === 0 ? <Tag color="red">供应商已下架</Tag> : null}
        </Space>
      ),
    },
    // issue 38: which wallet members play this venue from
    { title: '钱包模式', dataIndex: 'mode', width: 90, render: (v: AdminVenueRow['mode']) => <Tag color={v === 'seamless' ? 'purple' : 'default'}>{VENUE_MODE_NAMES[v] ?? v}</Tag> },
    // date over time: the whole table fits a 1440 screen, so the fixed 操作 column covers nothing
    { title: '最近同步', dataIndex: 'synced_at', width: 110, render: (v: string) => (v ? <span className="tabular">{v.slice(0, 10)}<br />{v.slice(11)}</span> : '-') },
    {
      title: '操作',
      key: 'op',
      width: 210,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Confirmed
            title={r.state === 1 ? `将「${r.name}」设为维护？` : `结束「${r.name}」的维护？`}
            description={r.state === 1 ? '会员将无法进入该场馆游戏或转入资金（转出不受影响）。' : '会员可立即进入该场馆游戏。'}
            danger={r.state === 1}
            run={() => update.mutateAsync({ platform: r.platform, state: r.state === 1 ? 0 : 1 })}
          >
            <Button type="link" size="small" danger={r.state === 1}>
              {r.state === 1 ? '维护' : '开放'}
            </Button>
          </Confirmed>
          <Confirmed
            title={r.listed === 1 ? `下架「${r.name}」？` : `上架「${r.name}」？`}
            description={r.listed === 1 ? '会员端不再显示该场馆；持有余额的会员仍可转出。' : '会员端将重新显示该场馆。'}
            danger={r.listed === 1}
            run={() => update.mutateAsync({ platform: r.platform, listed: r.listed === 1 ? 0 : 1 })}
          >
            <Button type="link" size="small">
              {r.listed === 1 ? '下架' : '上架'}
            </Button>
          </Confirmed>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            名称/排序
          </Button>
          <Confirmed
            title={r.mode === 'seamless' ? `将「${r.name}」改回转账钱包？` : `将「${r.name}」改为免转钱包？`}
            description={
              r.mode === 'seamless'
                ? '需该场馆没有未结算的局；之后会员需先转入资金才能游戏。'
                : '需没有会员在该场馆持有余额（可先回收）；之后会员直接用中心钱包游戏，无需转账。'
            }
            run={() => setMode.mutateAsync({ platform: r.platform, mode: r.mode === 'seamless' ? 'transfer' : 'seamless' })}
          >
            <Button type="link" size="small">
              {r.mode === 'seamless' ? '改为转账' : '改为免转'}
            </Button>
          </Confirmed>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        title="场馆管理"
        extra={
          <Popconfirm title="立即从所有供应商同步场馆和游戏目录？" description="运营设置的名称、排序、维护和上下架会保留。" okText="同步" cancelText="取消" onConfirm={runSync}>
            <Button type="primary" icon={<SyncOutlined spin={sync.isPending} />} loading={sync.isPending}>
              同步目录
            </Button>
          </Popconfirm>
        }
      />
      <Card className="filters" size="small">
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => table.search(v)}
        >
          <Form.Item name="state" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={STATE_FILTER} />
          </Form.Item>
          <Form.Item name="listed" label="上架">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={LISTED_FILTER} />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      <TableCard<AdminVenueRow> table={table} rowKey="platform" columns={columns} scroll={{ x: 1040 }} locale={{ emptyText: '没有符合条件的场馆' }} />
      {editing ? (
        <ActionModal<{ name: string; sort: number }>
          open
          title={`名称与排序 · ${editing.name}`}
          warning="改名和排序会保留，不会被之后的目录同步覆盖；会员端5秒内生效。"
          schema={adminVenueUpdateSchema}
          fixed={{ platform: editing.platform }}
          initialValues={{ name: editing.name, sort: editing.sort }}
          onClose={() => setEditing(null)}
          submit={(v) => update.mutateAsync({ platform: editing.platform, name: v.name, sort: v.sort })}
        >
          <Form.Item name="name" label="场馆名称" rules={[zodRule(adminVenueUpdateSchema, 'name')]}>
            <Input maxLength={32} showCount />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={[zodRule(adminVenueUpdateSchema, 'sort')]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
}
