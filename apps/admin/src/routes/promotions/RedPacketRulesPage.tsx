import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { adminRedPacketRuleCreateSchema, beijingToday, adminRedPacketRuleDeleteSchema, type RedPacketPreviewMember } from '@casino/contract';
import { Alert, Button, Col, DatePicker, Descriptions, Drawer, Empty, Form, Input, InputNumber, Radio, Row, Space, Statistic, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listRedPacketRules, redPacketRulesKey, useRedPacketPreview, useRedPacketRuleAction, type AdminRedPacketRule } from '../../hooks/api/promotions';
import { useSettings } from '../../hooks/api/settings';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface RuleForm {
  name: string;
  start_time: string;
  end_time: string;
  deposit_min: number;
  deposit_max?: number | null;
  grabs: number;
  mode: 'fixed' | 'percent';
  amount_min?: number;
  amount_max: number;
  percent_min?: number;
  percent_max?: number;
  turnover_multiple: number;
  state: 0 | 1;
}

/** a Beijing wire time in the form, shown by a date picker */
const timeItem = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v, TIME) : undefined }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format(TIME) : undefined),
};

const toForm = (r: AdminRedPacketRule): RuleForm => ({
  name: r.name,
  start_time: r.start_time,
  end_time: r.end_time,
  deposit_min: r.recharge,
  deposit_max: r.recharge_max,
  grabs: r.day_flow,
  mode: r.mode,
  amount_min: r.mode === 'fixed' ? r.amount_min : undefined,
  amount_max: r.flow_money,
  percent_min: r.mode === 'percent' ? r.percent_min : undefined,
  percent_max: r.mode === 'percent' ? r.percent_max : undefined,
  turnover_multiple: r.turnover_multiple,
  state: r.state,
});

const fromForm = (v: RuleForm) => ({
  ...v,
  deposit_max: v.deposit_max ?? null,
  ...(v.mode === 'fixed' ? { percent_min: undefined, percent_max: undefined } : { amount_min: undefined }),
  state: v.state ? 1 : 0,
});

