import { SearchOutlined } from '@ant-design/icons';
import { adminTransferSettleSchema, type AdminTransferRow } from '@casino/contract';
import { Button, Card, Form, Input, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { useVenueOptions } from '../../hooks/api/games';
import { listTransfers, transfersKey, useSettleTransfer, type TransferFilters } from '../../hooks/api/transfers';
import { useTable } from '../../hooks/use-table';
import { ageClass, ageText, minutesSince, yuan } from '../../lib/format';
import { CutText } from '../../components/CutText';

const STATUS = { 0: <Tag color="red">失败</Tag>, 1: <Tag color="green">成功</Tag>, 2: <Tag color="orange">待确认</Tag> } as const;

/** Venue transfers the venue has not confirmed: ask the venue and settle. */
export default function TransfersPage() {
  const me = useMe();
  const [form] = Form.useForm<TransferFilters>();
  const table = useTable<AdminTransferRow, TransferFilters>(transfersKey, listTransfers, { initialParams: { state: 'pending' }, refetchInterval: 30_000 });
  const settle = useSettleTransfer();
  const [row, setRow] = useState<AdminTransferRow | null>(null);
  // the filter takes a venue's code: operators pick it by name (typing AG真人 matched nothing);
  // the venue list needs games.manage, so without it the code is typed, as the placeholder says
  const pickVenue = can(me.data, 'games.manage');
  const venues = useVenueOptions(pickVenue);
  const venueOptions = (venues.data?.data ?? []).map((v) => ({ value: v.platform, label: `${v.name}（${v.platform.toUpperCase()}）` }));

  const columns: ColumnsType<AdminTransferRow> = [
    { title: '转账单号', dataIndex: 'transfer_id', render: (v: string) => <Typography.Text copyable style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>{v}</Typography.Text> },
    { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '场馆', dataIndex: 'platform', render: (v: string, r) => <Tooltip title={v}>{r.venue_name}</Tooltip> },
    { title: '方向', dataIndex: 'direction', render: (v: string) => (v === 'to_venue' ? '中心钱包 → 场馆' : '场馆 → 中心钱包') },
    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b className="tabular">{yuan(v)}</b> },
    { title: '状态', dataIndex: 'status', render: (v: 0 | 1 | 2) => STATUS[v] },
    { title: '查询次数', dataIndex: 'attempts', align: 'right' },
    { title: '最后错误', dataIndex: 'last_error', render: (v: string | null) => (v ? <CutText text={v} width={220} /> : '-') },
    {
      title: '发起时间',
      dataIndex: 'created_at',
      width: 190,
      render: (v: string, r) => {
        const age = minutesSince(v);
        return (
          <Space orientation="vertical" size={0}>
            <span>{v}</span>
            {r.status === 2 ? <span className={ageClass(age)} style={{ fontSize: 12 }}>已等待 {ageText(age)}</span> : null}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, r) =>
        r.status === 2 && can(me.data, 'transfers.settle') ? (
          <Button size="small" type="primary" onClick={() => setRow(r)}>
            查询并处理
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageTitle title="待处理转账" />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ state: 'pending' }} onFinish={(v) => table.search(v)}>
          <Form.Item name="state" label="状态">
            <Segmented options={[{ value: 'pending', label: '待确认' }, { value: 'success', label: '成功' }, { value: 'failed', label: '失败' }, { value: 'all', label: '全部' }]} onChange={() => form.submit()} />
          </Form.Item>
          <Form.Item name="username" label="会员">
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="platform" label="场馆">
            {pickVenue ? (
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部场馆" options={venueOptions} loading={venues.isPending} style={{ width: 180 }} onChange={() => form.submit()} />
            ) : (
              <Input allowClear placeholder="场馆代码，如 ag" style={{ width: 150 }} />
            )}
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      </Card>
      <TableCard<AdminTransferRow> table={table} rowKey="transfer_id" columns={columns} />
      {row ? (
        <ActionModal
          open
          title={`查询并处理 · ${row.transfer_id}`}
          warning="向场馆查询这笔转账：场馆确认成功则入账，确认失败则退回，仍未确认则保持待确认。"
          schema={adminTransferSettleSchema}
          fixed={{ transfer_id: row.transfer_id }}
          onClose={() => setRow(null)}
          submit={() => settle.mutateAsync(row.transfer_id)}
        />
      ) : null}
    </>
  );
}
