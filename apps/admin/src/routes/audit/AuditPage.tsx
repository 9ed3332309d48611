import { auditListSchema, AUDIT_ACTION_NAMES, type AuditRow } from '@casino/contract';
import { Card, Col, DatePicker, Form, Input, Row, Select, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type dayjs from 'dayjs';
import { AuditDetail } from '../../components/AuditDetail';
import { PageTitle } from '../../components/PageTitle';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { auditKey, listAudit, type AuditFilters } from '../../hooks/api/audit';
import { useTable } from '../../hooks/use-table';
import { dayRange } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';

interface FormValues {
  operator?: string;
  action?: string;
  target?: string;
  range?: [dayjs.Dayjs | null, dayjs.Dayjs | null];
}

const columns: ColumnsType<AuditRow> = [
  { title: '时间', dataIndex: 'created_at', width: 160 },
  { title: '操作员', dataIndex: 'operator', width: 100 },
  { title: '地址', dataIndex: 'ip', width: 120 },
  // names from the contract's dictionary (issue 25); the codes stay in the tooltips, for the filters
  {
    title: '动作',
    dataIndex: 'action',
    width: 130,
    render: (a: string, r) => (
      <Tooltip title={a}>
        <span>{r.action_name}</span>
      </Tooltip>
    ),
  },
  {
    title: '对象',
    dataIndex: 'target',
    width: 200,
    render: (t: string, r) => (
      <Tooltip title={t}>
        <Tag>{r.target_name}</Tag>
      </Tooltip>
    ),
  },
  { title: '详情（前 / 后）', dataIndex: 'detail', width: 360, render: (d: Record<string, unknown>, r) => <AuditDetail action={r.action} detail={d} /> },
];

/** the action filter by name (issue 25): whole areas (a code prefix ending in '.') first, then each action */
const AREAS: [string, string][] = [
  ['member.', '会员操作（全部）'],
  ['deposit.', '存款审核（全部）'],
  ['withdrawal.', '取款审核（全部）'],
  ['operator.', '操作员管理（全部）'],
  ['chat.', '在线客服（全部）'],
];
const ACTION_OPTIONS = [
  ...AREAS.map(([value, label]) => ({ value, label })),
  ...Object.entries(AUDIT_ACTION_NAMES).map(([value, label]) => ({ value, label })),
];

/**
 * The 对象 filter as operators fill it: the server matches a target code exactly
 * (withdrawal:W2026..., deposit:D2026...), which no screen shows; an order number the tables
 * show (and copy) is taken as its order's code. A code typed whole passes as it is.
 */
function targetCode(input: string | undefined): string | undefined {
  const t = input?.trim();
  if (!t) return undefined;
  if (/^W\d{10,}$/.test(t)) return `withdrawal:${t}`;
  if (/^D\d{10,}$/.test(t)) return `deposit:${t}`;
  return t;
}

/** The append-only audit log, newest first, filtered on the server. */
export default function AuditPage() {
  const [form] = Form.useForm<FormValues>();
  const table = useTable<AuditRow, AuditFilters>(auditKey, listAudit);
  const search = ({ range, target, ...rest }: FormValues) => table.search({ ...rest, target: targetCode(target), ...dayRange(range) });

  return (
    <>
      <PageTitle title="审计日志" />
      <Card className="filters" size="small">
        <Form form={form} onFinish={search}>
          <Row gutter={16}>
            <Col span={5}>
              <Form.Item name="operator" label="操作员" rules={[zodRule(auditListSchema, 'operator')]}>
                <Input allowClear placeholder="账号" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="action" label="动作">
                <Select allowClear showSearch={{ filterOption: (input, o) => `${o?.label} ${o?.value}`.toLowerCase().includes(input.trim().toLowerCase()) }} placeholder="全部动作" options={ACTION_OPTIONS} popupMatchSelectWidth={false} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="target" label="对象">
                <Input allowClear placeholder="取款或存款单号" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="range" label="日期">
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={4} style={{ textAlign: 'right' }}>
              <SearchActions
                onReset={() => {
                  form.resetFields();
                  table.reset();
                }}
              />
            </Col>
          </Row>
        </Form>
      </Card>
      <TableCard<AuditRow> table={table} rowKey="id" columns={columns} />
    </>
  );
}
