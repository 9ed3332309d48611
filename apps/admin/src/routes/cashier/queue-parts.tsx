import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { ageClass, ageText, minutesSince, yuan } from '../../lib/format';

/** The cashier queues' order cell: the number (copyable), when it came, and how long it has waited while open. */
export function OrderCell({ no, createdAt, waiting }: { no: string; createdAt: string; waiting: boolean }) {
  const age = minutesSince(createdAt);
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text copyable={{ text: no }} style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>
        {no}
      </Typography.Text>
      <span style={{ fontSize: 12, color: '#5b6276' }}>{createdAt}</span>
      {waiting ? <span className={ageClass(age)} style={{ fontSize: 12 }}>已等待 {ageText(age)}</span> : null}
    </Space>
  );
}

/** A queue's figures: matching orders, the page's sum, and what the waiting colours mean. */
export function QueueSummary({ total, pageSum }: { total: number; pageSum: number }) {
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col span={6}>
        <Card size="small"><Statistic title="符合条件的笔数" value={total} /></Card>
      </Col>
      <Col span={6}>
        <Card size="small"><Statistic title="本页金额合计（元）" value={yuan(pageSum)} /></Card>
      </Col>
      <Col span={12}>
        <Card size="small" style={{ height: '100%' }}>
          <Space style={{ fontSize: 12 }} wrap>
            等待时长：<span className="age-fresh">● 10分钟内</span><span className="age-warn">● 10-30分钟</span><span className="age-late">● 超过30分钟</span>
            <span style={{ color: '#9aa0b2' }}>每15秒自动刷新</span>
          </Space>
        </Card>
      </Col>
    </Row>
  );
}

/** 刷新 (components/RefreshButton), kept here for the cashier queues */
export { RefreshButton } from '../../components/RefreshButton';
