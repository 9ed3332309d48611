import { RESPONSIBLE_ACTOR_NAMES, RESPONSIBLE_DURATION_NAMES, RESPONSIBLE_KIND_NAMES, RESPONSIBLE_PERIOD_NAMES, type ResponsibleHistoryRow, type ResponsibleLimitView } from '@casino/contract';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError';
import { can, type Me } from '../../hooks/api/auth';
import { useResponsibleOf } from '../../hooks/api/responsible';
import { yuan } from '../../lib/format';
import { ExtendDialog } from '../responsible/parts';

const money = (v: number | null) => (v === null ? <Typography.Text type="secondary">不限</Typography.Text> : <span className="tabular">{yuan(v)}</span>);

const limitColumns: ColumnsType<ResponsibleLimitView> = [
  { title: '限额', key: 'name', render: (_, r) => `${RESPONSIBLE_PERIOD_NAMES[r.period] ?? r.period}${RESPONSIBLE_KIND_NAMES[r.kind] ?? r.kind}` },
  { title: '生效金额（元）', dataIndex: 'amount', align: 'right', render: money },
  { title: '本周期已用（元）', dataIndex: 'used', align: 'right', render: money },
  { title: '剩余（元）', dataIndex: 'left', align: 'right', render: money },
  {
    title: '待生效变更',
    dataIndex: 'pending',
    render: (p: ResponsibleLimitView['pending']) =>
      p ? (
        <Tag color="blue">
          {p.amount === null ? '取消限额' : `改为 ${yuan(p.amount)} 元`}，{p.effective_at} 生效
        </Tag>
      ) : (
        '-'
      ),
  },
  { title: '本周期结束', dataIndex: 'period_end' },
];

const historyColumns: ColumnsType<ResponsibleHistoryRow> = [
  { title: '申请时间', dataIndex: 'requested_at' },
  { title: '类型', dataIndex: 'kind', render: (v: string) => RESPONSIBLE_KIND_NAMES[v] ?? v },
  { title: '内容', dataIndex: 'summary' },
  { title: '时长', dataIndex: 'duration', render: (v: string | null) => (v ? (RESPONSIBLE_DURATION_NAMES[v] ?? v) : '-') },
  { title: '生效时间', dataIndex: 'effective_at' },
  { title: '结束时间', dataIndex: 'ends_at', render: (v: string | null) => v ?? '-' },
  { title: '操作人', dataIndex: 'actor', render: (v: string) => (v === 'operator' ? <Tag color="purple">{RESPONSIBLE_ACTOR_NAMES[v]}</Tag> : (RESPONSIBLE_ACTOR_NAMES[v] ?? v)) },
  { title: '原因', dataIndex: 'reason', render: (v: string | null) => v || '-' },
];

/**
 * Member 360's 自我管理 tab (issue 22): the break in force, the limits with what is used and any
 * raise waiting for its 24-hour cooling-off, the reality-check interval and every change.
 */
export function ResponsibleTab({ me, username }: { me: Me; username: string }) {
  const q = useResponsibleOf(username);
  const [extending, setExtending] = useState(false);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} title="自我管理资料加载失败" />;
  const s = q.data;
  const b = s.active_break;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="responsible-tab">
      {b ? (
        <Alert
          type={b.kind === 'exclusion' ? 'error' : 'warning'}
          showIcon
          title={`${RESPONSIBLE_KIND_NAMES[b.kind] ?? b.kind}中：${b.starts_at} 开始，至 ${b.ends_at}（北京时间）结束`}
          description="期间不能存款、转入场馆、进入游戏、领取红包和申请活动，也不接收优惠类站内信；登录、查看记录和取款不受影响。不能提前结束。"
          action={
            can(me, 'responsible.manage') ? (
              <Button size="small" danger onClick={() => setExtending(true)}>
                延长
              </Button>
            ) : null
          }
        />
      ) : (
        <Alert type="success" showIcon title="当前没有冷静期或自我排除" />
      )}
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label="游戏时长提醒">{s.reality_minutes === 0 ? '已关闭' : `每 ${s.reality_minutes} 分钟`}{s.reality_default ? '（站点默认）' : '（会员设置）'}</Descriptions.Item>
        <Descriptions.Item label="服务器时间">{s.now}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title="存款与亏损限额">
        <Table<ResponsibleLimitView> size="small" rowKey={(r) => `${r.kind}-${r.period}`} pagination={false} dataSource={s.limits} columns={limitColumns} />
      </Card>
      <Card size="small" title="变更记录">
        <Table<ResponsibleHistoryRow>
          size="small"
          rowKey="id"
          dataSource={s.history}
          columns={historyColumns}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="会员还没有设置过限额或冷静期" /> }}
        />
      </Card>
      {extending && b ? <ExtendDialog username={username} kind={b.kind} endsAt={b.ends_at} onClose={() => setExtending(false)} /> : null}
    </Space>
  );
}
