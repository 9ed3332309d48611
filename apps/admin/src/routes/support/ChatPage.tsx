import { CustomerServiceOutlined } from '@ant-design/icons';
import { type ChatConversationRow, type ChatEvent } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, List, Pagination, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { chatKey, useAllChats, useChatAction, useChatOperators, useChatQueue, useChatStream, useMyChats, type StreamState } from '../../hooks/api/chat';
import { ChatPane } from './ChatPane';
import { MemberFor } from './MemberPane';

const STREAM: Record<StreamState, { color: string; text: string }> = {
  live: { color: 'green', text: '实时连接' },
  connecting: { color: 'blue', text: '连接中…' },
  polling: { color: 'orange', text: '连接中断，每3秒刷新' },
};

const waitText = (s: number) => (s < 60 ? `${s} 秒` : s < 3600 ? `${Math.floor(s / 60)} 分钟` : `${Math.floor(s / 3600)} 小时 ${Math.floor((s % 3600) / 60)} 分`);
const waitColor = (s: number) => (s < 120 ? 'green' : s < 600 ? 'orange' : 'red');

/**
 * 在线客服: the queue (with waiting time), the operator's conversations (unread counts), the chat
 * with the member's 360 view beside it. Live over an event stream; every 3 s polling while it is down.
 */
