import type { DashboardDay } from '@casino/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// the ES build: the CommonJS one (lib/) hands Vite a module object instead of the component
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { yuan } from '../../lib/format';

// only the pieces drawn here, so the dashboard's chunk stays small
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** 30 days of deposits, withdrawals (bars) and GGR / NGR (lines), Beijing days. */
export function TrendChart({ days }: { days: DashboardDay[] }) {
  const option = {
    color: ['#2a4cb8', '#e6a23c', '#389e0d', '#cf1322'],
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${yuan(Number(v))} 元` },
    legend: { data: ['存款', '取款', 'GGR', 'NGR'], top: 0 },
    grid: { left: 60, right: 24, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => (Math.abs(v) >= 10000 ? `${v / 10000}万` : String(v)) } },
    series: [
      { name: '存款', type: 'bar', data: days.map((d) => d.deposits), barMaxWidth: 14 },
      { name: '取款', type: 'bar', data: days.map((d) => d.withdrawals), barMaxWidth: 14 },
      { name: 'GGR', type: 'line', smooth: true, data: days.map((d) => d.ggr) },
      { name: 'NGR', type: 'line', smooth: true, data: days.map((d) => d.ngr) },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 320 }} notMerge />;
}
