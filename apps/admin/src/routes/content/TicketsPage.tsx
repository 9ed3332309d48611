import { adminTicketReplySchema, TICKET_STATES, type AdminTicketRow } from '@casino/contract';
import { Alert, App, Button, Card, Descriptions, Drawer, Empty, Form, Input, Popconfirm, Select, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { listTickets, ticketsKey, useTicket, useTicketAction, type TicketFilters } from '../../hooks/api/inbox';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';
import { CutText } from '../../components/CutText';

const STATE_COLOR = { 0: 'orange', 1: 'blue', 2: 'default' } as const;

/** 留言工单: messages left on the customer-service page (/support/), answered here. */
export default function TicketsPage() {
  const [form] = Form.useForm<TicketFilters>();
  const table = useTable<AdminTicketRow, TicketFilters>(ticketsKey, listTickets, { initialParams: { state: 0 }, refetchInterval: 30_000 });
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: ColumnsType<AdminTicketRow> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '留言人',
      key: 'who',
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.name || '（未留称呼）'}</span>
          <Typography.Text copyable={{ text: r.contact }} style={{ fontSize: 12 }}>
            {r.contact}
          </Typography.Text>
          {r.member ? <Tag color="blue">会员 {r.member}</Tag> : <Tag>访客</Tag>}
        </Space>
      ),
    },
    { title: '内容', dataIndex: 'excerpt', render: (v: string) => <CutText text={v} width={380} rows={2} /> },
    { title: '回复', dataIndex: 'replies', width: 70, align: 'right' },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: 0 | 1 | 2) => <Tag color={STATE_COLOR[v]}>{TICKET_STATES[v]}</Tag> },
    { title: '留言时间', dataIndex: 'created_at', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.state === 2 ? '查看' : '处理'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="留言工单" />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" initialValues={{ state: 0 }} onFinish={(v) => table.search(v)}>
          <Form.Item name="state" label="状态">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={Object.entries(TICKET_STATES).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
          <Form.Item name="contact" label="联系方式">
            <Input allowClear placeholder="完整的联系方式" maxLength={100} />
          </Form.Item>
          <SearchActions
            onReset={() => {
              form.resetFields();
              table.reset();
            }}
          />
        </Form>
      </Card>
      <TableCard<AdminTicketRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: '没有符合条件的留言' }} />
      {openId !== null ? <TicketDrawer id={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function TicketDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const ticket = useTicket(id);
  const action = useTicketAction();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string; username?: string }>();
  const [error, setError] = useState<string | null>(null);
  const t = ticket.data;

  const run = async (kind: 'reply' | 'close') => {
    let body: { id: number; content?: string; username?: string } = { id };
    if (kind === 'reply') {
      try {
        const v = await form.validateFields();
        body = { id, content: v.content, username: v.username || undefined };
      } catch {
        return;
      }
    }
    setError(null);
    try {
      const env = await action.mutateAsync({ action: kind, body });
      message.success(env.message);
      if (kind === 'reply') form.resetFields();
      await ticket.refetch();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Drawer open width={640} title={`留言 #${id}`} onClose={onClose} destroyOnHidden>
      {ticket.isError ? <QueryError error={ticket.error} retry={ticket.refetch} title="留言加载失败" /> : null}
      {!t ? (
        ticket.isLoading ? <Skeleton active /> : null
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLOR[t.state]}>{TICKET_STATES[t.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="称呼">{t.name || '（未留称呼）'}</Descriptions.Item>
            <Descriptions.Item label="联系方式">
              <Typography.Text copyable strong>
                {t.contact}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="会员">
              {t.member ? (
                <Space>
                  <Link to={`/members/${encodeURIComponent(t.member)}`}>{t.member}</Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t.member_source === 'contact' ? '联系方式与该会员账号一致（访客表单，未经登录验证）' : '回复已发送到该会员站内信'}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">访客（未匹配到会员，请按联系方式联系）</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="留言时间">{t.created_at}</Descriptions.Item>
            <Descriptions.Item label="来源">
              <span style={{ fontSize: 12 }}>
                {t.ip} · {t.user_agent || '未知设备'}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title="留言内容">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{t.content}</Typography.Paragraph>
          </Card>
          <Card size="small" title={`回复记录（${t.replies_list.length}）`}>
            {t.replies_list.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未回复" />
            ) : (
              <Timeline
                items={t.replies_list.map((r) => ({
                  content: (
                    <Space orientation="vertical" size={2}>
                      <span style={{ fontSize: 12, color: '#5b6276' }}>
                        {r.created_at} · {r.operator} · {r.member ? `已发到 ${r.member} 的站内信` : '未发送站内信（访客）'}
                      </span>
                      <span style={{ whiteSpace: 'pre-wrap' }}>{r.content}</span>
                    </Space>
                  ),
                }))}
              />
            )}
          </Card>
          {error ? <Alert type="error" showIcon title={error} data-testid="ticket-error" /> : null}
          {t.state !== 2 ? (
            <Card size="small" title="回复">
              <Form form={form} layout="vertical">
                <Form.Item name="content" label="回复内容" rules={[zodRule(adminTicketReplySchema, 'content')]}>
                  <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t.member ? '将以站内信发送给会员' : '访客无法收到站内信：请按联系方式联系，并在此记录处理结果'} />
                </Form.Item>
                <Form.Item name="username" label="发送给会员（可选：填写会员账号，回复将发到其站内信）" extra={t.member ? `留空则发给 ${t.member}` : undefined}>
                  <Input maxLength={32} allowClear />
                </Form.Item>
                <Space>
                  <Popconfirm title="发送这条回复？" okText="发送" cancelText="取消" onConfirm={() => run('reply')}>
                    <Button type="primary" loading={action.isPending} data-testid="ticket-reply">
                      回复
                    </Button>
                  </Popconfirm>
                  <Popconfirm title="关闭这条留言？关闭后不能再回复。" okText="关闭" okButtonProps={{ danger: true }} cancelText="取消" onConfirm={() => run('close')}>
                    <Button danger>关闭留言</Button>
                  </Popconfirm>
                </Space>
              </Form>
            </Card>
          ) : (
            <Alert type="info" showIcon title="该留言已关闭" />
          )}
        </Space>
      )}
    </Drawer>
  );
}
