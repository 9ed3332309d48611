import type { PaymentChannelDay } from '@casino/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// the ES build, as the dashboard's chart (the CommonJS one hands Vite a module object)
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** a channel's days: orders and paid orders (bars, left), credited yuan (line, right) */
export function StatsChart({ days }: { days: PaymentChannelDay[] }) {
  const option = {
    // a few points: drawn at once (also what a screenshot or a quick look sees)
    animation: false,
    color: ['#9aa9d8', '#2a4cb8', '#389e0d'],
    tooltip: { trigger: 'axis' },
    legend: { data: ['订单', '成功', '入账金额'], top: 0 },
    grid: { left: 48, right: 72, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: '笔', minInterval: 1 },
      { type: 'value', name: '元', axisLabel: { formatter: (v: number) => (Math.abs(v) >= 10000 ? `${v / 10000}万` : String(v)) } },
    ],
    series: [
      { name: '订单', type: 'bar', data: days.map((d) => d.orders), barMaxWidth: 12 },
      { name: '成功', type: 'bar', data: days.map((d) => d.paid), barMaxWidth: 12 },
      { name: '入账金额', type: 'line', yAxisIndex: 1, data: days.map((d) => d.volume) },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 260 }} notMerge />;
}
