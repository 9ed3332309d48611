import { chatSendSchema, CHAT_LIMITS, CHAT_MSG, type ChatMessage } from '@casino/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMemberChat } from '../../hooks/api/chat';
import { toast } from '../../ui/feedback';
import { LoadFailed } from '../../components/EmptyState';
import './ChatView.css';

const LINK_TEXT = { connecting: '正在连接客服…', live: '', reconnecting: '连接中断，正在重新连接…' } as const;

function Bubble({ m, read }: { m: ChatMessage; read: boolean }) {
  if (m.sender === 'system') {
    return (
      <div className="cv-system" data-testid="cv-system">
        {m.text}
      </div>
    );
  }
  const mine = m.sender === 'member';
  return (
    <div className={`cv-row ${mine ? 'cv-row--me' : 'cv-row--cs'}`} data-testid={mine ? 'cv-mine' : 'cv-theirs'}>
      {!mine ? <span className="cv-avatar" aria-hidden>客</span> : null}
      <div className="cv-col">
        <div className={`cv-bubble ${m.picture ? 'cv-bubble--pic' : ''}`}>
          {m.picture ? (
            <a href={m.picture} target="_blank" rel="noopener noreferrer">
              <img src={m.picture} alt="图片" loading="lazy" />
            </a>
          ) : (
            m.text
          )}
        </div>
        <div className="cv-meta">
          {m.created_at.slice(11, 16)}
          {mine && read ? ' · 已读' : ''}
        </div>
      </div>
    </div>
  );
}

/** 在线客服 for a signed-in member: the live chat with customer service (our own chat). */
export function ChatView() {
  const chat = useMemberChat();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [newBelow, setNewBelow] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const file = useRef<HTMLInputElement>(null);
  const last = chat.messages.at(-1);
  const seenCount = useRef(0);

  // follow new messages while at the bottom; otherwise count them on the badge
  useLayoutEffect(() => {
    const el = list.current;
    const added = chat.messages.length - seenCount.current;
    seenCount.current = chat.messages.length;
    if (!el) return;
    if (atBottom.current) el.scrollTop = el.scrollHeight;
    else if (added > 0 && last && last.sender !== 'member') setNewBelow((n) => n + added);
  }, [last?.id]);

  // what is on screen at the bottom is read
  useEffect(() => {
    if (last && atBottom.current && document.visibilityState === 'visible' && (chat.state?.unread ?? 0) > 0) void chat.markRead(last.id);
  }, [last?.id, chat.state?.unread]);

  const toBottom = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewBelow(0);
    if (last) void chat.markRead(last.id);
  };

  const submit = async () => {
    const checked = chatSendSchema.safeParse({ text });
    if (!checked.success) return toast(checked.error.issues[0]?.message ?? CHAT_MSG.textRequired, 'fail');
    setSending(true);
    const r = await chat.send(checked.data.text);
    setSending(false);
    if (r.ok) {
      setText('');
      toBottom();
    } else if (r.message) toast(r.message, 'fail');
  };

  const pick = async (f: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!f) return;
    if (f.size > CHAT_LIMITS.pictureMaxBytes) return toast(CHAT_MSG.pictureTooLarge, 'fail');
    setSending(true);
    const r = await chat.sendPicture(f);
    setSending(false);
    if (r.ok) toBottom();
    else if (r.message) toast(r.message, 'fail');
  };

  const conv = chat.state?.conversation;
  const status = !conv || conv.state === 'closed' ? '发送消息即可联系客服' : conv.state === 'queued' ? '正在为您安排客服，请稍候…' : '客服在线';

  return (
    <div className="cv" data-testid="kefu-chat">
      <div className="cv-head">
        <span className={`cv-dot cv-dot--${chat.link}`} />
        <span className="cv-status" data-testid="cv-status">
          {chat.link === 'live' ? status : LINK_TEXT[chat.link]}
        </span>
      </div>
      <div
        className="cv-list"
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          if (atBottom.current && newBelow) toBottom();
        }}
        data-testid="cv-list"
      >
        {chat.hasMore ? (
          <button type="button" className="cv-older" onClick={() => void chat.older()}>
            查看更早的消息
          </button>
        ) : null}
        {chat.loading && !chat.messages.length ? <div className="cv-hint">加载中…</div> : null}
        {chat.loadError ? <LoadFailed text={chat.loadError} onRetry={() => void chat.reload()} /> : null}
        {!chat.loading && !chat.loadError && !chat.messages.length ? (
          <div className="cv-welcome" data-testid="cv-empty">
            <p className="cv-welcome-title">您好，欢迎咨询在线客服</p>
            <p>请描述您遇到的问题，客服将尽快为您解答</p>
          </div>
        ) : null}
        {chat.messages.map((m) => (
          <Bubble key={m.id} m={m} read={m.sender === 'member' && chat.operatorRead >= m.id} />
        ))}
        {chat.operatorTyping ? (
          <div className="cv-typing" data-testid="cv-typing">
            客服正在输入<span className="cv-dots" />
          </div>
        ) : null}
      </div>
      {newBelow > 0 ? (
        <button type="button" className="cv-new" onClick={toBottom} data-testid="cv-new">
          {newBelow} 条新消息 ↓
        </button>
      ) : null}
      <div className="cv-input">
        <input ref={file} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(e) => void pick(e.target.files?.[0])} />
        <button type="button" className="cv-pic" aria-label="发送图片" onClick={() => file.current?.click()} disabled={sending} data-testid="cv-pic">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
            <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="9" cy="10" r="1.8" fill="currentColor" />
            <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
        <textarea
          className="cv-text"
          rows={1}
          value={text}
          maxLength={CHAT_LIMITS.textMax}
          placeholder="请输入消息"
          onChange={(e) => {
            setText(e.target.value);
            chat.typing();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          data-testid="cv-input"
        />
        <button type="button" className="cv-send" onClick={() => void submit()} disabled={sending || !text.trim()} data-testid="cv-send">
          发送
        </button>
      </div>
    </div>
  );
}
