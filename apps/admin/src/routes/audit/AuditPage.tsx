import { auditListSchema, type AuditRow } from '@casino/contract';
import { Card, Col, DatePicker, Form, Input, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type dayjs from 'dayjs';
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

/** Names of the actions operators see most; others show their code. */
export const ACTION_LABELS: Record<string, string> = {
  login: '登录',
  'login.refused': '登录被拒绝',
  'member.adjust': '余额调整',
  'member.freeze': '冻结会员',
  'member.unfreeze': '解冻会员',
  'member.password.reset': '重置登录密码',
  'member.paypassword.reset': '重置支付密码',
  'member.sessions.end': '结束会话',
  'member.venues.recover': '回收场馆余额',
  'member.vip': '修改VIP',
  'member.message': '发送站内信',
  'member.note': '内部备注',
  'member.realname': '实名状态',
  'member.card.reveal': '查看完整卡号',
  'withdrawal.claim': '预备出款',
  'withdrawal.release': '释放取款单',
  'withdrawal.approve_first': '取款初审通过',
  'withdrawal.approve': '取款审核通过',
  'withdrawal.reject': '取款拒绝',
  'withdrawal.reveal_cards': '查看取款完整卡号',
  'deposit.approve': '存款入账',
  'deposit.reject': '存款拒绝',
  'deposit_account.create': '新增收款账户',
  'deposit_account.update': '修改收款账户',
  'transfer.settle': '处理待定转账',
  'reconciliation.resolve': '处理对账差异',
  'red_packet_rule.create': '新增红包规则',
  'red_packet_rule.update': '修改红包规则',
  'red_packet_rule.delete': '删除红包规则',
  'operator.create': '新建操作员',
  'operator.update': '修改操作员',
  'operator.disable': '停用操作员',
  'operator.enable': '启用操作员',
  'operator.password.reset': '重置操作员密码',
  'operator.password.self': '修改自己的密码',
  'operator.totp.enable': '开启两步验证',
  'operator.totp.disable': '关闭两步验证',
  'operator.totp.reset': '重置两步验证',
  'role.create': '新建角色',
  'role.update': '修改角色',
  'settings.update': '修改设置',
  // issue 13: content, promotions, games, chat, reconciliation, reports
  'banner.create': '新增横幅',
  'banner.update': '修改横幅',
  'banner.delete': '删除横幅',
  'content.upload': '上传图片',
  'notice.create': '新增公告',
  'notice.update': '修改公告',
  'notice.delete': '删除公告',
  'article.update': '修改文章',
  'sponsor.update': '修改赞助合作',
  'bank.create': '新增银行',
  'bank.update': '修改银行',
  'activity.create': '新增活动',
  'activity.update': '修改活动',
  'activity.delete': '删除活动',
  'activity_type.create': '新增活动分类',
  'activity_type.update': '修改活动分类',
  'activity_type.delete': '删除活动分类',
  'inbox.send': '群发站内信',
  'ticket.reply': '回复工单',
  'ticket.close': '关闭工单',
  'activity_application.approve': '活动申请通过',
  'activity_application.reject': '活动申请拒绝',
  'agent_application.approve': '代理申请通过',
  'agent_application.reject': '代理申请拒绝',
  'vip_level.create': '新增VIP等级',
  'vip_level.update': '修改VIP等级',
  'vip_level.delete': '删除VIP等级',
  'rebate_run.rerun': '重新结算返水',
  'venue.update': '修改场馆',
  'game.update': '修改游戏',
  'catalogue.sync': '同步游戏目录',
  'chat.take': '接入客服会话',
  'chat.handover': '转接客服会话',
  'chat.close': '结束客服会话',
  'reconciliation.rerun': '重新对账',
  'reports.export': '导出报表',
};

const columns: ColumnsType<AuditRow> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  { title: '操作员', dataIndex: 'operator', width: 110 },
  { title: '地址', dataIndex: 'ip', width: 130 },
  {
    title: '动作',
    dataIndex: 'action',
    width: 190,
    render: (a: string) => (
      <Space size={4} orientation="vertical">
        <span>{ACTION_LABELS[a] ?? a}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '对象', dataIndex: 'target', width: 200, render: (t: string) => <Tag>{t}</Tag> },
  {
    title: '详情（前 / 后）',
    dataIndex: 'detail',
    render: (d: Record<string, unknown>) => (
      <Typography.Paragraph style={{ margin: 0, fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, wordBreak: 'break-all' }} ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}>
        {JSON.stringify(d)}
      </Typography.Paragraph>
    ),
  },
];

/** The append-only audit log, newest first, filtered on the server. */
export default function AuditPage() {
  const [form] = Form.useForm<FormValues>();
  const table = useTable<AuditRow, AuditFilters>(auditKey, listAudit);
  const search = ({ range, ...rest }: FormValues) => table.search({ ...rest, ...dayRange(range) });

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
              <Form.Item name="action" label="动作" tooltip="完整动作，或以“.”结尾的前缀（如 member.）">
                <Input allowClear placeholder="如 member." />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="target" label="对象">
                <Input allowClear placeholder="如 withdrawal:W..." />
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
