import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  REPORT_KIND_NAMES,
  reportRangeSchema,
  type ReportAgentRow,
  type ReportDayRow,
  type ReportFigures,
  type ReportKind,
  type ReportMemberRow,
  type ReportMonthRow,
  type ReportVenueRow,
} from '@casino/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Form, Input, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import {
  exportReport,
  useAgentReport,
  useDailyReport,
  useMemberReport,
  useMonthlyReport,
  useVenueReport,
  type ReportRange,
  type VenueTotals,
} from '../../hooks/api/reports';
import { count, yuan } from '../../lib/format';
import { firstIssue } from '../../lib/zod-rule';

type Range = [dayjs.Dayjs | null, dayjs.Dayjs | null];

const money = (v: number) => <span style={v < 0 ? { color: '#cf1322' } : undefined}>{yuan(v)}</span>;

/** the figure columns of the daily and monthly reports, in the CSV's order */
function figureColumns<T extends ReportFigures>(): ColumnsType<T> {
  const m = (title: ReactNode, key: keyof ReportFigures, width = 120) => ({ title, dataIndex: key, key, width, align: 'right' as const, render: money });
  const c = (title: ReactNode, key: keyof ReportFigures, width = 90) => ({ title, dataIndex: key, key, width, align: 'right' as const, render: count });
  return [
    m('存款', 'deposits'),
    c('存款笔数', 'deposit_count'),
    m('取款', 'withdrawals'),
    c('取款笔数', 'withdrawal_count'),
    m('红利', 'bonuses'),
    m('返水', 'rebates'),
    m('红包', 'red_packets'),
    m('人工加款', 'adjustments_in'),
    m('人工扣款', 'adjustments_out'),
    c('注单数', 'bet_count'),
    m('投注额', 'bets', 130),
    m('有效投注', 'valid_bets', 130),
    m('派彩', 'payouts', 130),
    m('GGR', 'ggr', 130),
    m('NGR', 'ngr', 130),
    c('新增会员', 'new_members'),
    c('活跃会员', 'active_members'),
    c('首存人数', 'first_deposits'),
    m('首存金额', 'first_deposit_amount'),
  ] as ColumnsType<T>;
}

