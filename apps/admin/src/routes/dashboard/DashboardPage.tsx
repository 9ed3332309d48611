import type { DashboardFigures } from '@casino/contract';
import { Badge, Card, Col, Empty, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { PENDING_QUEUES, useDashboardSeries, useDashboardSummary } from '../../hooks/api/dashboard';
import { signed, yuan } from '../../lib/format';
import { lazyComponent } from '../../lib/lazy-page';
import type { TrendChart as Chart } from './TrendChart';

// echarts is most of this screen's code: it downloads in a chunk of its own, started as soon as
// the screen's code runs (beside the figures' calls), and the figures never wait for it. Drawn
// without Suspense, which would hold the chart back up to 300 ms after its skeleton (issue 25).
const chartSkeleton = <Skeleton.Node active style={{ width: '100%', height: 320 }} />;
const TrendChart = lazyComponent<ComponentProps<typeof Chart>>(() => import('./TrendChart').then((m) => ({ default: m.TrendChart })), chartSkeleton);
TrendChart.preload();

function Figures({ f }: { f: DashboardFigures }) {
  const items: { label: string; value: string; sub?: string; tone?: string }[] = [
    { label: '存款', value: yuan(f.deposits), sub: `${f.deposit_count} 笔`, tone: '#389e0d' },
    { label: '取款', value: yuan(f.withdrawals), sub: `${f.withdrawal_count} 笔`, tone: '#cf1322' },
    { label: '优惠', value: yuan(f.bonuses) },
    { label: '返水', value: yuan(f.rebates) },
    { label: '红包', value: yuan(f.red_packets) },
    { label: '有效投注', value: yuan(f.bets) },
    { label: 'GGR（投注-派彩）', value: yuan(f.ggr), tone: f.ggr >= 0 ? '#389e0d' : '#cf1322' },
    { label: 'NGR', value: yuan(f.ngr), tone: f.ngr >= 0 ? '#389e0d' : '#cf1322' },
    // a sign only on a sum that moved: nothing taken out reads 0.00, not -0.00
    { label: '人工调整（加款 / 扣款）', value: `${signed(f.adjustments_in, '+')} / ${signed(f.adjustments_out, '-')}` },
    { label: '新会员', value: String(f.new_members) },
  ];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 16 }}>
      {items.map((i) => (
        <div key={i.label}>
          <Card size="small">
            <Statistic title={i.label} value={i.value} styles={{ content: { color: i.tone, fontSize: 20 } }} suffix={i.sub ? <span style={{ fontSize: 12, color: '#9aa0b2' }}>{i.sub}</span> : undefined} />
          </Card>
        </div>
      ))}
    </div>
  );
}

/** Today and this month at a glance, what waits for an operator, and 30 days of trend. */
export default function DashboardPage() {
  const summary = useDashboardSummary();
  const series = useDashboardSeries(30);
  const [period, setPeriod] = useState<'today' | 'month'>('today');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title="仪表盘"
        extra={summary.data ? <Typography.Text type="secondary">数据时间 {summary.data.at}（北京时间）· 每15秒刷新</Typography.Text> : null}
      />
      {summary.isError ? <QueryError error={summary.error} retry={summary.refetch} /> : null}
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : summary.data ? (
        <>
          <Row gutter={[12, 12]}>
            {PENDING_QUEUES.map((p) => {
              const n = summary.data.pending[p.key];
              const body = (
                // equal heights, each label on one line (issue 34: 支付通道已暂停 wrapped and stood taller)
                <Card size="small" hoverable={!!p.path} data-testid={`pending-${p.key}`} style={{ height: '100%' }}>
                  <Statistic title={<Space size={4} style={{ whiteSpace: 'nowrap' }}>{p.label}{n > 0 ? <Badge status="processing" color="#cf1322" /> : null}</Space>} value={n} styles={{ content: { color: n > 0 ? '#cf1322' : undefined } }} />
                </Card>
              );
              return (
                // one row of equal cards at 1440 wide, however many queues there are (issue 34: none wraps alone)
                <Col flex="1 0 128px" key={p.key}>
                  {p.path ? <Link to={p.path} style={{ display: 'block', height: '100%' }}>{body}</Link> : body}
                </Col>
              );
            })}
          </Row>
          <Card
            size="small"
            title={
              <Space>
                经营数据
                <Segmented value={period} onChange={(v) => setPeriod(v as 'today' | 'month')} options={[{ value: 'today', label: '今日' }, { value: 'month', label: '本月' }]} />
              </Space>
            }
            extra={<span>在线会员 <b data-testid="online">{summary.data.online}</b></span>}
          >
            <Figures f={summary.data[period]} />
          </Card>
        </>
      ) : null}
      <Card size="small" title="近30天趋势">
        {series.isError ? (
          <QueryError error={series.error} retry={series.refetch} />
        ) : series.isPending ? (
          chartSkeleton
        ) : series.data.days.length === 0 ? (
          <Empty description="暂无数据" />
        ) : (
          <TrendChart days={series.data.days} />
        )}
      </Card>
    </Space>
  );
}
