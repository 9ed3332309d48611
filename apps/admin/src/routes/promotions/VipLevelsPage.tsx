import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { adminVipLevelCreateSchema, adminVipLevelDeleteSchema, VIP_RATE_FIELDS, VIP_RATE_LABELS, type AdminVipLevelRow } from '@casino/contract';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { can, useMe } from '../../hooks/api/auth';
import { useVipLevelAction, useVipLevels } from '../../hooks/api/promotions';
import { WIDE_TABLE } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';

type LevelForm = Omit<AdminVipLevelRow, 'retention_flow' | 'level'>;

const pct = (v: number) => `${v.toFixed(2)}%`;

/**
 * VIP levels: promotion thresholds (cumulative deposit and valid bets) and the daily rebate rate
 * per game category. The member's VIP page and the next rebate settlement use what is saved here.
 */
export default function VipLevelsPage() {
  const me = useMe();
  const levels = useVipLevels();
  const action = useVipLevelAction();
  const manager = can(me.data, 'promotions.manage');
  const [open, setOpen] = useState<{ action: 'create' | 'update' | 'delete'; row?: AdminVipLevelRow } | null>(null);
  const rows = levels.data?.data ?? [];
  const top = rows.length ? rows[rows.length - 1] : undefined;

  const columns: ColumnsType<AdminVipLevelRow> = [
    { title: '等级', dataIndex: 'level', width: 80, fixed: 'left', render: (v: number) => <Tag color="gold">VIP{v}</Tag> },
    { title: '名称', dataIndex: 'name', width: 90 },
    {
      title: '晋级门槛（元）',
      key: 'threshold',
      width: 175,
      render: (_, r) => (
        <Space orientation="vertical" size={0} className="tabular" style={{ fontSize: 13 }}>
          <span>累计存款 {yuan(r.recharge)}</span>
          <span>累计流水 {yuan(r.flow)}</span>
        </Space>
      ),
    },
    { title: '每周期保级流水', dataIndex: 'retention_flow', width: 130, align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
    ...VIP_RATE_FIELDS.map((f) => ({ title: VIP_RATE_LABELS[f], dataIndex: f, width: 80, align: 'right' as const, render: (v: number) => <span className="tabular">{pct(v)}</span> })),
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 140,
      render: (_, r) =>
        manager ? (
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setOpen({ action: 'update', row: r })}>
              编辑
            </Button>
            {r.level === top?.level && rows.length > 1 ? (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => setOpen({ action: 'delete', row: r })}>
                删除
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  const row = open?.row;
  const nextLevel = (top?.level ?? 0) + 1;
  const formFields = (
    <>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="name" label="等级名称" rules={[zodRule(adminVipLevelCreateSchema, 'name')]}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="recharge" label="累计存款门槛（元）" rules={[zodRule(adminVipLevelCreateSchema, 'recharge')]}>
            <InputNumber style={{ width: '100%' }} precision={2} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="flow" label="累计流水门槛（元）" rules={[zodRule(adminVipLevelCreateSchema, 'flow')]}>
            <InputNumber style={{ width: '100%' }} precision={2} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">每日返水比例（%，按有效投注计算，最多两位小数）</Typography.Text>
      <Row gutter={12} style={{ marginTop: 8 }}>
        {VIP_RATE_FIELDS.map((f) => (
          <Col span={8} key={f}>
            <Form.Item name={f} label={VIP_RATE_LABELS[f]} rules={[zodRule(adminVipLevelCreateSchema, f)]}>
              <InputNumber style={{ width: '100%' }} step={0.05} precision={2} suffix="%" />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );

  return (
    <>
      <PageTitle
        title="VIP等级"
        extra={
          <Space>
            <RefreshButton query={levels} />
            {manager ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ action: 'create' })} disabled={!levels.data}>
                新增 VIP{nextLevel}
              </Button>
            ) : null}
          </Space>
        }
      />
      {levels.isError ? <QueryError error={levels.error} retry={levels.refetch} /> : null}
      {levels.data ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`晋级：累计存款与累计流水同时达到下一级门槛，每晚逐级晋升。保级：每 ${levels.data.retention_days} 天需完成本级累计流水的 ${levels.data.retention_percent}%，未完成降一级。`}
          description={
            <span>
              保级比例与周期在 <Link to="/promotions/settings">优惠设置</Link> 中修改。修改后会员端 VIP 页面立即显示（其他服务器数秒内），下一次返水结算按新比例计算。
            </span>
          }
        />
      ) : null}
      <Card size="small">
        <Table<AdminVipLevelRow>
          rowKey="level"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={levels.isFetching && !levels.isError}
          pagination={false}
          {...WIDE_TABLE}
          locale={{ emptyText: <Empty description="暂无VIP等级" /> }}
        />
      </Card>

      {open?.action === 'create' ? (
        <ActionModal<LevelForm>
          open
          title={`新增 VIP${nextLevel}`}
          warning={top ? `门槛不能低于 VIP${top.level}（累计存款 ${yuan(top.recharge)} 元，累计流水 ${yuan(top.flow)} 元）。` : undefined}
          schema={adminVipLevelCreateSchema}
          fixed={{ level: nextLevel }}
          initialValues={top ? { ...top, name: '' } : undefined}
          okText="确认新增"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: 'create', body: { ...v, level: nextLevel } })}
        >
          {formFields}
        </ActionModal>
      ) : null}
      {open?.action === 'update' && row ? (
        <ActionModal<LevelForm>
          open
          title={`编辑 VIP${row.level} · ${row.name}`}
          warning="保存后会员端 VIP 页面显示新门槛与比例，下一次返水结算按新比例计算；已结算的返水不变（可在返水结算中重算未领取的日期）。"
          schema={adminVipLevelCreateSchema}
          fixed={{ level: row.level }}
          initialValues={row}
          okText="保存"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: 'update', body: { ...v, level: row.level } })}
        >
          {formFields}
        </ActionModal>
      ) : null}
      {open?.action === 'delete' && row ? (
        <ActionModal
          open
          danger
          title={`删除 VIP${row.level} · ${row.name}`}
          warning="只能删除最高等级，且该等级下没有会员时才能删除。此操作会记录在审计日志中。"
          schema={adminVipLevelDeleteSchema}
          fixed={{ level: row.level }}
          okText="确认删除"
          onClose={() => setOpen(null)}
          submit={() => action.mutateAsync({ action: 'delete', body: { level: row.level } })}
        />
      ) : null}
    </>
  );
}
