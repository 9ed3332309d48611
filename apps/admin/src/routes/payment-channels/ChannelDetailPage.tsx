import { ArrowLeftOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import {
  AMOUNT_UNIT_NAMES,
  paymentChannelRevealSchema,
  SIFANG_FIELD_DEFAULTS,
  SIFANG_FIELD_KEYS,
  SIFANG_FIELD_LABELS,
  SIGN_TYPE_NAMES,
  type PaymentChannelDay,
  type PaymentChannelKeys,
  type PaymentChannelRow,
} from '@casino/contract';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Result, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { can, useMe } from '../../hooks/api/auth';
import { useChannel, useChannelRefresh, useChannelReveal, useChannelStats } from '../../hooks/api/payment-channels';
import { dayRange, yuan } from '../../lib/format';
import { ChannelForm } from './ChannelForm';
import { PendingKeyChanges } from './KeyChanges';
import { capText, ChannelStateTag, ChannelSwitch, methodAmounts, rateText } from './parts';

// echarts downloads in a chunk of its own when the detail opens (as the dashboard's chart), never with the list
const loadChart = () => import('./StatsChart').then((m) => ({ default: m.StatsChart }));
const figure = { content: { fontSize: 20 } };
const chartSkeleton = <Skeleton.Node active style={{ width: '100%', height: 260 }} />;

const statColumns: ColumnsType<PaymentChannelDay> = [
  { title: '日期', dataIndex: 'day', render: (v: string) => <span className="tabular">{v}</span> },
  { title: '订单', dataIndex: 'orders', align: 'right', render: (v: number) => <span className="tabular">{v}</span> },
  { title: '成功', dataIndex: 'paid', align: 'right', render: (v: number) => <span className="tabular">{v}</span> },
  { title: '成功率', dataIndex: 'success_rate', align: 'right', render: (v: number, d) => <span className="tabular">{rateText(d.orders, v)}</span> },
  { title: '入账金额（元）', dataIndex: 'volume', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
];

function Stats({ id }: { id: number }) {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const stats = useChannelStats(id, range);
  const StatsChart = useMemo(() => lazy(loadChart), []);
  const d = stats.data;
  // newest first in the table; the chart reads left to right
  const rows = useMemo(() => (d ? [...d.days].reverse() : []), [d]);
  const busy = d ? d.days.some((x) => x.orders > 0) : false;
  return (
    <Card
      size="small"
      title="每日统计"
      data-testid="channel-stats"
      extra={
        <Space>
          <span>日期（北京时间）</span>
          <DatePicker.RangePicker
            allowClear={false}
            value={d ? [dayjs(d.from), dayjs(d.to)] : undefined}
            disabledDate={(x) => x.isAfter(dayjs().add(1, 'day'), 'day')}
            onChange={(v) => setRange(dayRange(v as [dayjs.Dayjs, dayjs.Dayjs]))}
          />
        </Space>
      }
    >
      {stats.isError ? <QueryError error={stats.error} retry={stats.refetch} /> : null}
      {d ? (
        <Row gutter={16} style={{ marginBottom: 8 }} data-testid="channel-stats-figures">
          <Col span={6}>
            <Statistic title="订单" value={d.total.orders} suffix="笔" styles={figure} />
          </Col>
          <Col span={6}>
            <Statistic title="成功" value={d.total.paid} suffix="笔" styles={figure} />
          </Col>
          <Col span={6}>
            <Statistic title="成功率" value={rateText(d.total.orders, d.total.success_rate)} styles={figure} />
          </Col>
          <Col span={6}>
            <Statistic title="入账金额（元）" value={yuan(d.total.volume)} styles={figure} />
          </Col>
        </Row>
      ) : null}
      {!d ? (
        chartSkeleton
      ) : busy ? (
        <Suspense fallback={chartSkeleton}>
          <StatsChart days={d.days} />
        </Suspense>
      ) : (
        <Empty description="所选日期内没有订单" />
      )}
      <Table<PaymentChannelDay>
        size="small"
        rowKey="day"
        style={{ marginTop: 12 }}
        columns={statColumns}
        dataSource={rows}
        loading={stats.isFetching && !stats.isError}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        summary={() =>
          d ? (
            <Table.Summary.Row data-testid="channel-stats-total">
              <Table.Summary.Cell index={0}>
                <b>合计</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <b className="tabular">{d.total.orders}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <b className="tabular">{d.total.paid}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <b className="tabular">{rateText(d.total.orders, d.total.success_rate)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <b className="tabular">{yuan(d.total.volume)}</b>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

function Keys({ row, revealable }: { row: PaymentChannelRow; revealable: boolean }) {
  const [open, setOpen] = useState(false);
  const reveal = useChannelReveal();
  return (
    <Card
      size="small"
      title="密钥"
      extra={
        revealable ? (
          <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid="channel-reveal">
            查看完整密钥
          </Button>
        ) : null
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="商户密钥">
          <span className="tabular" data-testid="channel-sign-key-masked">
            {row.keys.sign_key || '未设置'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="回调密钥">{row.keys.notify_key ? <span className="tabular">{row.keys.notify_key}</span> : <Typography.Text type="secondary">未设置（用商户密钥验签）</Typography.Text>}</Descriptions.Item>
      </Descriptions>
      {open ? (
        <ActionModal<{ reason: string }>
          open
          title={`查看完整密钥 · ${row.name}`}
          warning="查看完整密钥会连同原因记录在审计日志中。"
          schema={paymentChannelRevealSchema}
          fixed={{ id: row.id }}
          okText="查看"
          onClose={() => setOpen(false)}
          submit={(v) => reveal.mutateAsync({ id: row.id, reason: v.reason })}
          result={(data) => {
            const k = data as PaymentChannelKeys;
            return (
              <Descriptions size="small" column={1} data-testid="channel-revealed">
                <Descriptions.Item label="商户密钥">
                  <Typography.Text code copyable>
                    {k.sign_key}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label="回调密钥">{k.notify_key ? <Typography.Text code copyable>{k.notify_key}</Typography.Text> : '未设置'}</Descriptions.Item>
              </Descriptions>
            );
          }}
        >
          <ReasonField label="查看原因" />
        </ActionModal>
      ) : null}
    </Card>
  );
}

function Sifang({ row }: { row: PaymentChannelRow }) {
  const s = row.sifang;
  if (!s) return null;
  return (
    <Card size="small" title="四方支付设置">
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label="下单地址" span={2}>
          <Typography.Text copyable>{s.order_url}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="查询地址" span={2}>
          {s.query_url ? <Typography.Text copyable>{s.query_url}</Typography.Text> : <Typography.Text type="secondary">无（只等待回调）</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label="签名方式">{SIGN_TYPE_NAMES[s.sign_type] ?? s.sign_type}</Descriptions.Item>
        <Descriptions.Item label="金额单位">{AMOUNT_UNIT_NAMES[s.amount_unit] ?? s.amount_unit}</Descriptions.Item>
        <Descriptions.Item label="回调应答">
          <Typography.Text code>{s.ack}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="成功状态值">
          <Typography.Text code>{s.success_status}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '12px 0 6px' }}>
        字段映射（蓝色为与默认不同的字段名）
      </Typography.Paragraph>
      <Space size={[6, 6]} wrap>
        {SIFANG_FIELD_KEYS.map((k) => (
          <Tag key={k} color={s.fields[k] !== SIFANG_FIELD_DEFAULTS[k] ? 'blue' : undefined}>
            {SIFANG_FIELD_LABELS[k]}：{s.fields[k] || '无'}
          </Tag>
        ))}
      </Space>
    </Card>
  );
}

/** One channel: its settings, masked keys with an audited reveal, and per-day figures. */
export default function ChannelDetailPage() {
  const id = Number(useParams().id) || 0;
  const me = useMe();
  const q = useChannel(id);
  // issue 34: 刷新 brings the 每日统计 along, not only the channel's figures
  const refresh = useChannelRefresh(id, q);
  const [editing, setEditing] = useState(false);
  const manage = can(me.data, 'payments.channels');
  const back = (
    <Link to="/cashier/channels">
      <ArrowLeftOutlined /> 支付通道
    </Link>
  );

  if (q.isError) {
    return (
      <>
        {back}
        <Result status="warning" title="无法读取支付通道" subTitle={(q.error as Error).message} extra={<Button onClick={() => q.refetch()}>重试</Button>} />
      </>
    );
  }
  if (!q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const r = q.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div className="page-title" style={{ marginBottom: 0 }}>
        <Space size={12} align="center">
          {back}
          <h1 style={{ margin: 0, fontSize: 20 }} data-testid="channel-title">
            {r.name}
          </h1>
          <ChannelStateTag row={r} />
        </Space>
        <Space>
          <RefreshButton query={refresh} />
          {manage ? (
            <>
              <ChannelSwitch row={r} link={false} />
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="channel-edit">
                编辑
              </Button>
            </>
          ) : null}
        </Space>
      </div>
      {!r.approved ? <Alert type="warning" showIcon title="新通道待批准" description="通道设置（商户号、密钥、网关地址、回调IP白名单）需另一位操作员批准后，通道才会参与在线存款分配。" /> : null}
      {r.pending_key_change && !can(me.data, 'payments.channels_keys') ? <Alert type="info" showIcon title="此通道有待批准的密钥修改" description="修改批准前，通道仍按原来的商户号、密钥、网关地址、回调IP白名单和回调解析规则工作。" /> : null}
      {can(me.data, 'payments.channels_keys') ? <PendingKeyChanges channelId={r.id} /> : null}
      {r.state === 'paused' && r.paused_reason ? <Alert type="warning" showIcon title={`${r.paused_at ?? ''} ${r.paused_reason}`} description="处理好网关的问题后点击「恢复」重新参与分配。" /> : null}
      <Row gutter={16}>
        <Col span={16}>
          <Card size="small" title="基本信息" style={{ height: '100%' }}>
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="网关类型">{r.gateway_type_name}</Descriptions.Item>
              <Descriptions.Item label="商户号">
                <Typography.Text copyable>{r.merchant_id}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="每日限额（元）">{capText(r.daily_cap)}</Descriptions.Item>
              <Descriptions.Item label="权重">{r.weight}</Descriptions.Item>
              <Descriptions.Item label="今日订单">
                <span data-testid="channel-detail-today-orders">{r.today_orders}</span>
              </Descriptions.Item>
              <Descriptions.Item label="今日入账（元）">
                <span data-testid="channel-detail-today-volume">{yuan(r.today_volume)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="今日剩余额度（元）">{r.today_cap_left === null ? '不限' : yuan(r.today_cap_left)}</Descriptions.Item>
              <Descriptions.Item label="回调IP白名单">{r.notify_ips.length ? r.notify_ips.join('，') : '不限'}</Descriptions.Item>
              <Descriptions.Item label="回调地址" span={2}>
                <Typography.Text copyable code data-testid="channel-notify-url">
                  {r.notify_url}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="创建时间">{r.created_at}</Descriptions.Item>
              <Descriptions.Item label="更新时间">{r.updated_at}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col span={8}>
          <Keys row={r} revealable={can(me.data, 'payments.channels_reveal')} />
        </Col>
      </Row>
      <Stats id={r.id} />
      <Card size="small" title="支付方式">
        <Table
          size="small"
          rowKey="paytype"
          pagination={false}
          dataSource={r.methods}
          columns={[
            { title: '方式', dataIndex: 'paytype_name' },
            { title: '网关代码', dataIndex: 'code', render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : <Typography.Text type="secondary">同本站代码</Typography.Text>) },
            { title: '金额（元）', key: 'amounts', render: (_, m) => <span className="tabular">{methodAmounts(m)}</span> },
          ]}
        />
      </Card>
      <Sifang row={r} />
      {editing ? <ChannelForm row={r} onClose={() => setEditing(false)} /> : null}
    </Space>
  );
}
