import { PlusOutlined } from '@ant-design/icons';
import { adminReceivingCreateSchema, adminReceivingUpdateSchema, USDT_PROTOCOLS } from '@casino/contract';
import { Alert, Button, Card, Form, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useReceivingAccounts, useReceivingAction, type ReceivingAccount } from '../../hooks/api/settings';
import { WIDE_TABLE } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { Confirmed } from '../../components/Confirmed';
import { RefreshButton } from '../../components/RefreshButton';

type Kind = 'bank' | 'usdt';

interface AccountValues {
  type: Kind;
  bank_name: string;
  bank_owner?: string;
  bank_no: string;
  bank_address?: string;
}

/**
 * The account a manual deposit is shown next, per type: the enabled one used least recently
 * (then the lowest id), the rule payments applies (round-robin).
 */
function nextUp(rows: ReceivingAccount[], type: Kind): number | null {
  const enabled = rows.filter((r) => r.type === type && r.enabled === 1 && r.approved);
  const key = (r: ReceivingAccount) => (r.last_used_at ? Date.parse(`${r.last_used_at.replace(' ', 'T')}+08:00`) : 0);
  enabled.sort((a, b) => key(a) - key(b) || a.id - b.id);
  return enabled[0]?.id ?? null;
}

/** Receiving bank cards and USDT addresses for manual deposits, handed out round-robin. */
export default function AccountsPage() {
  const me = useMe();
  const editable = can(me.data, 'settings.update');
  // a new account or changed details reach members once a second operator (payments.channels_keys) approves them
  const approver = can(me.data, 'payments.channels_keys');
  const q = useReceivingAccounts();
  const action = useReceivingAction();
  const [type, setType] = useState<Kind | 'all'>('all');
  const [open, setOpen] = useState<{ mode: 'create' } | { mode: 'edit'; row: ReceivingAccount } | null>(null);
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const next = { bank: nextUp(rows, 'bank'), usdt: nextUp(rows, 'usdt') };
  const shown = type === 'all' ? rows : rows.filter((r) => r.type === type);

  const columns: ColumnsType<ReceivingAccount> = [
    { title: '类型', dataIndex: 'type', width: 90, render: (v: Kind) => (v === 'bank' ? <Tag color="blue">银行卡</Tag> : <Tag color="green">USDT</Tag>) },
    {
      title: '账户',
      key: 'account',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>
            <b>{r.bank_name}</b> {r.bank_owner ? `· ${r.bank_owner}` : null}
          </span>
          <Typography.Text copyable style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>
            {r.bank_no}
          </Typography.Text>
          {r.bank_address ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.bank_address}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'enabled',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          {r.enabled === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
          {r.approved ? null : <Tag color="orange">待批准</Tag>}
          {next[r.type] === r.id ? <Tag color="gold">下一个分配</Tag> : null}
        </Space>
      ),
    },
    { title: '已分配次数', dataIndex: 'uses', width: 100, align: 'right', render: (v: number) => <span className="tabular">{v}</span> },
    { title: '最近分配', dataIndex: 'last_used_at', width: 160, render: (v: string | null) => v ?? <Typography.Text type="secondary">从未</Typography.Text> },
    { title: '添加时间', dataIndex: 'created_at', width: 160 },
    {
      title: '操作',
      key: 'op',
      // 1,187 px with an ERC20 address (337 px) in 账户: 添加时间 sat under 操作 at 1440x900; 批准 needs 40 more
      width: 160,
      fixed: 'right',
      render: (_, r) =>
        editable || approver ? (
          <Space size={0}>
            {!r.approved && approver && r.changed_by !== me.data?.id ? (
              <Confirmed
                title="批准该收款账户？"
                description={`批准后会员的存款订单将分配到 ${r.bank_name} ${r.bank_no}，请先核对账户确属本平台。`}
                run={() => action.mutateAsync({ action: 'approve', body: { id: r.id } })}
              >
                <Button type="link" size="small">
                  批准
                </Button>
              </Confirmed>
            ) : null}
            {editable ? (
              <>
            <Confirmed
              title={r.enabled === 1 ? '停用该收款账户？' : '启用该收款账户？'}
              description={r.enabled === 1 ? '之后的存款不再分配到此账户；已分配的订单不受影响。' : '之后的存款将轮流分配到此账户。'}
              danger={r.enabled === 1}
              run={() => action.mutateAsync({ action: 'update', body: { id: r.id, enabled: r.enabled === 1 ? 0 : 1 } })}
            >
              <Button type="link" size="small" danger={r.enabled === 1}>
                {r.enabled === 1 ? '停用' : '启用'}
              </Button>
            </Confirmed>
            <Button type="link" size="small" onClick={() => setOpen({ mode: 'edit', row: r })}>
              修改
            </Button>
              </>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <PageTitle
        title="收款账户"
        extra={
          <Space>
            <RefreshButton query={q} />
            {editable ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ mode: 'create' })}>
                添加收款账户
              </Button>
            ) : null}
          </Space>
        }
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="轮流分配"
        description="会员发起银行转账或 USDT 存款时，系统在同类型的启用账户中选择最久未分配的一个（同时未分配过的按添加顺序），每个订单固定显示分配到的账户。标记「下一个分配」的就是下一笔订单将看到的账户。新增的账户或修改过的收款信息标记「待批准」，需另一位有「修改与审批支付通道密钥」权限的操作员批准后才会分配给会员。"
      />
      {q.isError ? <QueryError error={q.error} retry={q.refetch} /> : null}
      <Card size="small">
        <Segmented
          style={{ marginBottom: 12 }}
          value={type}
          onChange={(v) => setType(v as Kind | 'all')}
          options={[
            { value: 'all', label: `全部 ${rows.length}` },
            { value: 'bank', label: `银行卡 ${rows.filter((r) => r.type === 'bank').length}` },
            { value: 'usdt', label: `USDT ${rows.filter((r) => r.type === 'usdt').length}` },
          ]}
        />
        <Table<ReceivingAccount> size="middle" rowKey="id" columns={columns} dataSource={shown} loading={q.isFetching} pagination={{ pageSize: 20, hideOnSinglePage: true }} {...WIDE_TABLE} locale={{ emptyText: '暂无收款账户' }} />
      </Card>
      {open?.mode === 'create' ? (
        <ActionModal<AccountValues>
          open
          title="添加收款账户"
          schema={adminReceivingCreateSchema}
          initialValues={{ type: 'bank' }}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: 'create', body: v })}
        >
          <Form.Item name="type" label="类型">
            <Segmented options={[{ value: 'bank', label: '银行卡' }, { value: 'usdt', label: 'USDT 地址' }]} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
            {({ getFieldValue }) =>
              getFieldValue('type') === 'usdt' ? (
                <>
                  <Form.Item name="bank_name" label="协议" rules={[zodRule(adminReceivingCreateSchema, 'bank_name')]}>
                    <Segmented options={USDT_PROTOCOLS.map((p) => ({ value: p, label: p }))} />
                  </Form.Item>
                  <Form.Item name="bank_no" label="收款地址" rules={[zodRule(adminReceivingCreateSchema, 'bank_no')]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </>
              ) : (
                <>
                  <Form.Item name="bank_name" label="收款银行" rules={[zodRule(adminReceivingCreateSchema, 'bank_name')]}>
                    <Input maxLength={64} />
                  </Form.Item>
                  <Form.Item name="bank_owner" label="收款人" rules={[zodRule(adminReceivingCreateSchema, 'bank_owner')]}>
                    <Input maxLength={64} />
                  </Form.Item>
                  <Form.Item name="bank_no" label="收款账号" rules={[zodRule(adminReceivingCreateSchema, 'bank_no')]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Form.Item name="bank_address" label="开户行（可选）" rules={[zodRule(adminReceivingCreateSchema, 'bank_address')]}>
                    <Input maxLength={128} />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
        </ActionModal>
      ) : null}
      {open?.mode === 'edit' ? (
        <ActionModal<Omit<AccountValues, 'type'>>
          open
          title={`修改收款账户 · ${open.row.type === 'bank' ? '银行卡' : 'USDT'}`}
          warning="已分配到此账户的订单仍显示原来的信息。"
          schema={adminReceivingUpdateSchema}
          fixed={{ id: open.row.id }}
          initialValues={{ bank_name: open.row.bank_name, bank_owner: open.row.bank_owner, bank_no: open.row.bank_no, bank_address: open.row.bank_address }}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: 'update', body: { id: open.row.id, ...v } })}
        >
          <Form.Item name="bank_name" label={open.row.type === 'bank' ? '收款银行' : '协议'} rules={[zodRule(adminReceivingUpdateSchema, 'bank_name')]}>
            {open.row.type === 'usdt' ? <Segmented options={USDT_PROTOCOLS.map((p) => ({ value: p, label: p }))} /> : <Input maxLength={64} />}
          </Form.Item>
          {open.row.type === 'bank' ? (
            <Form.Item name="bank_owner" label="收款人" rules={[zodRule(adminReceivingUpdateSchema, 'bank_owner')]}>
              <Input maxLength={64} />
            </Form.Item>
          ) : null}
          <Form.Item name="bank_no" label={open.row.type === 'bank' ? '收款账号' : '收款地址'} rules={[zodRule(adminReceivingUpdateSchema, 'bank_no')]}>
            <Input autoComplete="off" />
          </Form.Item>
          {open.row.type === 'bank' ? (
            <Form.Item name="bank_address" label="开户行" rules={[zodRule(adminReceivingUpdateSchema, 'bank_address')]}>
              <Input maxLength={128} />
            </Form.Item>
          ) : null}
        </ActionModal>
      ) : null}
    </>
  );
}
