import { reconciliationResolveSchema, type ReconciliationRow } from '@casino/contract';
import { Alert, Button, Card, Form, Input, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listDifferences, reconKey, useResolveDifference, type DifferenceFilters } from '../../hooks/api/reconciliation';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';

/** the note is checked with the call's own schema: the form shows the server's message */
const NOTE_RULES = [zodRule(reconciliationResolveSchema, 'note')];

/**
 * Venue differences: a member's venue balance that our transfers and the bet feed cannot explain.
 * While one is open the member's transfers out of that venue are held; an operator looks into it
 * (at the venue, in the member's records) and resolves it with a note.
 */
export default function DifferencesPage() {
  const me = useMe();
  const [form] = Form.useForm<DifferenceFilters>();
  const table = useTable<ReconciliationRow, DifferenceFilters>([...reconKey, 'differences'], listDifferences, { initialParams: { state: 'open' }, refetchInterval: 60_000 });
  const resolve = useResolveDifference();
  const [row, setRow] = useState<ReconciliationRow | null>(null);

  const money = (v: number) => <span className="tabular">{yuan(v)}</span>;
  const columns: ColumnsType<ReconciliationRow> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '场馆', dataIndex: 'platform', width: 100, render: (_: string, r) => r.venue_name },
    { title: '转入', dataIndex: 'sent_in', align: 'right', render: money },
    { title: '转出', dataIndex: 'taken_out', align: 'right', render: money },
    { title: '注单输赢', dataIndex: 'game_result', align: 'right', render: money },
    { title: '账面应有', dataIndex: 'expected', align: 'right', render: money },
    { title: '场馆报告', dataIndex: 'reported', align: 'right', render: money },
    {
      title: '差额',
      dataIndex: 'difference',
      align: 'right',
      render: (v: number) => (
        <Tooltip title={v > 0 ? '场馆余额多于我方记录：有资金未经我方进入场馆' : '场馆余额少于我方记录'}>
          <b className="tabular" style={{ color: v > 0 ? '#cf1322' : '#d46b08' }}>
            {v > 0 ? '+' : ''}
            {yuan(v)}
          </b>
        </Tooltip>
      ),
    },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: string) => (v === 'open' ? <Tag color="red">待处理</Tag> : <Tag color="green">已处理</Tag>) },
    {
      title: '发现 / 最近核对',
      dataIndex: 'found_at',
      width: 180,
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{v}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.checked_at}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '处理',
      key: 'resolved',
      fixed: 'right',
      width: 150,
      render: (_, r) =>
        r.state === 'resolved' ? (
          <Space orientation="vertical" size={0}>
            <span>{r.note}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.resolved_by} · {r.resolved_at}
            </Typography.Text>
          </Space>
        ) : can(me.data, 'reconciliation.resolve') ? (
          <Button size="small" type="primary" onClick={() => setRow(r)}>
            标记已处理
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <>
      <PageTitle title="场馆差异" />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="每分钟核对活跃会员、每天巡检全部会员：转入 − 转出 + 注单输赢 应等于场馆报告的余额。差额两次一致才记录；记录期间该会员在此场馆的转出暂停。"
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ state: 'open' }} onFinish={(v) => table.search(v)}>
          <Form.Item name="state" label="状态">
            <Segmented
              options={[
                { value: 'open', label: '待处理' },
                { value: 'resolved', label: '已处理' },
                { value: 'all', label: '全部' },
              ]}
              onChange={() => form.submit()}
            />
          </Form.Item>
        </Form>
      </Card>
      <TableCard<ReconciliationRow>
        table={table}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1280 }}
        locale={{ emptyText: table.query.isFetching ? '加载中…' : '没有符合条件的差异' }}
        pagination={{ ...table.tableProps.pagination, pageSize: 20, showSizeChanger: false }}
      />
      {row ? (
        <ActionModal<{ note: string }>
          open
          title={`处理差异 #${row.id} · ${row.username} · ${row.platform}`}
          warning={`场馆报告 ${yuan(row.reported)}，账面应有 ${yuan(row.expected)}，差额 ${yuan(row.difference)}。标记已处理后，该会员在此场馆的转出恢复；处理说明记入审计日志。`}
          schema={reconciliationResolveSchema}
          fixed={{ id: row.id }}
          okText="确认已处理"
          onClose={() => setRow(null)}
          submit={(v) => resolve.mutateAsync({ id: row.id, note: v.note })}
        >
          <Form.Item name="note" label="处理说明" rules={NOTE_RULES}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：已在场馆扣回多出的金额" />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
}
