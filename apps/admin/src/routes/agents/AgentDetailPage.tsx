import { ArrowLeftOutlined, EditOutlined, SwapOutlined } from '@ant-design/icons';
import { AGENT_FIGURE_LABEL, adminAgentUpdateSchema, type AdminAgentDetail, type AgentFiguresYuan } from '@casino/contract';
import { Button, Card, Col, Descriptions, Empty, Form, Input, Result, Row, Select, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { QueryError } from '../../components/QueryError';
import { useAgent, useAgentAction } from '../../hooks/api/agents';
import { can, useMe } from '../../hooks/api/auth';
import { WIDE_TABLE } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { MoveMemberModal } from './AgentsPage';
import { FlagsTable } from './FlagsPage';
import { AgentStateTag, FIGURE_KEYS, PlanSelect, figure, fullAgentLink, recentMonths } from './parts';

/** the month's figures as statistics: the head figures large, the deductions after */
function Figures({ d }: { d: AdminAgentDetail }) {
  const f = d.figures;
  return (
    <Card size="small" title={`${d.month} 业绩（北京时间，已剔除风险标记会员）`} data-testid="agent-figures">
      <Row gutter={[16, 16]}>
        <Col span={6}>
          <Statistic title="预计佣金" value={yuan(d.projected_commission)} valueStyle={{ color: '#b8893d' }} />
        </Col>
        <Col span={6}>
          <Statistic title="预计档位" value={d.projected_tier ? `第${d.projected_tier.index}档 · ${d.projected_tier.rate}%` : '未达档位'} />
        </Col>
        <Col span={6}>
          <Statistic title={AGENT_FIGURE_LABEL.net_profit} value={yuan(f.net_profit)} valueStyle={{ color: f.net_profit < 0 ? '#cf1322' : undefined }} />
        </Col>
        <Col span={6}>
          <Statistic title={AGENT_FIGURE_LABEL.active_members} value={f.active_members} suffix="人" />
        </Col>
        {FIGURE_KEYS.filter((k) => k !== 'net_profit' && k !== 'active_members').map((k) => (
          <Col span={4} key={k}>
            <Statistic title={AGENT_FIGURE_LABEL[k]} value={figure(k, f)} valueStyle={{ fontSize: 18 }} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

const dayColumns = [
  { title: '日期', dataIndex: 'day', fixed: 'left' as const },
  ...FIGURE_KEYS.map((k) => ({
    title: AGENT_FIGURE_LABEL[k],
    dataIndex: k,
    align: 'right' as const,
    render: (_: unknown, r: AgentFiguresYuan) => <span className="tabular">{figure(k, r)}</span>,
  })),
];

/** 代理详情: the record (plan, upline, downline counts, flags), the month's figures by day, moves, flags. */
export default function AgentDetailPage() {
  const id = Number(useParams().id);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useAgent(Number.isInteger(id) ? id : 0, month);
  const me = useMe();
  const manager = can(me.data, 'agents.manage');
  const action = useAgentAction();
  const [open, setOpen] = useState<'edit' | 'move' | null>(null);

  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title="代理不存在" extra={<Link to="/agents">返回代理列表</Link>} />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} title="代理读取失败" />;
  const d = q.data;
  const a = d.agent;
  // a server without a public address answers a relative link: the site's own origin is it
  const link = fullAgentLink(a.link);

  return (
    <>
      <div className="page-title">
        <h1>
          <Link to="/agents" style={{ marginRight: 12 }}>
            <ArrowLeftOutlined />
          </Link>
          代理 · {a.username} <AgentStateTag state={a.state} />
        </h1>
        <Space>
          <Select value={month ?? d.month} options={recentMonths()} onChange={setMonth} style={{ width: 170 }} data-testid="agent-month" />
          {manager ? (
            <>
              <Button icon={<SwapOutlined />} onClick={() => setOpen('move')}>
                转移会员到此代理
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setOpen('edit')} data-testid="agent-edit-open">
                修改方案 / 状态
              </Button>
            </>
          ) : null}
        </Space>
      </div>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label="会员账号">
            <Link to={`/members/${encodeURIComponent(a.username)}`}>{a.username}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="推广码">
            <Typography.Text copyable strong>
              {a.code}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="推广链接">
            <Typography.Text copyable style={{ maxWidth: 360 }} ellipsis={{ tooltip: link }}>
              {link}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="佣金方案">{a.plan_name}</Descriptions.Item>
          <Descriptions.Item label="上级代理">{a.upline_username && a.upline_agent_id ? <Link to={`/agents/${a.upline_agent_id}`}>{a.upline_username}</Link> : '无'}</Descriptions.Item>
          <Descriptions.Item label="成为代理">{a.created_at}</Descriptions.Item>
          <Descriptions.Item label="下级会员">{a.members} 人</Descriptions.Item>
          <Descriptions.Item label="下级代理">{a.subagents} 人</Descriptions.Item>
          <Descriptions.Item label="待处理风险标记">{a.open_flags ? <Tag color="red">{a.open_flags} 个</Tag> : <Tag color="green">无</Tag>}</Descriptions.Item>
          <Descriptions.Item label="佣金报表">
            <Link to={`/agents/statements?username=${encodeURIComponent(a.username)}`}>查看该代理的月结报表</Link>
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {a.note || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Figures d={d} />

      <Card size="small" title="每日业绩" style={{ marginTop: 16 }}>
        <Table<{ day: string } & AgentFiguresYuan> {...WIDE_TABLE} size="small" rowKey="day" columns={dayColumns} dataSource={d.days} pagination={false} locale={{ emptyText: <Empty description="本月暂无业绩" /> }} />
      </Card>

      <Card size="small" title="风险标记" style={{ marginTop: 16 }}>
        <FlagsTable agentId={a.id} compact />
      </Card>

      <Card size="small" title="会员转移记录" style={{ marginTop: 16 }}>
        <Table
          {...WIDE_TABLE}
          size="small"
          rowKey={(r) => `${r.username}-${r.created_at}`}
          dataSource={d.moves}
          pagination={false}
          locale={{ emptyText: <Empty description="暂无转移记录" /> }}
          columns={[
            { title: '会员', dataIndex: 'username' },
            { title: '原代理', dataIndex: 'from_agent', render: (v: string | null) => v ?? '无' },
            { title: '新代理', dataIndex: 'to_agent', render: (v: string | null) => v ?? '无' },
            { title: '原因', dataIndex: 'reason' },
            { title: '操作员', dataIndex: 'operator' },
            { title: '时间', dataIndex: 'created_at' },
          ]}
        />
      </Card>

      {open === 'edit' ? (
        <ActionModal<{ plan_id?: number; state?: number; note?: string }>
          open
          title={`修改代理 · ${a.username}`}
          warning="方案的修改从下一次结算起生效；暂停期间该代理不产生佣金，下级会员仍归属于他。"
          schema={adminAgentUpdateSchema}
          fixed={{ id: a.id }}
          initialValues={{ plan_id: a.plan_id, state: a.state, note: a.note }}
          okText="保存"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: 'update', body: { id: a.id, ...v } })}
        >
          <Form.Item name="plan_id" label="佣金方案">
            <PlanSelect />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select options={[{ value: 1, label: '正常' }, { value: 2, label: '已暂停' }]} />
          </Form.Item>
          <Form.Item name="note" label="备注" rules={[zodRule(adminAgentUpdateSchema, 'note')]}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </ActionModal>
      ) : null}
      {open === 'move' ? <MoveMemberModal toAgent={{ id: a.id, username: a.username, code: a.code }} onClose={() => setOpen(null)} submit={(v) => action.mutateAsync({ action: 'move-member', body: v })} /> : null}
    </>
  );
}
