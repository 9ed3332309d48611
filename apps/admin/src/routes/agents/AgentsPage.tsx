import { PlusOutlined, SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { adminAgentCreateSchema, adminAgentMoveSchema, type AdminAgentRow, type Envelope } from '@casino/contract';
import { Badge, Button, Card, Form, Input, Space, Segmented, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { RefreshButton } from '../../components/RefreshButton';
import { TableCard } from '../../components/TableCard';
import { agentsKey, listAgents, useAgentAction, type AgentFilters } from '../../hooks/api/agents';
import { can, useMe } from '../../hooks/api/auth';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { AgentSelect, AgentStateTag, fullAgentLink, PlanSelect } from './parts';
import { CutText } from '../../components/CutText';

/** 代理列表: search, open an agent, make a member an agent, move a member between agents. */
export default function AgentsPage() {
  const me = useMe();
  const manager = can(me.data, 'agents.manage');
  const [form] = Form.useForm<AgentFilters>();
  const table = useTable<AdminAgentRow, AgentFilters>(agentsKey, listAgents);
  const action = useAgentAction();
  const [open, setOpen] = useState<'create' | 'move' | null>(null);

  const columns: ColumnsType<AdminAgentRow> = [
    {
      title: '代理',
      dataIndex: 'username',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/agents/${r.id}`} data-testid={`agent-row-${v}`}>
            {v}
          </Link>
          <span style={{ fontSize: 12, color: '#5b6276' }}>推广码 {r.code}</span>
        </Space>
      ),
    },
    { title: '佣金方案', dataIndex: 'plan_name' },
    { title: '上级代理', dataIndex: 'upline_username', render: (v: string | null, r) => (v && r.upline_agent_id ? <Link to={`/agents/${r.upline_agent_id}`}>{v}</Link> : <span style={{ color: '#9aa0b2' }}>无</span>) },
    { title: '下级会员', dataIndex: 'members', align: 'right', render: (v: number) => <span className="tabular">{v}</span> },
    { title: '下级代理', dataIndex: 'subagents', align: 'right', render: (v: number) => <span className="tabular">{v}</span> },
    {
      title: '风险标记',
      dataIndex: 'open_flags',
      align: 'center',
      render: (v: number, r) => (v > 0 ? <Link to={`/agents/flags?agent_id=${r.id}`}><Badge count={v} title={`${v} 个待处理风险标记`} /></Link> : <span style={{ color: '#389e0d' }}>无</span>),
    },
    { title: '状态', dataIndex: 'state', render: (v: number) => <AgentStateTag state={v} /> },
    { title: '备注', dataIndex: 'note', render: (v: string) => (v ? <CutText text={v} width={200} /> : '-') },
    { title: '成为代理', dataIndex: 'created_at', render: (v: string) => <span className="tabular">{v}</span> },
    { title: '操作', key: 'op', fixed: 'right', render: (_, r) => <Link to={`/agents/${r.id}`}>详情</Link> },
  ];

  return (
    <>
      <PageTitle
        title="代理列表"
        extra={
          <Space>
            {manager ? (
              <>
                <Button icon={<SwapOutlined />} onClick={() => setOpen('move')} data-testid="agent-move-open">
                  转移会员
                </Button>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('create')} data-testid="agent-create-open">
                  新建代理
                </Button>
              </>
            ) : null}
            <RefreshButton query={table.query} />
          </Space>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" onFinish={(v) => table.search({ ...v, state: v.state || undefined })}>
          <Form.Item name="state" label="状态" initialValue={0}>
            <Segmented options={[{ value: 0, label: '全部' }, { value: 1, label: '正常' }, { value: 2, label: '已暂停' }]} onChange={() => form.submit()} />
          </Form.Item>
          <Form.Item name="username" label="代理账号">
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="code" label="推广码">
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="plan_id" label="方案">
            <PlanSelect allowClear placeholder="全部" style={{ width: 170 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      </Card>
      <TableCard<AdminAgentRow> table={table} rowKey="id" columns={columns} />

      {open === 'create' ? (
        <ActionModal<{ username: string; plan_id?: number; upline?: string; note?: string }>
          open
          title="新建代理"
          warning="把一位会员设为代理：生成推广码与推广链接，之后通过该链接注册的会员归属于他。"
          schema={adminAgentCreateSchema}
          okText="确认新建"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: 'create', body: v })}
          result={(data) => {
            const a = data as AdminAgentRow;
            return (
              <Space orientation="vertical">
                <span>
                  {a.username} 已成为代理，推广码 <b>{a.code}</b>
                </span>
                <Typography.Text copyable data-testid="agent-create-link">{fullAgentLink(a.link)}</Typography.Text>
              </Space>
            );
          }}
        >
          <Form.Item name="username" label="会员账号" rules={[zodRule(adminAgentCreateSchema, 'username')]}>
            <Input placeholder="要设为代理的会员" data-testid="agent-create-username" />
          </Form.Item>
          <Form.Item name="plan_id" label="佣金方案" extra="不选则使用默认方案">
            <PlanSelect allowClear placeholder="默认方案" />
          </Form.Item>
          <Form.Item name="upline" label="上级代理" extra="填写上级代理的账号或推广码；上级本身不能是下级代理（只支持两级）">
            <Input allowClear placeholder="无" />
          </Form.Item>
          <Form.Item name="note" label="备注" rules={[zodRule(adminAgentCreateSchema, 'note')]}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </ActionModal>
      ) : null}

      {open === 'move' ? <MoveMemberModal onClose={() => setOpen(null)} submit={(v) => action.mutateAsync({ action: 'move-member', body: v })} /> : null}
    </>
  );
}

/** 转移会员: to another agent (or none), with a reason; the new agent counts the member from the move on. */
export function MoveMemberModal({
  username,
  toAgent,
  onClose,
  submit,
}: {
  username?: string;
  /** the agent the member goes to, chosen already (the agent's own page) */
  toAgent?: { id: number; username: string; code: string };
  onClose: () => void;
  submit: (v: { username: string; to_agent_id: number; reason: string }) => Promise<Envelope<unknown>>;
}) {
  return (
    <ActionModal<{ username: string; to_agent_id: number; reason: string }>
      open
      title="转移会员"
      warning="转移后，会员此后的存款、投注等业绩计入新代理；转移前的业绩仍属于原代理。操作将记入审计日志。"
      schema={adminAgentMoveSchema}
      fixed={username ? { username } : undefined}
      initialValues={toAgent ? { to_agent_id: toAgent.id } : undefined}
      okText="确认转移"
      onClose={onClose}
      submit={(v) => submit({ ...v, username: username ?? v.username })}
      result={(data) => {
        const r = data as { username: string; from_agent: string | null; to_agent: string | null };
        return `${r.username}：${r.from_agent ?? '无代理'} → ${r.to_agent ?? '无代理'}`;
      }}
    >
      {username ? (
        <Form.Item label="会员账号">
          <b>{username}</b>
        </Form.Item>
      ) : (
        <Form.Item name="username" label="会员账号" rules={[{ required: true, whitespace: true, message: '请输入会员账号' }]}>
          <Input placeholder="要转移的会员" data-testid="agent-move-username" />
        </Form.Item>
      )}
      <Form.Item name="to_agent_id" label="转到代理" rules={[{ required: true, message: '请选择代理' }]}>
        <AgentSelect none placeholder="输入代理账号搜索" known={toAgent} />
      </Form.Item>
      <ReasonField label="转移原因" />
    </ActionModal>
  );
}
