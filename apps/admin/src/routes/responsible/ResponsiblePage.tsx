import { RESPONSIBLE_LIST_STATES, RESPONSIBLE_STATE_NAMES, type AdminResponsibleRow, type BreakKind, type ResponsibleListState } from '@casino/contract';
import { Button, Card, Form, Input, Segmented, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listResponsible, responsibleKey, type ResponsibleFilters } from '../../hooks/api/responsible';
import { useTable } from '../../hooks/use-table';
import { BreakTag, ExtendDialog } from './parts';

interface FormValues {
  state: ResponsibleListState | '';
  username?: string;
}

const STATE_OPTIONS = [{ value: '', label: '全部' }, ...RESPONSIBLE_LIST_STATES.map((s) => ({ value: s, label: RESPONSIBLE_STATE_NAMES[s] ?? s }))];

/**
 * 自我管理 (issue 22): members with deposit or loss limits, in a time-out or in self-exclusion,
 * filtered and paged by the server. A break can only be extended here, never shortened.
 */
export default function ResponsiblePage() {
  const me = useMe();
  const manager = can(me.data, 'responsible.manage');
  const [form] = Form.useForm<FormValues>();
  const table = useTable<AdminResponsibleRow, ResponsibleFilters>(responsibleKey, listResponsible);
  const [open, setOpen] = useState<{ username: string; kind: BreakKind; endsAt: string } | null>(null);

  const search = (v: FormValues) => table.search({ state: v.state || undefined, username: v.username?.trim() || undefined });

  const columns: ColumnsType<AdminResponsibleRow> = [
    { title: '会员账号', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '状态', dataIndex: 'break_kind', render: (v: BreakKind | null) => <BreakTag kind={v} /> },
    { title: '结束时间（北京）', dataIndex: 'break_ends_at', render: (v: string | null) => v ?? '-' },
    { title: '生效中的限额', dataIndex: 'limits', render: (v: string) => (v ? v : <Typography.Text type="secondary">未设限额</Typography.Text>) },
    { title: '最近变更', dataIndex: 'last_change_at' },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_, r) =>
        r.break_kind && r.break_ends_at && manager ? (
          <Button size="small" danger onClick={() => setOpen({ username: r.username, kind: r.break_kind!, endsAt: r.break_ends_at! })} data-testid={`extend-${r.username}`}>
            延长
          </Button>
        ) : (
          <Link to={`/members/${encodeURIComponent(r.username)}`}>查看详情</Link>
        ),
    },
  ];

  return (
    <>
      <PageTitle title="自我管理" />
      <Card className="filters" size="small">
        <Form<FormValues> form={form} layout="inline" initialValues={{ state: '' }} onFinish={search}>
          <Form.Item name="state" label="状态">
            <Segmented options={STATE_OPTIONS} onChange={() => form.submit()} data-testid="responsible-state" />
          </Form.Item>
          <Form.Item name="username" label="会员账号">
            <Input allowClear style={{ width: 180 }} placeholder="完整会员账号" />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 12px' }}>
        会员自己设置的限额与冷静期由系统强制执行。冷静期和自我排除不能提前结束；操作员只能延长自我排除，每次延长都记录在审计日志中。
      </Typography.Paragraph>
      <TableCard<AdminResponsibleRow> table={table} rowKey="member_id" columns={columns} />
      {open ? <ExtendDialog username={open.username} kind={open.kind} endsAt={open.endsAt} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
