import type { AdminVenueExposureRow } from '@casino/contract';
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { useVenueExposure } from '../../hooks/api/games';
import { yuan } from '../../lib/format';

const money = (v: number) => <span className="tabular">{yuan(v)}</span>;

const columns: ColumnsType<AdminVenueExposureRow> = [
  {
    title: '场馆',
    key: 'venue',
    render: (_, r) => (
      <span>
        <b>{r.name}</b>{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.platform}
        </Typography.Text>
      </span>
    ),
  },
  {
    title: '状态',
    key: 'state',
    width: 150,
    render: (_, r) => (
      <>
        {r.state === 1 ? <Tag color="green">开放</Tag> : <Tag color="orange">维护中</Tag>}
        {r.listed === 1 ? null : <Tag>已下架</Tag>}
      </>
    ),
  },
  { title: '持有余额的会员', dataIndex: 'members', align: 'right', width: 140, sorter: (a, b) => a.members - b.members, render: (v: number) => <span className="tabular">{v}</span> },
  { title: '会员余额合计（元）', dataIndex: 'total', align: 'right', width: 170, sorter: (a, b) => a.total - b.total, defaultSortOrder: 'descend', render: money },
  { title: '清算账户（元）', dataIndex: 'clearing', align: 'right', width: 150, render: money },
  { title: '在途转入（元）', dataIndex: 'pending', align: 'right', width: 140, render: (v: number) => (v > 0 ? <span className="age-warn tabular">{yuan(v)}</span> : money(v)) },
];

/** Per venue: members holding a balance there and what they hold; our clearing account beside it. */
export default function ExposurePage() {
  const q = useVenueExposure();
  return (
    <>
      <PageTitle
        title="场馆敞口"
        extra={
          <RefreshButton query={q} />
        }
      />
      {q.isError ? <QueryError error={q.error} retry={q.refetch} /> : null}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card size="small" loading={q.isPending}>
            <Statistic title="持有场馆余额的会员（人次）" value={q.data?.members ?? 0} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" loading={q.isPending}>
            <Statistic title="会员场馆余额合计（元）" value={yuan(q.data?.total ?? 0)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" loading={q.isPending}>
            <Statistic title="清算账户合计（元）" value={yuan(q.data?.clearing ?? 0)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" style={{ height: '100%' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              会员余额为各场馆最近一次报告的余额；清算账户为账本中转入该场馆的净额（转入减转出），两者之差即会员在场馆的净输赢。
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Card size="small">
        <Table<AdminVenueExposureRow> size="middle" rowKey="platform" columns={columns} dataSource={q.data?.rows ?? []} loading={q.isFetching} pagination={false} locale={{ emptyText: '暂无场馆' }} />
      </Card>
    </>
  );
}
