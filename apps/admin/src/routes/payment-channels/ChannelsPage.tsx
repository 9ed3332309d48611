import { PlusOutlined } from '@ant-design/icons';
import { CHANNEL_PAY_TYPES, CHANNEL_STATE_NAMES, CHANNEL_STATES, GATEWAY_TYPE_NAMES, GATEWAY_TYPES, PAY_TYPE_NAMES, type PaymentChannelRow } from '@casino/contract';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Confirmed } from '../../components/Confirmed';
import { PageTitle } from '../../components/PageTitle';
import { RefreshButton } from '../../components/RefreshButton';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { channelsKey, listChannels, useChannelAction, useChannelCoverage, type ChannelFilters } from '../../hooks/api/payment-channels';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { ChannelForm } from './ChannelForm';
import { PendingKeyChanges } from './KeyChanges';
import { capText, ChannelStateTag, ChannelSwitch, methodAmounts } from './parts';

const muted = { fontSize: 12, color: '#5b6276' } as const;

/** 支付通道: the gateway merchant accounts online deposits are routed through, with today's figures. */
export default function ChannelsPage() {
  const me = useMe();
  const [form] = Form.useForm<ChannelFilters>();
  // ?state=paused: the pending bell's link to the channels that paused themselves
  const [search] = useSearchParams();
  const linked = CHANNEL_STATES.find((s) => s === search.get('state'));
  const table = useTable<PaymentChannelRow, ChannelFilters>(channelsKey, listChannels, { initialParams: linked ? { state: linked } : {} });
  const action = useChannelAction();
  // the bell's link followed while the screen is open already
  useEffect(() => {
    if (linked && table.params.state !== linked) {
      form.setFieldsValue({ state: linked });
      table.search({ ...form.getFieldsValue(), state: linked });
    }
    // only when the link changes, not on every search the form makes
  }, [linked]);
  const [editing, setEditing] = useState<{ row?: PaymentChannelRow } | null>(null);
  const manage = can(me.data, 'payments.channels');
  const approver = can(me.data, 'payments.channels_keys');
  const coverage = useChannelCoverage();

  const columns: ColumnsType<PaymentChannelRow> = [
    {
      title: '通道',
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/cashier/channels/${r.id}`} data-testid={`channel-row-${v}`}>
            <b>{v}</b>
          </Link>
          <span style={muted}>#{r.id}</span>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      render: (_, r) => (
        <Space size={4}>
          <ChannelStateTag row={r} />
          {r.approved && r.pending_key_change ? <Typography.Text type="warning" style={{ fontSize: 12 }}>密钥修改待批准</Typography.Text> : null}
        </Space>
      ),
    },
    { title: '网关类型', dataIndex: 'gateway_type_name' },
    { title: '商户号', dataIndex: 'merchant_id', render: (v: string) => <span className="tabular">{v}</span> },
    {
      title: '支付方式与金额（元）',
      key: 'methods',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.methods.map((m) => (
            <span key={m.paytype} style={{ whiteSpace: 'nowrap' }}>
              {m.paytype_name}
              <span className="tabular" style={{ ...muted, marginLeft: 6 }}>
                {methodAmounts(m)}
              </span>
            </span>
          ))}
        </Space>
      ),
    },
    { title: '权重', dataIndex: 'weight', align: 'right', render: (v: number) => <span className="tabular">{v}</span> },
    {
      title: '今日订单 · 入账（元）',
      key: 'today',
      align: 'right',
      render: (_, r) => (
        <span className="tabular" style={{ whiteSpace: 'nowrap' }}>
          <span data-testid="channel-today-orders">{r.today_orders}</span> 笔 · <span data-testid="channel-today-volume">{yuan(r.today_volume)}</span>
        </span>
      ),
    },
    {
      title: '每日限额（元）',
      key: 'cap',
      align: 'right',
      render: (_, r) => (
        <Space orientation="vertical" size={0} className="tabular" style={{ alignItems: 'flex-end' }}>
          <span>{capText(r.daily_cap)}</span>
          {r.today_cap_left === null ? null : <span style={muted}>今日剩余 {yuan(r.today_cap_left)}</span>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {manage ? (
            <>
              <Button type="link" size="small" onClick={() => setEditing({ row: r })} data-testid="channel-edit">
                编辑
              </Button>
              <ChannelSwitch row={r} />
              <Confirmed
                title={`删除通道「${r.name}」？`}
                description="删除后通道不再出现在列表和路由中；已下的订单仍按此通道的密钥验证回调。"
                danger
                okText="删除"
                run={() => action.mutateAsync({ action: 'delete', body: { id: r.id } })}
              >
                <Button type="link" size="small" danger data-testid="channel-delete">
                  删除
                </Button>
              </Confirmed>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        title="支付通道"
        extra={
          <Space>
            <RefreshButton query={table.query} />
            {manage ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="channel-create">
                新增通道
              </Button>
            ) : null}
          </Space>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={linked ? { state: linked } : undefined} onFinish={(v) => table.search(v)}>
          <Form.Item name="state" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 130 }} options={CHANNEL_STATES.map((s) => ({ value: s, label: CHANNEL_STATE_NAMES[s] }))} />
          </Form.Item>
          <Form.Item name="gateway_type" label="网关类型">
            <Select allowClear placeholder="全部" style={{ width: 190 }} options={GATEWAY_TYPES.map((t) => ({ value: t, label: GATEWAY_TYPE_NAMES[t] }))} />
          </Form.Item>
          <Form.Item name="paytype" label="支付方式">
            <Select allowClear placeholder="全部" style={{ width: 130 }} options={CHANNEL_PAY_TYPES.map((t) => ({ value: t, label: PAY_TYPE_NAMES[t] }))} />
          </Form.Item>
          <Form.Item name="keyword" label="关键字">
            <Input allowClear placeholder="通道名称或商户号" style={{ width: 180 }} maxLength={64} />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      {approver ? <PendingKeyChanges /> : null}
      {coverage.data?.channels_active && coverage.data.hidden.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="channel-coverage"
          title={`会员收银台现在看不到：${coverage.data.hidden.map((h) => h.paytype_name).join('、')}`}
          description={
            <Space orientation="vertical" size={0}>
              <span>已添加支付通道后，在线存款方式只在有启用的通道支持时才显示给会员（存款方式设置里已开启也一样）。</span>
              {coverage.data.hidden.map((h) => (
                <span key={h.paytype}>
                  {h.paytype_name}：{h.why_name}
                </span>
              ))}
            </Space>
          }
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        会员在线存款时，系统在启用且支持该方式与金额、当日限额未用完的通道中按权重随机选择一个；连续下单失败的通道会自动暂停，恢复后重新参与分配。
      </Typography.Paragraph>
      <TableCard<PaymentChannelRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: <Empty description="暂无支付通道：未添加通道时，在线存款使用系统默认网关" /> }} />
      {editing ? <ChannelForm row={editing.row} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
