import { RedoOutlined } from '@ant-design/icons';
import { adminRebateRerunSchema, type AdminRebateRerunReply, type AdminRebateRunRow } from '@casino/contract';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Form, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listRebateRuns, rebateRunsKey, useRebateRerun } from '../../hooks/api/promotions';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { RefreshButton } from '../../components/RefreshButton';

function RerunResult({ r }: { r: AdminRebateRerunReply }) {
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { whiteSpace: "nowrap", width: 120 } }}>
      <Descriptions.Item label="日期">{r.day}{r.first_run ? '（首次结算）' : ''}</Descriptions.Item>
      <Descriptions.Item label="当日合计">
        {r.members} 名会员 · {r.rows} 条返水 · {yuan(r.amount)} 元
      </Descriptions.Item>
      <Descriptions.Item label="新增 / 更新 / 移除">
        {r.added} / {r.updated} / {r.removed} 条
      </Descriptions.Item>
      <Descriptions.Item label="已领取未改动">{r.locked} 条</Descriptions.Item>
      <Descriptions.Item label="VIP流水调整">{yuan(r.flow_delta)} 元</Descriptions.Item>
    </Descriptions>
  );
}

/** a day's first pass is still running: its totals are not known yet (not zero) */
const counting = (r: AdminRebateRunRow) => r.status === 'running' && !!r.progress?.first_run;

/**
 * Rebate settlement per Beijing day (members, amount, who ran it) and the re-run: it brings the
 * day to what its bets and the current rates say, changing unclaimed rows only; running it again
 * changes nothing more.
 */
export default function RebateRunsPage() {
  const me = useMe();
  const manager = can(me.data, 'promotions.manage');
  // a pass under way is followed until it ends
  const table = useTable<AdminRebateRunRow, object>(rebateRunsKey, listRebateRuns, {
    refetchInterval: (rows) => ((rows as AdminRebateRunRow[]).some((r) => r.status === 'running') ? 5_000 : false),
  });
  const rerun = useRebateRerun();
  const [day, setDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<dayjs.Dayjs | null>(null);

  const columns: ColumnsType<AdminRebateRunRow> = [
    { title: '结算日（北京）', dataIndex: 'day', width: 140, render: (v: string) => <b className="tabular">{v}</b> },
    { title: '会员数', dataIndex: 'members', width: 100, align: 'right', render: (v: number, r) => (counting(r) ? '—' : v) },
    { title: '返水条数', dataIndex: 'rows', width: 100, align: 'right', render: (v: number, r) => (counting(r) ? '—' : v) },
    { title: '返水金额（元）', dataIndex: 'amount', align: 'right', render: (v: number, r) => (counting(r) ? '—' : <b className="tabular">{yuan(v)}</b>) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 210,
      render: (v: AdminRebateRunRow['status'], r) =>
        v === 'running' ? (
          <Space orientation="vertical" size={0}>
            <Tag color="blue" data-testid={`run-running-${r.day}`}>{r.progress?.first_run ? '结算中' : '重算中'}</Tag>
            <span style={{ fontSize: 12, color: '#5b6276' }}>已完成 {r.progress?.chunks ?? 0} 批会员{r.progress?.first_run ? '，结束后显示合计' : '，合计为上次结果'}</span>
          </Space>
        ) : v === 'rerun' ? (
          <Space orientation="vertical" size={0}>
            <Tag color="orange">已重算 {r.reruns} 次</Tag>
            <span style={{ fontSize: 12, color: '#5b6276' }}>最近 {r.rerun_at}</span>
          </Space>
        ) : (
          <Tag color="green">已结算</Tag>
        ),
    },
    { title: '结算时间 / 执行者', key: 'by', render: (_, r) => <span style={{ fontSize: 12 }}>{r.created_at}<br />{r.holder_name}</span> },
    {
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, r) =>
        manager ? (
          <Button size="small" icon={<RedoOutlined />} onClick={() => setDay(r.day)}>
            重算
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageTitle title="返水结算" extra={<RefreshButton query={table.query} />} />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="每天北京时间零点后自动结算前一天的返水（按会员VIP等级与游戏类别的比例）。"
        description="重算会按当日已结算注单和当前比例重新计算：未领取的返水按新结果更新，已领取的保持不变，VIP流水只计入差额；重复重算不会重复发放。"
      />
      {manager ? (
        <Card className="filters" size="small">
          <Form layout="inline">
            <Form.Item label="重算指定日期">
              <DatePicker value={picked} onChange={setPicked} disabledDate={(d) => !d.isBefore(dayjs(), 'day') || d.isBefore(dayjs().subtract(366, 'day'), 'day')} />
            </Form.Item>
            <Button type="primary" icon={<RedoOutlined />} disabled={!picked} onClick={() => picked && setDay(picked.format('YYYY-MM-DD'))}>
              重算
            </Button>
          </Form>
        </Card>
      ) : null}
      <TableCard<AdminRebateRunRow>
        table={table}
        rowKey="day"
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="暂无结算记录" /> }}
        pagination={{ ...(table.tableProps.pagination || {}), pageSize: 30, showSizeChanger: false }}
      />
      {day ? (
        <ActionModal
          open
          title={`重算返水 · ${day}`}
          warning="按当日注单与当前VIP返水比例重新结算。已领取的返水不会改动或重复发放；结果会记录在审计日志中。"
          schema={adminRebateRerunSchema}
          fixed={{ day }}
          okText="确认重算"
          onClose={() => setDay(null)}
          submit={() => rerun.mutateAsync(day)}
          result={(data) => <RerunResult r={data as AdminRebateRerunReply} />}
        />
      ) : null}
    </>
  );
}
