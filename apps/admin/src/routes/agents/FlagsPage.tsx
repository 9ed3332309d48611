import { SearchOutlined, WarningOutlined } from '@ant-design/icons';
import { AGENT_FLAG_KIND_LABEL, adminAgentFlagClearSchema, type AdminAgentFlagRow } from '@casino/contract';
import { Button, Card, Form, Input, Segmented, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { agentFlagsKey, listFlags, useFlagClear, type FlagFilters } from '../../hooks/api/agents';
import { can, useMe } from '../../hooks/api/auth';
import { useTable } from '../../hooks/use-table';
import { FlagStateTag } from './parts';

/**
 * Downline members flagged as possibly the agent's own accounts (shared card, address, device;
 * a card shared between downline members). Their figures stay out of commission until an
 * operator clears the flag with a reason (audited).
 */
export function FlagsTable({ agentId, compact }: { agentId?: number; compact?: boolean }) {
  const me = useMe();
  const manager = can(me.data, 'agents.manage');
  const [form] = Form.useForm<FlagFilters>();
  const table = useTable<AdminAgentFlagRow, FlagFilters>([...agentFlagsKey, agentId ?? 0], listFlags, { initialParams: { state: 1, agent_id: agentId }, pageSize: compact ? 10 : 20 });
  const clear = useFlagClear();
  const [open, setOpen] = useState<AdminAgentFlagRow | null>(null);

  const columns: ColumnsType<AdminAgentFlagRow> = [
    { title: '下级会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    ...(agentId ? [] : [{ title: '所属代理', dataIndex: 'agent_username', render: (v: string, r: AdminAgentFlagRow) => <Link to={`/agents/${r.agent_id}`}>{v}</Link> }]),
    {
      title: '风险类型',
      dataIndex: 'kind',
      render: (v: AdminAgentFlagRow['kind']) => (
        <span style={{ color: '#cf1322' }}>
          <WarningOutlined /> {AGENT_FLAG_KIND_LABEL[v] ?? v}
        </span>
      ),
    },
    { title: '相同信息', dataIndex: 'detail', render: (v: string, r) => (r.other_username ? `${v}（与 ${r.other_username}）` : v || '-') },
    { title: '状态', dataIndex: 'state', render: (v: number) => <FlagStateTag state={v} /> },
    {
      title: '处理',
      key: 'cleared',
      render: (_, r) =>
        r.state === 2 ? (
          <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
            <span>原因：{r.clear_reason}</span>
            <span style={{ color: '#5b6276' }}>
              {r.cleared_by} · {r.cleared_at}
            </span>
          </Space>
        ) : (
          <span style={{ color: '#9aa0b2', fontSize: 12 }}>业绩暂不计入佣金</span>
        ),
    },
    { title: '发现时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_, r) =>
        r.state === 1 && manager ? (
          <Button size="small" onClick={() => setOpen(r)} data-testid={`flag-clear-${r.id}`}>
            解除标记
          </Button>
        ) : null,
    },
  ];

  const filters = (
      <Form
        form={form}
        layout="inline"
        initialValues={{ state: 1 }}
        onFinish={(v) => table.search({ ...v, state: v.state || undefined, agent_id: agentId })}
        style={compact ? { marginBottom: 12 } : undefined}
      >
        <Form.Item name="state" label="状态">
          <Segmented options={[{ value: 1, label: '待处理' }, { value: 2, label: '已解除' }, { value: 0, label: '全部' }]} onChange={() => form.submit()} />
        </Form.Item>
        {compact ? null : (
          <>
            <Form.Item name="username" label="会员">
              <Input allowClear style={{ width: 150 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
          </>
        )}
      </Form>
  );
  return (
    <>
      {compact ? filters : <Card className="filters" size="small">{filters}</Card>}
      {compact ? (
        <Table<AdminAgentFlagRow> size="small" {...table.tableProps} rowKey="id" columns={columns} />
      ) : (
        <TableCard<AdminAgentFlagRow> table={table} rowKey="id" columns={columns} />
      )}
      {open ? (
        <ActionModal<{ reason: string }>
          open
          title={`解除风险标记 · ${open.username}`}
          warning={`解除后，${open.username} 的业绩（自标记起）重新计入代理 ${open.agent_username} 的佣金。请确认已核实该会员不是代理本人的账户。`}
          schema={adminAgentFlagClearSchema}
          fixed={{ id: open.id }}
          okText="确认解除"
          onClose={() => setOpen(null)}
          submit={(v) => clear.mutateAsync({ id: open.id, reason: v.reason })}
        >
          <ReasonField label="核实情况" />
        </ActionModal>
      ) : null}
    </>
  );
}

/** 风险标记: every agent's flagged downline members (or one agent's, ?agent_id=). */
export default function FlagsPage() {
  const [params] = useSearchParams();
  const agentId = Number(params.get('agent_id')) || undefined;
  return (
    <>
      <PageTitle title="代理风险标记" extra={agentId ? <Link to="/agents/flags">查看全部代理</Link> : null} />
      <FlagsTable key={agentId ?? 0} agentId={agentId} />
    </>
  );
}

