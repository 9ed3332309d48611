import { adminChatSearchSchema, type ChatSearchRow } from '@casino/contract';
import { Button, Card, Col, DatePicker, Drawer, Form, Image, Input, Row, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { SearchActions } from '../../components/SearchActions';
import { chatKey, searchChats, useConversationMessages, type ChatSearchFilters } from '../../hooks/api/chat';
import { TableCard } from '../../components/TableCard';
import { useTable } from '../../hooks/use-table';
import { dayRange } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { MessageList } from './MessageList';

type FormValues = { username?: string; text?: string; range?: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null };

const SENDER: Record<ChatSearchRow['sender'], string> = { member: '会员', operator: '客服', system: '系统' };
const STATE: Record<ChatSearchRow['state'], { text: string; color: string }> = {
  queued: { text: '排队中', color: 'blue' },
  open: { text: '接待中', color: 'green' },
  closed: { text: '已结束', color: 'default' },
};

function ConversationDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const msgs = useConversationMessages(id);
  return (
    <Drawer open={id !== null} onClose={onClose} size={520} title={`会话 #${id ?? ''}`} destroyOnHidden>
      {msgs.error ? <QueryError error={msgs.error} retry={msgs.reload} /> : null}
      <MessageList messages={msgs.messages} hasMore={msgs.hasMore} loading={msgs.loading} onOlder={msgs.older} height={720} />
    </Drawer>
  );
}

/** 聊天记录: every message, searched by member, text (2 characters or more) and date, newest first. */
export default function ChatHistoryPage() {
  const [form] = Form.useForm<FormValues>();
  const table = useTable<ChatSearchRow, ChatSearchFilters>([...chatKey, 'search'], searchChats);
  const [open, setOpen] = useState<number | null>(null);
  const search = ({ range, ...rest }: FormValues) => table.search({ ...rest, ...dayRange(range) });

  const columns: ColumnsType<ChatSearchRow> = [
    { title: '时间', dataIndex: 'created_at', width: 170 },
    { title: '会员', dataIndex: 'username', width: 120, render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '发送方', key: 'sender', width: 120, render: (_, r) => (r.sender === 'operator' ? `客服 ${r.operator_name}` : SENDER[r.sender]) },
    {
      title: '内容',
      key: 'content',
      render: (_, r) => (r.picture ? <Image src={r.picture} width={64} alt="图片" /> : <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{r.text}</span>),
    },
    { title: '会话', key: 'conv', width: 150, render: (_, r) => <Tag color={STATE[r.state].color}>#{r.conversation_id} {STATE[r.state].text}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, r) => (
        <Button size="small" type="link" onClick={() => setOpen(r.conversation_id)}>
          查看会话
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="聊天记录" />
      <Card className="filters" size="small">
        <Form form={form} onFinish={search}>
          <Row gutter={16}>
            <Col span={5}>
              <Form.Item name="username" label="会员" rules={[zodRule(adminChatSearchSchema, 'username')]}>
                <Input allowClear placeholder="会员账号" />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="text" label="内容" rules={[zodRule(adminChatSearchSchema, 'text')]}>
                <Input allowClear placeholder="至少2个字符" />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="range" label="日期">
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={5} style={{ textAlign: 'right' }}>
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
      <TableCard<ChatSearchRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: '没有符合条件的聊天记录' }} />
      <ConversationDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
