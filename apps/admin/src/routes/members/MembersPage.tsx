import { memberSearchSchema, type AdminMemberRow } from '@casino/contract';
import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type dayjs from 'dayjs';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { listMembers, membersKey, type MemberFilters } from '../../hooks/api/members';
import { useTable } from '../../hooks/use-table';
import { dayRange, yuan } from '../../lib/format';
import { RiskLevelTag } from './RiskParts'; // issue 36
import { zodRule } from '../../lib/zod-rule';

interface FormValues extends Omit<MemberFilters, 'registered_from' | 'registered_to'> {
  registered?: [dayjs.Dayjs | null, dayjs.Dayjs | null];
}

const columns: ColumnsType<AdminMemberRow> = [
  { title: '会员账号', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
  { title: '真实姓名', dataIndex: 'realname', render: (v: string, r) => (v ? <Space size={4}>{v}{r.realname_verified ? <Tag color="green">已实名</Tag> : null}</Space> : '-') },
  { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '-' },
  { title: 'VIP', dataIndex: 'vip', width: 70, render: (v: number) => <Tag color="gold">VIP{v}</Tag> },
  { title: '中心钱包', dataIndex: 'balance', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
  // issue 34 point 7: the agent the member belongs to now (follows a move), by username and code
  {
    title: '推荐人',
    dataIndex: 'agent',
    render: (a: AdminMemberRow['agent'], r) =>
      a ? (
        <Space size={4}>
          <Link to={`/members/${encodeURIComponent(a.username)}`}>{a.username}</Link>
          <Typography.Text type="secondary">{a.code}</Typography.Text>
        </Space>
      ) : (
        r.referrer || '-'
      ),
  },
  { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">冻结</Tag>) },
  // issue 36: 正常 / 观察 / 限制优惠 / 提款必审
  { title: '风险等级', dataIndex: 'risk_level', width: 100, render: (v: AdminMemberRow['risk_level']) => <RiskLevelTag level={v} /> },
  { title: '注册时间', dataIndex: 'created_at', width: 170 },
  { title: '最后登录', dataIndex: 'last_login_at', width: 230, render: (v: string | null, r) => (v ? `${v}${r.last_login_ip ? ` · ${r.last_login_ip}` : ''}` : '-') },
  { title: '操作', key: 'op', fixed: 'right', width: 90, render: (_, r) => <Link to={`/members/${encodeURIComponent(r.username)}`}>查看详情</Link> },
];

/** Member search: every filter is applied by the server, page by page. */
export default function MembersPage() {
  const [form] = Form.useForm<FormValues>();
  const table = useTable<AdminMemberRow, MemberFilters>(membersKey, listMembers);

  const search = (v: FormValues) => {
    const { registered, ...rest } = v;
    const r = dayRange(registered);
    table.search({ ...rest, registered_from: r.from, registered_to: r.to });
  };

  return (
    <>
      <PageTitle title="会员管理" />
      <Card className="filters" size="small">
        <Form form={form} onFinish={search} labelCol={{ flex: '72px' }}>
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item name="username" label="会员账号">
                <Input allowClear placeholder="账号开头匹配" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="realname" label="真实姓名">
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="mobile" label="手机号" rules={[zodRule(memberSearchSchema, 'mobile')]}>
                <Input allowClear maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="referrer" label="推荐人">
                <Input allowClear placeholder="推荐码" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="vip" label="VIP等级">
                <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="status" label="状态">
                <Select allowClear placeholder="全部" options={[{ value: 1, label: '正常' }, { value: 0, label: '冻结' }]} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="registered" label="注册日期">
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item label="余额范围" required={false}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="balance_min" noStyle>
                    <InputNumber min={0} precision={2} placeholder="最低" style={{ width: '50%' }} />
                  </Form.Item>
                  <Form.Item name="balance_max" noStyle dependencies={['balance_min']} rules={[zodRule(memberSearchSchema, 'balance_max')]}>
                    <InputNumber min={0} precision={2} placeholder="最高" style={{ width: '50%' }} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
          </Row>
          <SearchActions
            style={{ display: 'flex', justifyContent: 'flex-end' }}
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      <TableCard<AdminMemberRow> table={table} rowKey="id" columns={columns} scroll={{ x: 1320 }} />
    </>
  );
}