function RuleFields() {
  const mode = Form.useWatch('mode') as RuleForm['mode'] | undefined;
  const rule = (f: string) => [zodRule(adminRedPacketRuleCreateSchema, f)];
  return (
    <>
      <Row gutter={12}>
        <Col span={16}>
          <Form.Item name="name" label="规则名称" rules={rule('name')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="state" label="启用" getValueFromEvent={(c: boolean) => (c ? 1 : 0)} getValueProps={(v) => ({ checked: v === 1 })}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="start_time" label="开始时间（北京）" rules={rule('start_time')} {...timeItem}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="end_time" label="结束时间（北京）" rules={rule('end_time')} {...timeItem}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="deposit_min" label="存款下限（元）" rules={rule('deposit_min')}>
            <InputNumber style={{ width: '100%' }} precision={2} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="deposit_max" label="存款上限（元，空为不限）" rules={rule('deposit_max')}>
            <InputNumber style={{ width: '100%' }} precision={2} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="grabs" label="每日可抢次数" rules={rule('grabs')}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="mode" label="红包金额">
        <Radio.Group options={[{ value: 'fixed', label: '固定范围（元）' }, { value: 'percent', label: '按存款比例（%）' }]} />
      </Form.Item>
      <Row gutter={12}>
        {mode === 'percent' ? (
          <>
            <Col span={8}>
              <Form.Item name="percent_min" label="最低比例（%）" rules={rule('percent_min')}>
                <InputNumber style={{ width: '100%' }} precision={2} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="percent_max" label="最高比例（%）" rules={rule('percent_max')}>
                <InputNumber style={{ width: '100%' }} precision={2} />
              </Form.Item>
            </Col>
          </>
        ) : (
          <Col span={8}>
            <Form.Item name="amount_min" label="最低金额（元）" rules={rule('amount_min')}>
              <InputNumber style={{ width: '100%' }} precision={2} />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item name="amount_max" label={mode === 'percent' ? '单次封顶（元）' : '最高金额（元）'} rules={rule('amount_max')}>
            <InputNumber style={{ width: '100%' }} precision={2} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="turnover_multiple" label="打码倍数" rules={rule('turnover_multiple')}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Who would qualify for a rule today: the count, the deposit ranges it answers, a page of members. */
function PreviewDrawer({ rule, onClose }: { rule: AdminRedPacketRule; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const preview = useRedPacketPreview(rule.id, page);
  const d = preview.data;
  const columns: ColumnsType<RedPacketPreviewMember> = [
    { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: 'VIP', dataIndex: 'vip', width: 70, render: (v: number) => `VIP${v}` },
    { title: '窗口内存款（元）', dataIndex: 'deposits', align: 'right', render: (v: number) => <b className="tabular">{yuan(v)}</b> },
    { title: '今日已抢 / 可抢', key: 'grabs', align: 'center', render: (_, m) => `${m.grabs_used} / ${m.grabs}` },
    { title: '剩余', dataIndex: 'grabs_left', width: 70, align: 'center', render: (v: number) => (v > 0 ? <Tag color="green">{v}</Tag> : <Tag>0</Tag>) },
  ];
  return (
    <Drawer open width={720} title={`今日预览 · ${rule.name}`} onClose={onClose} destroyOnHidden>
      {preview.isError ? <QueryError error={preview.error} retry={preview.refetch} /> : null}
      {d && d.switch === 0 ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="站点红包开关已关闭：会员今日无法抢红包。" /> : null}
      {d && !d.rule.active ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="该规则未启用或不在有效期内：以下为启用后的预估。" /> : null}
      {d ? (
        <>
          <Row gutter={12} style={{ marginBottom: 12 }}>
            <Col span={8}>
              <Statistic title="今日符合条件的会员" value={d.count} />
            </Col>
            <Col span={8}>
              <Statistic title="其窗口内存款合计（元）" value={yuan(d.deposits_total)} />
            </Col>
            <Col span={8}>
              <Statistic title="每人每日可抢" value={rule.day_flow} suffix="次" />
            </Col>
          </Row>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="红包日">{d.day}（抢红包时间 10:00-12:00）</Descriptions.Item>
            <Descriptions.Item label="存款统计窗口">
              {d.window_from} 至 {d.window_to}（北京时间，不含赠送）
            </Descriptions.Item>
            <Descriptions.Item label="本规则适用的存款">
              {d.ranges.length ? d.ranges.map((r) => `${yuan(r.min)} ~ ${r.max === null ? '不限' : yuan(r.max)} 元`).join('；') : '无（已被下限更高的启用规则完全覆盖）'}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
      <Table<RedPacketPreviewMember>
        rowKey="member_id"
        size="small"
        columns={columns}
        dataSource={d?.data ?? []}
        loading={preview.isFetching}
        locale={{ emptyText: <Empty description="今日暂无符合条件的会员" /> }}
        pagination={{ current: page, pageSize: d?.per_page ?? 20, total: d?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => `共 ${n} 人` }}
      />
    </Drawer>
  );
}

/** Red-packet rules: who may grab how many a day, for how much; with a preview of today's qualifying members. */
export default function RedPacketRulesPage() {
  const me = useMe();
  const manager = can(me.data, 'promotions.manage');
  const table = useTable<AdminRedPacketRule, object>(redPacketRulesKey, listRedPacketRules);
  const action = useRedPacketRuleAction();
  const settings = useSettings();
  const [open, setOpen] = useState<{ action: 'create' | 'update' | 'delete'; row?: AdminRedPacketRule } | null>(null);
  const [preview, setPreview] = useState<AdminRedPacketRule | null>(null);
  const switchOn = settings.data?.settings.redpacket_switch;

  const columns: ColumnsType<AdminRedPacketRule> = [
    { title: '规则', dataIndex: 'name', width: 160, render: (v: string, r) => <Space orientation="vertical" size={0}><b>{v}</b><span style={{ fontSize: 12, color: '#5b6276' }}>#{r.id}</span></Space> },
    { title: '状态', dataIndex: 'state', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    { title: '有效期（北京）', key: 'time', width: 170, render: (_, r) => <span style={{ fontSize: 12 }}>{r.start_time}<br />{r.end_time}</span> },
    { title: '存款范围（元）', key: 'deposit', width: 190, align: 'right', render: (_, r) => <span className="tabular">{yuan(r.recharge)} ~ {r.recharge_max === null ? '不限' : yuan(r.recharge_max)}</span> },
    { title: '每日次数', dataIndex: 'day_flow', width: 90, align: 'center' },
    { title: '红包金额', dataIndex: 'amount_text' },
    { title: '打码', dataIndex: 'turnover_multiple', width: 70, align: 'center', render: (v: number) => `${v}倍` },
    {
      title: '操作',
      key: 'op',
      width: 230,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview(r)}>
            今日预览
          </Button>
          {manager ? (
            <>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setOpen({ action: 'update', row: r })}>
                编辑
              </Button>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => setOpen({ action: 'delete', row: r })}>
                删除
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  const row = open?.row;
  // the form's times are Beijing wall-clock, whatever the operator's own zone
  const today = beijingToday();
  const blank: Partial<RuleForm> = { mode: 'fixed', grabs: 1, turnover_multiple: 1, state: 1, start_time: `${today} 00:00:00`, end_time: `${dayjs(today).add(1, 'year').format('YYYY-MM-DD')} 23:59:59` };
  return (
    <>
      <PageTitle
        title="红包规则"
        extra={
          manager ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ action: 'create' })}>
              新建规则
            </Button>
          ) : null
        }
      />
      <Alert
        type={switchOn === 0 ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={switchOn === 0 ? '站点红包开关当前为关闭，会员无法抢红包。' : '会员按前一天12:00至当天10:00（北京时间）的存款匹配下限最高的启用规则，每天10:00-12:00抢红包。'}
        description={<span>红包开关在站点设置中修改；点击「今日预览」查看今天符合条件的会员。</span>}
      />
      <TableCard<AdminRedPacketRule> table={table} rowKey="id" columns={columns} scroll={{ x: 1100 }} locale={{ emptyText: <Empty description="暂无红包规则" /> }} pagination={{ ...(table.tableProps.pagination || {}), pageSize: 20, showSizeChanger: false }} />
      {preview ? <PreviewDrawer rule={preview} onClose={() => setPreview(null)} /> : null}
      {(open?.action === 'create' || open?.action === 'update') && (open.action === 'create' || row) ? (
        <ActionModal<RuleForm>
          open
          title={open.action === 'create' ? '新建红包规则' : `编辑红包规则 · ${row?.name}`}
          warning={open.action === 'update' ? '保存后立即生效；已抢到的红包不受影响。' : undefined}
          schema={adminRedPacketRuleCreateSchema}
          initialValues={row ? toForm(row) : blank}
          okText="保存"
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync({ action: open.action as 'create' | 'update', body: { ...fromForm(v), ...(row ? { id: row.id } : {}) } })}
        >
          <RuleFields />
        </ActionModal>
      ) : null}
      {open?.action === 'delete' && row ? (
        <ActionModal
          open
          danger
          title={`删除红包规则 · ${row.name}`}
          warning="删除后会员不再按此规则抢红包；已抢到的红包记录保留。"
          schema={adminRedPacketRuleDeleteSchema}
          fixed={{ id: row.id }}
          okText="确认删除"
          onClose={() => setOpen(null)}
          submit={() => action.mutateAsync({ action: 'delete', body: { id: row.id } })}
        />
      ) : null}
    </>
  );
}
