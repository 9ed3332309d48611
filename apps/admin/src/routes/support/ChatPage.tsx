import { CustomerServiceOutlined, PictureOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import { adminChatSendSchema, CHAT_LIMITS, type ChatConversationRow, type ChatEvent } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Descriptions, Empty, Input, List, Modal, Pagination, Popconfirm, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import {
  chatKey,
  markRead,
  sendChat,
  sendPicture,
  sendTyping,
  useAllChats,
  useChatAction,
  useChatConversation,
  useChatOperators,
  useChatQueue,
  useChatStream,
  useConversationMessages,
  useMyChats,
  type StreamState,
} from '../../hooks/api/chat';
import { useMember } from '../../hooks/api/members';
import { yuan } from '../../lib/format';
import { firstIssue } from '../../lib/zod-rule';
import { MessageList } from './MessageList';

const STREAM: Record<StreamState, { color: string; text: string }> = {
  live: { color: 'green', text: '实时连接' },
  connecting: { color: 'blue', text: '连接中…' },
  polling: { color: 'orange', text: '连接中断，每3秒刷新' },
};

const waitText = (s: number) => (s < 60 ? `${s} 秒` : s < 3600 ? `${Math.floor(s / 60)} 分钟` : `${Math.floor(s / 3600)} 小时 ${Math.floor((s % 3600) / 60)} 分`);
const waitColor = (s: number) => (s < 120 ? 'green' : s < 600 ? 'orange' : 'red');

/** The member's 360 view beside the chat (the members screen's read call). */
function MemberPane({ username }: { username: string }) {
  const me = useMe();
  const member = useMember(username);
  if (!can(me.data, 'members.view')) return <Card size="small" title="会员信息"><Typography.Text type="secondary">您没有查看会员的权限</Typography.Text></Card>;
  if (member.isError) return <QueryError error={member.error} retry={member.refetch} />;
  if (!member.data) return <Card size="small" title="会员信息"><Spin /></Card>;
  const { profile, balances, turnover_remaining, notes } = member.data;
  return (
    <Card size="small" title="会员信息" extra={<Link to={`/members/${encodeURIComponent(username)}`}>详情</Link>} data-testid="chat-member">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="账号">{profile.username}</Descriptions.Item>
        <Descriptions.Item label="姓名">{profile.realname || '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">{profile.status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">冻结</Tag>}</Descriptions.Item>
        <Descriptions.Item label="VIP">VIP{profile.vip}</Descriptions.Item>
        <Descriptions.Item label="中心钱包">{yuan(balances.central)}</Descriptions.Item>
        <Descriptions.Item label="提现冻结">{yuan(balances.withdraw_hold)}</Descriptions.Item>
        <Descriptions.Item label="剩余打码">{yuan(turnover_remaining)}</Descriptions.Item>
        <Descriptions.Item label="累计存款">{yuan(profile.paysum)}</Descriptions.Item>
        <Descriptions.Item label="手机">{profile.mobile || '-'}</Descriptions.Item>
        <Descriptions.Item label="注册">{profile.created_at}</Descriptions.Item>
        <Descriptions.Item label="最近登录">{profile.last_login_at ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="推荐人">{profile.referrer ?? '-'}</Descriptions.Item>
      </Descriptions>
      {notes.length ? (
        <>
          <Typography.Text strong>备注</Typography.Text>
          {notes.slice(0, 3).map((n) => (
            <Typography.Paragraph key={n.id} type="secondary" style={{ margin: '4px 0', fontSize: 12 }}>
              {n.content}（{n.operator}）
            </Typography.Paragraph>
          ))}
        </>
      ) : null}
    </Card>
  );
}

/** hand over (the holder), or the supervisor's 强制转接 (`force`): any active support operator but the holder */
function HandoverModal({ conversation, onClose, force = false }: { conversation: ChatConversationRow | null; onClose: () => void; force?: boolean }) {
  const { message } = App.useApp();
  const me = useMe();
  const ops = useChatOperators(conversation !== null);
  const action = useChatAction();
  const [to, setTo] = useState<number | undefined>();
  useEffect(() => setTo(undefined), [conversation]);
  const choices = (ops.data ?? []).filter((o) => (force ? o.id !== conversation?.admin_id : o.id !== me.data?.id));
  return (
    <Modal
      open={conversation !== null}
      title={force ? '强制转接会话' : '转接会话'}
      okText={force ? '确认强制转接' : '确认转接'}
      okButtonProps={{ disabled: !to, loading: action.isPending }}
      onCancel={onClose}
      onOk={() =>
        conversation &&
        to &&
        action.mutate(
          { action: 'handover', body: { conversation_id: conversation.id, to_admin_id: to, ...(force ? { force: true } : {}) } },
          { onSuccess: (r) => { message.success(r.message); onClose(); }, onError: (e) => message.error(errorText(e)) },
        )
      }
    >
      {ops.isError ? <QueryError error={ops.error} retry={ops.refetch} /> : null}
      {force ? (
        <p>
          与 {conversation?.username} 的会话目前由 {conversation?.admin_name} 接待。强制转接后 {conversation?.admin_name} 将不能再回复此会话，此操作会记入操作日志。
        </p>
      ) : (
        <p>把与 {conversation?.username} 的会话转给另一位客服。转接后您将不能再回复此会话。</p>
      )}
      <Select
        style={{ width: '100%' }}
        placeholder="选择客服"
        loading={ops.isLoading}
        value={to}
        onChange={setTo}
        notFoundContent="没有其他有在线客服权限的操作员"
        options={choices.map((o) => ({ value: o.id, label: `${o.username}（${o.role}，接待中 ${o.open}）` }))}
        data-testid="handover-select"
      />
    </Modal>
  );
}

/** The chat with one conversation: messages, typing, send text or a picture, hand over, close. */
function ChatPane({ conversationId, typing, bind }: { conversationId: number; typing: boolean; bind: (h: ((e: ChatEvent) => void) | null, poll: (() => void) | null) => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useMe();
  const conv = useChatConversation(conversationId);
  const msgs = useConversationMessages(conversationId);
  const action = useChatAction();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [handover, setHandover] = useState<ChatConversationRow | null>(null);
  const [forceHandover, setForceHandover] = useState<ChatConversationRow | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const [memberRead, setMemberRead] = useState(0);

  const c = conv.data;
  const mine = c?.state === 'open' && c.admin_id === me.data?.id;
  // a supervisor looking at a conversation another operator holds: the override actions
  const supervise = c?.state === 'open' && !mine && can(me.data, 'operators.manage');

  // events of a conversation held by someone else do not reach this desk's stream: follow it by polling
  useEffect(() => {
    if (c?.state !== 'open' || mine) return;
    const t = window.setInterval(() => {
      void msgs.catchUp();
      void conv.refetch();
    }, 5000);
    return () => window.clearInterval(t);
  }, [c?.state, mine, msgs.catchUp, conv.refetch]);

  /** 强制接管 / 强制结束: confirmed first, the result shown, the pane refreshed */
  const runForced = (kind: 'take' | 'close') =>
    action.mutateAsync({ action: kind, body: { conversation_id: conversationId, force: true } }).then(
      (r) => {
        message.success(r.message);
        void conv.refetch();
        void msgs.catchUp();
      },
      (e) => message.error(errorText(e)),
    );

  // events of this conversation reach the pane; a poll tick catches up
  useEffect(() => {
    bind(
      (e) => {
        if (e.type === 'message' && e.conversation_id === conversationId) msgs.add(e.message);
        if (e.type === 'read' && e.conversation_id === conversationId && e.side === 'member') setMemberRead(e.last_id);
        if (e.type === 'ready') void msgs.catchUp();
        if (e.type === 'assign' && e.conversation_id === conversationId) void conv.refetch();
      },
      () => {
        void msgs.catchUp();
        void conv.refetch();
      },
    );
    return () => bind(null, null);
  }, [bind, conversationId, msgs.add, msgs.catchUp, conv.refetch]);

  // what the operator sees is read
  const last = msgs.messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (mine && last > 0) void markRead(conversationId, last).then(() => qc.invalidateQueries({ queryKey: [...chatKey, 'mine'] }), () => null);
  }, [mine, last, conversationId]);

  const send = async () => {
    const problem = firstIssue(adminChatSendSchema, { conversation_id: conversationId, text });
    if (problem) return message.error(problem);
    setSending(true);
    try {
      msgs.add(await sendChat(conversationId, text));
      setText('');
      void sendTyping(conversationId, false);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setSending(false);
    }
  };

  const onType = (v: string) => {
    setText(v);
    const now = Date.now();
    if (mine && now - lastTyping.current > 3000) {
      lastTyping.current = now;
      void sendTyping(conversationId, true);
    }
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CHAT_LIMITS.pictureMaxBytes) return message.error('图片不能超过5MB');
    setSending(true);
    try {
      msgs.add(await sendPicture(conversationId, file));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setSending(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (conv.isError) return <QueryError error={conv.error} retry={conv.refetch} />;
  if (!c) return <Card size="small"><Spin /></Card>;

  return (
    <Card
      size="small"
      data-testid="chat-pane"
      title={
        <Space>
          <span>{c.username}</span>
          <Tag color={c.state === 'open' ? 'green' : c.state === 'queued' ? 'blue' : 'default'}>{c.state === 'open' ? `接待中（${c.admin_name}）` : c.state === 'queued' ? '排队中' : '已结束'}</Tag>
        </Space>
      }
      extra={
        mine ? (
          <Space>
            <Button size="small" icon={<SwapOutlined />} onClick={() => setHandover(c)} data-testid="chat-handover">
              转接
            </Button>
            <Popconfirm
              title="结束会话"
              description="结束后会员再次发消息将重新排队"
              okText="结束"
              cancelText="取消"
              onConfirm={() =>
                action.mutateAsync({ action: 'close', body: { conversation_id: c.id } }).then(
                  (r) => {
                    message.success(r.message);
                    void conv.refetch();
                  },
                  (e) => message.error(errorText(e)),
                )
              }
            >
              <Button size="small" danger data-testid="chat-close">
                结束会话
              </Button>
            </Popconfirm>
          </Space>
        ) : supervise ? (
          <Space>
            <Popconfirm
              title="强制接管"
              description={`从 ${c.admin_name} 手中接管此会话，由您继续接待（记入操作日志）`}
              okText="接管"
              cancelText="取消"
              onConfirm={() => runForced('take')}
            >
              <Button size="small" type="primary" data-testid="chat-force-take">
                强制接管
              </Button>
            </Popconfirm>
            <Button size="small" icon={<SwapOutlined />} onClick={() => setForceHandover(c)} data-testid="chat-force-handover">
              强制转接
            </Button>
            <Popconfirm
              title="强制结束"
              description={`结束 ${c.admin_name} 正在接待的会话（记入操作日志）`}
              okText="结束"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => runForced('close')}
            >
              <Button size="small" danger data-testid="chat-force-close">
                强制结束
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
      styles={{ body: { padding: 0 } }}
    >
      {msgs.error ? <QueryError error={msgs.error} retry={msgs.reload} /> : null}
      <MessageList messages={msgs.messages} hasMore={msgs.hasMore} loading={msgs.loading} onOlder={msgs.older} readUpTo={memberRead} />
      <div style={{ minHeight: 22, padding: '0 12px', color: '#8a8f9c', fontSize: 12 }} data-testid="chat-typing">
        {typing ? '会员正在输入…' : ''}
      </div>
      {mine ? (
        <div style={{ display: 'flex', gap: 8, padding: 12, borderTop: '1px solid #f0f0f0' }}>
          <Input.TextArea
            value={text}
            onChange={(e) => onType(e.target.value)}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={CHAT_LIMITS.textMax}
            placeholder="输入回复，Enter 发送，Shift+Enter 换行"
            data-testid="chat-input"
          />
          <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(e) => void pick(e.target.files?.[0])} />
          <Button icon={<PictureOutlined />} onClick={() => fileInput.current?.click()} disabled={sending} aria-label="发送图片" />
          <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()} data-testid="chat-send">
            发送
          </Button>
        </div>
      ) : (
        <div style={{ padding: 12, borderTop: '1px solid #f0f0f0', color: '#8a8f9c' }}>{c.state === 'closed' ? '会话已结束' : c.state === 'queued' ? '接入后才能回复' : '此会话由其他客服接待'}</div>
      )}
      <HandoverModal conversation={handover} onClose={() => setHandover(null)} />
      <HandoverModal conversation={forceHandover} onClose={() => setForceHandover(null)} force />
    </Card>
  );
}

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

function MemberFor({ conversationId }: { conversationId: number }) {
  const conv = useChatConversation(conversationId);
  return conv.data ? <MemberPane username={conv.data.username} /> : <Card size="small" title="会员信息"><Spin /></Card>;
}
