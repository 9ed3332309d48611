import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Popup } from 'antd-mobile';
import type { InboxMessage, NoticeItem, ReadMessageReply } from '@casino/contract';
import { apiPost } from '../../api/client';
import { useSession } from '../../session/store';
import { refreshMessageNum } from '../../session/actions';
import { RecordList, usePagedList } from '../../money/records';
import { IconBell, IconChat, IconClose } from '../../components/icons';
import { Tabs } from '../../components/Tabs';
import '../../styles/tabs.css';
import './MessagePage.css';

type Tab = 1 | 2;
const TABS: { value: Tab; label: string; icon: typeof IconBell }[] = [
  { value: 1, label: '公告', icon: IconBell },
  { value: 2, label: '站内信', icon: IconChat },
];

interface Shown {
  title: string;
  content: string;
  created_at: string;
  kind: Tab;
}

/**
 * 消息中心 (spec sections 2, 9): tab 1 announcements (POST /api/noticeList {page}), tab 2 the
 * member's inbox (POST /api/messagelist {page}); infinite lists that stop past last_page; the
 * query `type` (1 or 2) picks the tab. Tapping an item shows its full text; an unread inbox
 * message is marked read (POST /api/readmessage) and the unread count (`messageNum`) follows.
 */
export default function MessagePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('type') === '2' ? 2 : 1;
  const unread = useSession((s) => s.messageNum);
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    void refreshMessageNum();
  }, []);

  return (
    <div className="rec-page msg" data-testid="message">
      <div className="rec-filters msg-filters">
        <Tabs
          items={TABS}
          value={tab}
          onChange={(t) => setParams({ type: String(t) }, { replace: true })}
          label="消息类型"
          className="seg-tabs"
          itemClass="seg-tab"
          testIdPrefix="message-tab-"
          render={({ value: t, label, icon: Icon }) => (
            <>
              <Icon size={17} />
              {label}
              {t === 2 && unread > 0 ? (
                <span className="msg-badge num" data-testid="message-unread-badge">
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </>
          )}
        />
      </div>
      <div className="rec-body">{tab === 1 ? <Notices onOpen={setShown} /> : <Inbox onOpen={setShown} />}</div>

      <Popup
        visible={shown !== null}
        onMaskClick={() => setShown(null)}
        onClose={() => setShown(null)}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
        destroyOnClose
      >
        {shown ? (
          <div className="msg-detail" data-testid="message-detail">
            <div className="msg-detail-head">
              <span className={`msg-detail-kind msg-detail-kind--${shown.kind}`}>{shown.kind === 1 ? '公告' : '站内信'}</span>
              <button type="button" className="msg-detail-x" aria-label="关闭" onClick={() => setShown(null)}>
                <IconClose size={18} />
              </button>
            </div>
            <h3 className="msg-detail-title" data-testid="message-detail-title">
              {shown.title}
            </h3>
            <p className="msg-detail-time num">{shown.created_at}</p>
            <div className="msg-detail-content" data-testid="message-detail-content">
              {shown.content}
            </div>
            <button type="button" className="btn-gold btn-block msg-detail-ok" onClick={() => setShown(null)} data-testid="message-detail-close">
              我知道了
            </button>
          </div>
        ) : null}
      </Popup>
    </div>
  );
}

const NO_PARAMS = {};

function Notices({ onOpen }: { onOpen(s: Shown): void }) {
  const list = usePagedList<NoticeItem>('/api/noticeList', NO_PARAMS, (n) => String(n.id));
  return (
    <RecordList
      list={list}
      testId="notice-list"
      emptyTitle="暂无公告"
      emptyText="最新公告将第一时间在这里发布"
      render={(n) => (
        <button type="button" key={n.id} className="card msg-item" onClick={() => onOpen({ ...n, kind: 1 })} data-testid="notice-item">
          <span className="msg-item-icon msg-item-icon--notice">
            <IconBell size={18} />
          </span>
          <span className="msg-item-main">
            <span className="msg-item-head">
              <b className="msg-item-title">{n.title}</b>
            </span>
            <span className="msg-item-text">{n.content}</span>
            <span className="msg-item-time num">{n.created_at}</span>
          </span>
        </button>
      )}
    />
  );
}

function Inbox({ onOpen }: { onOpen(s: Shown): void }) {
  const list = usePagedList<InboxMessage>('/api/messagelist', NO_PARAMS, (m) => String(m.id));
  const setMessageNum = useSession((s) => s.setMessageNum);
  // read here since the page was loaded (the list itself is not refetched)
  const [readIds, setReadIds] = useState<Set<number>>(() => new Set());

  const open = useCallback(
    async (m: InboxMessage) => {
      onOpen({ ...m, kind: 2 });
      if (m.is_read === 1 || readIds.has(m.id)) return;
      setReadIds((s) => new Set(s).add(m.id));
      const res = await apiPost<ReadMessageReply>('/api/readmessage', { id: m.id });
      if (res.code === 200 && res.data) setMessageNum(Number(res.data.count) || 0);
      else void refreshMessageNum();
    },
    [onOpen, readIds, setMessageNum],
  );

  return (
    <RecordList
      list={list}
      testId="inbox-list"
      emptyTitle="暂无站内信"
      emptyText="系统通知与活动消息会发送到这里"
      render={(m) => {
        const read = m.is_read === 1 || readIds.has(m.id);
        return (
          <button
            type="button"
            key={m.id}
            className={`card msg-item${read ? '' : ' msg-item--unread'}`}
            onClick={() => void open(m)}
            data-testid="inbox-item"
            data-read={read ? '1' : '0'}
          >
            <span className="msg-item-icon msg-item-icon--inbox">
              <IconChat size={18} />
              {read ? null : <i className="msg-dot" data-testid="inbox-unread-dot" />}
            </span>
            <span className="msg-item-main">
              <span className="msg-item-head">
                <b className="msg-item-title">{m.title}</b>
                <span className={`msg-state${read ? '' : ' msg-state--new'}`}>{read ? '已读' : '未读'}</span>
              </span>
              <span className="msg-item-text">{m.content}</span>
              <span className="msg-item-time num">{m.created_at}</span>
            </span>
          </button>
        );
      }}
    />
  );
}
