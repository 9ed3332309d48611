import { paymentChannelKeyRejectSchema, type PaymentChannelKeyChange } from '@casino/contract';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { Confirmed } from '../../components/Confirmed';
import { QueryError } from '../../components/QueryError';
import { PageTitle } from '../../components/PageTitle';
import { RefreshButton } from '../../components/RefreshButton';
import { useKeyChangeDecision, useKeyChanges } from '../../hooks/api/payment-channels';

const muted = { fontSize: 12, color: '#5b6276' } as const;

/**
 * issue 33: channel credential changes (merchant id, keys, gateway addresses, notify allowlist)
 * waiting for a second operator holding payments.channels_keys: what changes (keys as
 * fingerprints), who proposed it, 批准 / 拒绝. The proposer sees their own change but may only
 * reject (withdraw) it. `channelId` narrows it to one channel (the channel's page).
 */
export function PendingKeyChanges({ channelId, always = false }: { channelId?: number; always?: boolean }) {
  const q = useKeyChanges({ channel_id: channelId });
  const decide = useKeyChangeDecision();
  const [rejecting, setRejecting] = useState<PaymentChannelKeyChange | null>(null);
  const rows = q.data?.data ?? [];
  if (!always && !q.isError && rows.length === 0) return null;

  const columns: ColumnsType<PaymentChannelKeyChange> = [
    {
      title: '通道',
      key: 'channel',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/cashier/channels/${r.channel_id}`}>{r.channel_name || `#${r.channel_id}`}</Link>
          <span style={muted}>#{r.channel_id}</span>
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'kind_name', render: (v: string, r) => <Tag color={r.kind === 'create' ? 'blue' : 'gold'}>{v}</Tag> },
    {
      title: '修改内容（密钥只显示指纹）',
      key: 'changes',
      render: (_, r) => (
        <Space orientation="vertical" size={0} data-testid="key-change-fields">
          {r.changes.map((c) => (
            <span key={c.field}>
              <b>{c.field_name}</b>：{r.kind === 'create' ? '' : <span className="tabular">{c.before} → </span>}
              <span className="tabular">{c.after}</span>
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: '提交',
      key: 'proposed',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.proposed_by}</span>
          <span style={muted} className="tabular">
            {r.proposed_at}
          </span>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {r.mine ? (
            <Tooltip title="不能批准自己提交的修改，请由另一位操作员批准">
              <Button type="link" size="small" disabled data-testid="key-change-approve">
                批准
              </Button>
            </Tooltip>
          ) : (
            <Confirmed
              title={`批准「${r.channel_name}」的${r.kind_name}？`}
              description={r.kind === 'create' ? '批准后通道开始参与在线存款分配。' : '批准后新的商户号、密钥、网关地址或回调IP白名单立即生效，之后的回调按新设置验证。'}
              okText="批准"
              run={() => decide.mutateAsync({ decision: 'approve', body: { id: r.id } })}
            >
              <Button type="link" size="small" data-testid="key-change-approve">
                批准
              </Button>
            </Confirmed>
          )}
          <Button type="link" size="small" danger onClick={() => setRejecting(r)} data-testid="key-change-reject">
            {r.mine ? '撤回' : '拒绝'}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={`待批准的密钥修改（${q.data?.total ?? 0}）`} style={{ marginBottom: 16 }} data-testid="key-changes">
      {q.isError ? <QueryError error={q.error} retry={q.refetch} /> : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        商户号、密钥、网关地址和回调IP白名单决定谁的签名能让订单入账，修改须由另一位持有「修改与审批支付通道密钥」权限的操作员批准后才生效；新增的通道批准前不参与分配。
      </Typography.Paragraph>
      <Table<PaymentChannelKeyChange> size="small" rowKey="id" columns={columns} dataSource={rows} loading={q.isFetching && !q.data} pagination={false} scroll={{ x: 'max-content' }} />
      {rejecting ? (
        <ActionModal<{ reason: string }>
          open
          danger
          title={`${rejecting.mine ? '撤回' : '拒绝'}「${rejecting.channel_name}」的${rejecting.kind_name}`}
          warning={rejecting.kind === 'create' ? '拒绝后这个新通道会被删除。' : '拒绝后通道保持原来的设置。'}
          schema={paymentChannelKeyRejectSchema}
          fixed={{ id: rejecting.id }}
          okText={rejecting.mine ? '撤回' : '拒绝'}
          onClose={() => setRejecting(null)}
          submit={(v) => decide.mutateAsync({ decision: 'reject', body: { id: rejecting.id, reason: v.reason } })}
        >
          <ReasonField label="原因" />
        </ActionModal>
      ) : null}
    </Card>
  );
}

/** 通道密钥审批: the same list as a screen of its own, for approvers without the channels screen (finance) */
export default function KeyChangesPage() {
  const q = useKeyChanges({});
  return (
    <>
      <PageTitle title="通道密钥审批" extra={<RefreshButton query={q} />} />
      {q.data && q.data.total === 0 ? <Alert type="success" showIcon title="没有待批准的支付通道密钥修改" style={{ marginBottom: 16 }} /> : null}
      <PendingKeyChanges />
    </>
  );
}