export default function ChatPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const queue = useChatQueue();
  const mine = useMyChats();
  const take = useChatAction();
  const me = useMe();
  // supervisors (operators.manage) also see every open conversation, with the override actions in the pane
  const supervisor = can(me.data, 'operators.manage');
  const [allPage, setAllPage] = useState(1);
  const [allOperator, setAllOperator] = useState<number | undefined>();
  const all = useAllChats(allPage, allOperator, supervisor);
  const operators = useChatOperators(supervisor);
  const [selected, setSelected] = useState<number | null>(null);
  const [tab, setTab] = useState('mine');
  const [typing, setTyping] = useState<Record<number, number>>({});
  const pane = useRef<{ event: ((e: ChatEvent) => void) | null; poll: (() => void) | null }>({ event: null, poll: null });
  const bind = useCallback((event: ((e: ChatEvent) => void) | null, poll: (() => void) | null) => {
    pane.current = { event, poll };
  }, []);

  const stream = useChatStream(
    (e) => {
      if (e.type === 'queue' || e.type === 'assign' || e.type === 'ready') void qc.invalidateQueries({ queryKey: [...chatKey, 'queue'] });
      if (e.type === 'message' || e.type === 'assign' || e.type === 'ready') void qc.invalidateQueries({ queryKey: [...chatKey, 'mine'] });
      if (e.type === 'assign' || e.type === 'ready') void qc.invalidateQueries({ queryKey: [...chatKey, 'all'] });
      if (e.type === 'typing') setTyping((t) => ({ ...t, [e.conversation_id]: e.typing ? Date.now() : 0 }));
      if (e.type === 'message' && e.message.sender === 'member') setTyping((t) => ({ ...t, [e.conversation_id]: 0 }));
      pane.current.event?.(e);
    },
    () => {
      void qc.invalidateQueries({ queryKey: [...chatKey, 'queue'] });
      void qc.invalidateQueries({ queryKey: [...chatKey, 'mine'] });
      pane.current.poll?.();
    },
  );

  // a typing signal lasts 6 s unless renewed
  const [, tick] = useState(0);
  useEffect(() => {
    const t = window.setInterval(() => tick((n) => n + 1), 2000);
    return () => window.clearInterval(t);
  }, []);
  const isTyping = (id: number) => Date.now() - (typing[id] ?? 0) < 6000;

  const queued = queue.data?.total ?? 0;
  // the wait as of now: the server's figure plus the time since the queue was read
  const waited = (c: ChatConversationRow) => c.waiting_seconds + Math.max(0, Math.floor((Date.now() - queue.dataUpdatedAt) / 1000));
  const unreadTotal = (mine.data ?? []).reduce((s, c) => s + c.unread, 0);

  const listItem = (c: ChatConversationRow, action?: React.ReactNode) => (
    <List.Item
      key={c.id}
      onClick={() => setSelected(c.id)}
      style={{ cursor: 'pointer', background: c.id === selected ? '#f0f5ff' : undefined, padding: '8px 12px' }}
      actions={action ? [action] : undefined}
      data-testid={`chat-row-${c.id}`}
    >
      <List.Item.Meta
        title={
          <Space>
            <span>{c.username}</span>
            {c.state === 'queued' ? <Tag color={waitColor(waited(c))}>等待 {waitText(waited(c))}</Tag> : null}
            {c.state === 'open' && c.unread > 0 ? <Badge count={c.unread} data-testid="chat-unread" /> : null}
            {tab === 'all' && c.admin_name ? <Tag color={c.admin_id === me.data?.id ? 'gold' : 'default'}>{c.admin_name}</Tag> : null}
          </Space>
        }
        description={<Typography.Text type="secondary" ellipsis style={{ maxWidth: 200 }}>{isTyping(c.id) ? '正在输入…' : c.last_message || '（无消息）'}</Typography.Text>}
      />
    </List.Item>
  );

  return (
    <>
      <PageTitle title="在线客服" extra={<Tag color={STREAM[stream].color} data-testid="chat-stream-state">{STREAM[stream].text}</Tag>} />
      <div style={{ display: 'grid', gridTemplateColumns: '300px minmax(0, 1fr) 300px', gap: 16, alignItems: 'start' }}>
        <Card size="small" styles={{ body: { padding: 0 } }}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            centered
            items={[
              {
                key: 'mine',
                label: <Badge count={unreadTotal} size="small" offset={[8, 0]}>我的会话</Badge>,
                children: mine.isError ? (
                  <QueryError error={mine.error} retry={mine.refetch} />
                ) : (
                  <List loading={mine.isLoading} dataSource={mine.data ?? []} locale={{ emptyText: <Empty description="暂无接待中的会话" /> }} renderItem={(c) => listItem(c)} />
                ),
              },
              {
                key: 'queue',
                label: <Badge count={queued} size="small" offset={[8, 0]} color="blue">排队中</Badge>,
                children: queue.isError ? (
                  <QueryError error={queue.error} retry={queue.refetch} />
                ) : (
                  <List
                    loading={queue.isLoading}
                    dataSource={queue.data?.data ?? []}
                    locale={{ emptyText: <Empty description="没有排队的会员" /> }}
                    renderItem={(c) =>
                      listItem(
                        c,
                        <Popconfirm
                          title={`接入 ${c.username} 的会话？`}
                          okText="接入"
                          cancelText="取消"
                          onConfirm={() =>
                            take.mutateAsync({ action: 'take', body: { conversation_id: c.id } }).then(
                              (r) => {
                                message.success(r.message);
                                setSelected(c.id);
                                setTab('mine');
                              },
                              (e) => message.error(errorText(e)),
                            )
                          }
                        >
                          <Button size="small" type="primary" onClick={(e) => e.stopPropagation()} data-testid={`chat-take-${c.id}`}>
                            接入
                          </Button>
                        </Popconfirm>,
                      )
                    }
                  />
                ),
              },
              ...(supervisor
                ? [
                    {
                      key: 'all',
                      label: <span data-testid="chat-tab-all">全部会话</span>,
                      children: (
                        <>
                          <div style={{ padding: '8px 12px 0' }}>
                            <Select
                              allowClear
                              size="small"
                              style={{ width: '100%' }}
                              placeholder="全部客服"
                              loading={operators.isLoading}
                              value={allOperator}
                              onChange={(v: number | undefined) => {
                                setAllOperator(v);
                                setAllPage(1);
                              }}
                              options={(operators.data ?? []).map((o) => ({ value: o.id, label: `${o.username}（接待中 ${o.open}）` }))}
                              data-testid="chat-all-operator"
                            />
                          </div>
                          {all.isError ? (
                            <QueryError error={all.error} retry={all.refetch} />
                          ) : (
                            <List
                              loading={all.isLoading}
                              dataSource={all.data?.data ?? []}
                              locale={{ emptyText: <Empty description="没有接待中的会话" /> }}
                              renderItem={(c) => listItem(c)}
                            />
                          )}
                          {(all.data?.total ?? 0) > 50 ? (
                            <div style={{ padding: 8, textAlign: 'center' }}>
                              <Pagination size="small" simple current={allPage} pageSize={50} total={all.data?.total ?? 0} onChange={setAllPage} />
                            </div>
                          ) : null}
                        </>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        {selected !== null ? (
          <ChatPane key={selected} conversationId={selected} typing={isTyping(selected)} bind={bind} />
        ) : (
          <Card size="small">
            <Empty image={<CustomerServiceOutlined style={{ fontSize: 48, color: '#c0c4cc' }} />} description="从左侧选择会话，或从排队中接入新会员" />
          </Card>
        )}
        {selected !== null ? <MemberFor conversationId={selected} /> : <div />}
      </div>
    </>
  );
}
