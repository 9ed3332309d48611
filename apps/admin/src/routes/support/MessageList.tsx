import type { ChatMessage } from '@casino/contract';
import { Button, Empty, Image, Spin, theme } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A conversation's messages as bubbles: the member on the left, customer service on the right,
 * system notices centred. Text is rendered as text (React escapes it), never as HTML; line
 * breaks are kept by CSS. Keeps the view at the bottom when a new message arrives there.
 */
export function MessageList({
  messages,
  hasMore,
  loading,
  onOlder,
  readUpTo = 0,
  height = 460,
}: {
  messages: ChatMessage[];
  hasMore: boolean;
  loading: boolean;
  onOlder: () => void;
  /** the member has read up to this id (shows 已读 under the operator's messages) */
  readUpTo?: number;
  height?: number;
}) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);
  useEffect(() => {
    atBottom.current = true;
  }, []);

  return (
    <div
      ref={box}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      style={{ height, overflowY: 'auto', padding: 12, background: '#f7f8fa' }}
      data-testid="chat-messages"
    >
      {hasMore ? (
        <div style={{ textAlign: 'center', marginBottom: 8 }}>
          <Button size="small" type="link" onClick={onOlder}>
            查看更早的消息
          </Button>
        </div>
      ) : null}
      {loading && !messages.length ? <Spin style={{ display: 'block', margin: '40px auto' }} /> : null}
      {!loading && !messages.length ? <Empty description="暂无消息" /> : null}
      {messages.map((m) =>
        m.sender === 'system' ? (
          <div key={m.id} style={{ textAlign: 'center', color: '#8a8f9c', fontSize: 12, margin: '8px 0' }}>
            {m.text} · {m.created_at.slice(11, 16)}
          </div>
        ) : (
          <div key={m.id} style={{ display: 'flex', justifyContent: m.sender === 'member' ? 'flex-start' : 'flex-end', margin: '8px 0' }} data-testid={`msg-${m.sender}`}>
            <div style={{ maxWidth: '72%' }}>
              <div style={{ fontSize: 12, color: '#8a8f9c', textAlign: m.sender === 'member' ? 'left' : 'right' }}>
                {m.sender === 'member' ? '会员' : m.operator_name || '客服'} · {m.created_at.slice(5, 16)}
              </div>
              <div
                style={{
                  background: m.sender === 'member' ? '#fff' : token.colorPrimary,
                  color: m.sender === 'member' ? '#1f2329' : '#fff',
                  border: m.sender === 'member' ? '1px solid #e5e6eb' : 'none',
                  borderRadius: 8,
                  padding: m.picture ? 4 : '6px 10px',
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                }}
              >
                {m.picture ? <Image src={m.picture} alt="图片" width={180} style={{ borderRadius: 6 }} /> : m.text}
              </div>
              {m.sender === 'operator' && readUpTo >= m.id ? <div style={{ fontSize: 11, color: '#8a8f9c', textAlign: 'right' }}>已读</div> : null}
            </div>
          </div>
        ),
      )}
    </div>
  );
}