/** the totals row: the label in the first cell, then the totals under their columns */
function totalsRow<T>(columns: ColumnsType<T>, totals: Record<string, unknown> | undefined, label = '合计') {
  if (!totals) return null;
  return (
    <Table.Summary.Row>
      {columns.map((col, i) => {
        const key = (col as { dataIndex?: string }).dataIndex ?? '';
        const value = totals[key];
        const render = (col as { render?: (v: unknown) => ReactNode }).render;
        return (
          <Table.Summary.Cell key={key || i} index={i} align={i === 0 ? 'left' : 'right'}>
            {i === 0 ? <strong>{label}</strong> : typeof value === 'number' && render ? <strong>{render(value)}</strong> : null}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
}

function AsOf({ at }: { at: string | null | undefined }) {
  return <Typography.Text type="secondary">{at ? `汇总数据截至 ${at}（北京时间），每 15 秒更新` : '尚未汇总，数据将在 15 秒内出现'}</Typography.Text>;
}

function ReportCard<T extends object>({
  query,
  rows,
  columns,
  rowKey,
  totals,
  asOf,
  pagination,
}: {
  query: UseQueryResult<unknown>;
  rows: T[] | undefined;
  columns: ColumnsType<T>;
  rowKey: string | ((r: T) => string);
  totals: Record<string, unknown> | undefined;
  asOf: string | null | undefined;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}) {
  return (
    <>
      {query.isError ? <QueryError error={query.error} retry={query.refetch} /> : null}
      <Card size="small" extra={<AsOf at={asOf} />} title={null}>
        <Table<T>
          size="small"
          bordered
          rowKey={rowKey}
          columns={columns}
          dataSource={rows ?? []}
          loading={query.isFetching && !query.isError}
          scroll={{ x: 'max-content', y: 'calc(100vh - 430px)' }}
          locale={{ emptyText: <Empty description="所选日期内没有数据" /> }}
          pagination={
            pagination
              ? { ...pagination, showSizeChanger: true, pageSizeOptions: [20, 50, 100], showTotal: (t: number) => `共 ${t} 条` }
              : false
          }
          // returned directly: antd keeps a `fixed` summary in view only when it is the callback's own element
          summary={() => (rows?.length ? <Table.Summary fixed>{totalsRow(columns, totals)}</Table.Summary> : null)}
        />
      </Card>
    </>
  );
}

const dayColumns: ColumnsType<ReportDayRow> = [{ title: '日期', dataIndex: 'day', key: 'day', width: 110, fixed: 'left' }, ...figureColumns<ReportDayRow>()];
const monthColumns: ColumnsType<ReportMonthRow> = [{ title: '月份', dataIndex: 'month', key: 'month', width: 100, fixed: 'left' }, ...figureColumns<ReportMonthRow>()];
const venueColumns: ColumnsType<ReportVenueRow> = [
  { title: '场馆', dataIndex: 'venue_name', key: 'venue_name', width: 160, fixed: 'left', render: (v: string, r) => `${v}（${r.platform}）` },
  { title: '分类', dataIndex: 'category_name', key: 'category_name', width: 110 },
  { title: '注单数', dataIndex: 'bet_count', key: 'bet_count', width: 100, align: 'right', render: count },
  { title: '投注额', dataIndex: 'bets', key: 'bets', width: 140, align: 'right', render: money },
  { title: '有效投注', dataIndex: 'valid_bets', key: 'valid_bets', width: 140, align: 'right', render: money },
  { title: '派彩', dataIndex: 'payouts', key: 'payouts', width: 140, align: 'right', render: money },
  { title: 'GGR', dataIndex: 'ggr', key: 'ggr', width: 140, align: 'right', render: money },
];
const memberColumns: ColumnsType<ReportMemberRow> = [
  { title: '会员账号', dataIndex: 'username', key: 'username', width: 140, fixed: 'left' },
  ...(
    [
      ['存款', 'deposits'],
      ['取款', 'withdrawals'],
      ['红利', 'bonuses'],
      ['返水', 'rebates'],
      ['红包', 'red_packets'],
      ['人工加款', 'adjustments_in'],
      ['人工扣款', 'adjustments_out'],
    ] as const
  ).map(([title, key]) => ({ title, dataIndex: key, key, width: 120, align: 'right' as const, render: money })),
  { title: '注单数', dataIndex: 'bet_count', key: 'bet_count', width: 90, align: 'right', render: count },
  { title: '投注额', dataIndex: 'bets', key: 'bets', width: 130, align: 'right', render: money },
  { title: '有效投注', dataIndex: 'valid_bets', key: 'valid_bets', width: 130, align: 'right', render: money },
  { title: 'GGR', dataIndex: 'ggr', key: 'ggr', width: 130, align: 'right', render: money },
  { title: 'NGR', dataIndex: 'ngr', key: 'ngr', width: 130, align: 'right', render: money },
];
const agentColumns: ColumnsType<ReportAgentRow> = [
  { title: '推荐人', dataIndex: 'referrer', key: 'referrer', width: 160, fixed: 'left', render: (v: string, r) => (r.referrer_username && r.referrer_username !== v ? `${v}（${r.referrer_username}）` : v) },
  { title: '新增下级', dataIndex: 'new_members', key: 'new_members', width: 90, align: 'right', render: count },
  { title: '活跃下级', dataIndex: 'members', key: 'members', width: 90, align: 'right', render: count },
  ...(
    [
      ['存款', 'deposits'],
      ['取款', 'withdrawals'],
      ['红利', 'bonuses'],
      ['返水', 'rebates'],
      ['红包', 'red_packets'],
      ['投注额', 'bets'],
      ['有效投注', 'valid_bets'],
      ['GGR', 'ggr'],
      ['NGR', 'ngr'],
    ] as const
  ).map(([title, key]) => ({ title, dataIndex: key, key, width: 120, align: 'right' as const, render: money })),
];

const DEFAULT_RANGE: Range = [dayjs().startOf('month'), dayjs()];
const toRange = (r: Range | null | undefined): Partial<ReportRange> => ({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') });

/**
 * Reports: one date range (Beijing days) for five tabs; daily, monthly and venue tables come
 * whole with their totals row, members and agents page on the server. Each tab exports its CSV.
 */
export default function ReportsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ range: Range; username?: string }>();
  const [tab, setTab] = useState<ReportKind>('daily');
  const [range, setRange] = useState<ReportRange>(toRange(DEFAULT_RANGE) as ReportRange);
  const [username, setUsername] = useState<string | undefined>();
  const [memberPage, setMemberPage] = useState({ current: 1, pageSize: 20 });
  const [agentPage, setAgentPage] = useState({ current: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);

  const daily = useDailyReport(range, tab === 'daily');
  const monthly = useMonthlyReport(range, tab === 'monthly');
  const venues = useVenueReport(range, tab === 'venues');
  const members = useMemberReport({ ...range, username }, memberPage.current, memberPage.pageSize, tab === 'members');
  const agents = useAgentReport(range, agentPage.current, agentPage.pageSize, tab === 'agents');

  const search = (values: { range: Range; username?: string }) => {
    const next = toRange(values.range);
    const issue = firstIssue(reportRangeSchema, next);
    if (issue) return void message.error(issue);
    setRange(next as ReportRange);
    setUsername(values.username?.trim() || undefined);
    setMemberPage((p) => ({ ...p, current: 1 }));
    setAgentPage((p) => ({ ...p, current: 1 }));
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportReport(tab, { ...range, username: tab === 'members' ? username : undefined });
      message.success(`${REPORT_KIND_NAMES[tab]}已开始下载`);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const tabs: { key: ReportKind; label: string; children: ReactNode }[] = [
    {
      key: 'daily',
      label: '日报表',
      children: <ReportCard query={daily} rows={daily.data?.rows} totals={daily.data?.totals as unknown as Record<string, unknown>} asOf={daily.data?.as_of} columns={dayColumns} rowKey="day" />,
    },
    {
      key: 'monthly',
      label: '月报表',
      children: <ReportCard query={monthly} rows={monthly.data?.rows} totals={monthly.data?.totals as unknown as Record<string, unknown>} asOf={monthly.data?.as_of} columns={monthColumns} rowKey="month" />,
    },
    {
      key: 'venues',
      label: '场馆报表',
      children: (
        <ReportCard
          query={venues}
          rows={venues.data?.rows}
          totals={venues.data?.totals as VenueTotals as unknown as Record<string, unknown>}
          asOf={venues.data?.as_of}
          columns={venueColumns}
          rowKey={(r) => `${r.platform}|${r.category_id}`}
        />
      ),
    },
    {
      key: 'members',
      label: '会员报表',
      children: (
        <ReportCard
          query={members}
          rows={members.data?.data}
          totals={members.data?.totals as unknown as Record<string, unknown>}
          asOf={members.data?.as_of}
          columns={memberColumns}
          rowKey={(r) => String(r.member_id)}
          pagination={{ ...memberPage, total: members.data?.total ?? 0, onChange: (current, pageSize) => setMemberPage({ current, pageSize }) }}
        />
      ),
    },
    {
      key: 'agents',
      label: '代理报表',
      children: (
        <ReportCard
          query={agents}
          rows={agents.data?.data}
          totals={agents.data?.totals as unknown as Record<string, unknown>}
          asOf={agents.data?.as_of}
          columns={agentColumns}
          rowKey="referrer"
          pagination={{ ...agentPage, total: agents.data?.total ?? 0, onChange: (current, pageSize) => setAgentPage({ current, pageSize }) }}
        />
      ),
    },
  ];

  return (
    <>
      <PageTitle
        title="报表"
        extra={
          <Popconfirm
            title={`导出${REPORT_KIND_NAMES[tab]}`}
            description={`${range.from} 至 ${range.to}${tab === 'members' && username ? `，会员 ${username}` : ''}，CSV 文件（Excel 可直接打开）`}
            okText="导出"
            cancelText="取消"
            onConfirm={runExport}
          >
            <Button type="primary" icon={<DownloadOutlined />} loading={exporting}>
              导出 CSV
            </Button>
          </Popconfirm>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ range: DEFAULT_RANGE }} onFinish={search}>
          <Form.Item name="range" label="日期（北京时间）" rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker.RangePicker allowClear={false} disabledDate={(d) => d.isAfter(dayjs().add(1, 'day'), 'day')} />
          </Form.Item>
          {tab === 'members' ? (
            <Form.Item name="username" label="会员账号">
              <Input allowClear placeholder="全部会员" style={{ width: 160 }} maxLength={32} />
            </Form.Item>
          ) : null}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Typography.Text type="secondary">GGR = 投注额 − 派彩；NGR = GGR − 红利 − 返水 − 红包</Typography.Text>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as ReportKind)} items={tabs} destroyOnHidden />
    </>
  );
}
