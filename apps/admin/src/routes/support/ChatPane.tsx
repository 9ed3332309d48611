import { PictureOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import { adminChatSendSchema, CHAT_LIMITS, type ChatConversationRow, type ChatEvent } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { chatKey, markRead, sendChat, sendPicture, sendTyping, useChatAction, useChatConversation, useConversationMessages } from '../../hooks/api/chat';
import { firstIssue } from '../../lib/zod-rule';
import { MessageList } from './MessageList';
import { HandoverModal } from './HandoverModal';

/** The chat with one conversation: messages, typing, send text or a picture, hand over, close. */
export function ChatPane({ conversationId, typing, bind }: { conversationId: number; typing: boolean; bind: (h: ((e: ChatEvent) => void) | null, poll: (() => void) | null) => void }) {
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
