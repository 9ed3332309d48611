import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatEvent, ChatHistory, ChatMessage, ChatState, ChatTicket } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUpload, failureText } from '../../api/client';
import { setChatUnread } from './chatUnread';

/**
 * The member's live chat with customer service (/kefu): history, send, pictures, typing, read,
 * and the event stream. The stream is an EventSource opened with a single-use ticket (a token
 * never goes in a URL); when it drops, the chat polls every 3 s and asks for a fresh ticket with
 * a growing delay. Every (re)connection starts with `ready`, on which the chat fetches the
 * messages after the last one it has, so nothing is lost.
 */

export type ChatLink = 'connecting' | 'live' | 'reconnecting';

const POLL_MS = 3000;

export function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

export interface SendResult {
  ok: boolean;
  message: string | null;
}

export function useMemberChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [link, setLink] = useState<ChatLink>('connecting');
  const [operatorTyping, setOperatorTyping] = useState(false);
  const [operatorRead, setOperatorRead] = useState(0);
  const [state, setState] = useState<ChatState | null>(null);
  const lastId = useRef(0);
  lastId.current = messages.at(-1)?.id ?? 0;
  const typingTimer = useRef<number | undefined>(undefined);
  const qc = useQueryClient();

  // what the server says of the chat, and the badges outside /kefu with it (cleared once the
  // member has read), on every answer: a badge poll may have counted a reply the chat has read
  // since, while the chat's own count stayed 0. Set with the answer, not by an effect of the
  // state: a member who leaves /kefu while a call is in flight has unmounted the chat, and the
  // badges kept the count the server had just cleared until their next poll (30 s)
  const follow = useCallback(
    (next: ChatState) => {
      setState(next);
      void setChatUnread(qc, next.unread);
    },
    [qc],
  );

  const add = useCallback((list: ChatMessage[]) => {
    if (list.length) setMessages((m) => mergeMessages(m, list));
  }, []);

  const refreshState = useCallback(async () => {
    const res = await apiPost<ChatState>('/api/chat/open', {});
    if (res.code === 200 && res.data) follow(res.data);
  }, [follow]);

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    const res = await apiPost<ChatHistory>('/api/chat/history', {});
    setLoading(false);
    if (res.code !== 200 || !res.data) {
      setLoadError(failureText(res) || '网络异常，请稍后再试');
      return;
    }
    setMessages(res.data.messages);
    setHasMore(res.data.has_more);
    void refreshState();
  }, [refreshState]);

  /** the messages after the last one held; answers whether the server answered */
  const catchUp = useCallback(async () => {
    const res = await apiPost<ChatHistory>('/api/chat/history', { after_id: lastId.current, limit: 100 });
    if (res.code === 200 && res.data) add(res.data.messages);
    return res.code === 200;
  }, [add]);

  const older = useCallback(async () => {
    const first = messages[0]?.id;
    if (!first) return;
    const res = await apiPost<ChatHistory>('/api/chat/history', { before_id: first });
    if (res.code === 200 && res.data) {
      add(res.data.messages);
      setHasMore(res.data.has_more);
    }
  }, [messages, add]);

  useEffect(() => {
    void load();
  }, [load]);

  // the stream, with polling while it is down
  useEffect(() => {
    let es: EventSource | null = null;
    let stopped = false;
    let retry: number | undefined;
    let poll: number | undefined;
    let delay = 2000;
    const onEvent = (e: ChatEvent) => {
      if (e.type === 'ready') void catchUp();
      if (e.type === 'message') {
        add([e.message]);
        if (e.message.sender !== 'member') setOperatorTyping(false);
        void refreshState();
      }
      if (e.type === 'typing' && e.side === 'operator') {
        setOperatorTyping(e.typing);
        window.clearTimeout(typingTimer.current);
        if (e.typing) typingTimer.current = window.setTimeout(() => setOperatorTyping(false), 6000);
      }
      if (e.type === 'read' && e.side === 'operator') setOperatorRead(e.last_id);
      if (e.type === 'assign') void refreshState();
    };
    let connecting = false;
    const down = () => {
      setLink('reconnecting');
      if (poll === undefined)
        poll = window.setInterval(() => {
          void refreshState();
          // the server answers again: try the stream now rather than after the back-off
          void catchUp().then((answered) => {
            if (answered && !es && !connecting && !stopped) {
              window.clearTimeout(retry);
              void connect();
            }
          });
        }, POLL_MS);
      window.clearTimeout(retry);
      retry = window.setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    const connect = async () => {
      if (stopped || connecting) return;
      connecting = true;
      const res = await apiPost<ChatTicket>('/api/chat/ticket', {});
      connecting = false;
      if (stopped) return;
      if (res.code !== 200 || !res.data) return down();
      es = new EventSource(`/api/chat/stream?ticket=${encodeURIComponent(res.data.ticket)}`);
      const dispatch = (ev: MessageEvent) => {
        try {
          onEvent(JSON.parse(ev.data as string) as ChatEvent);
        } catch {
          // ignored: the next catch-up fetches the truth
        }
      };
      for (const type of ['message', 'typing', 'read', 'assign']) es.addEventListener(type, dispatch);
      es.addEventListener('ready', (ev) => {
        delay = 2000;
        if (poll !== undefined) window.clearInterval(poll);
        poll = undefined;
        setLink('live');
        dispatch(ev);
      });
      es.onerror = () => {
        // the ticket is spent: EventSource's own retry would be refused; ask for a fresh one
        es?.close();
        es = null;
        down();
      };
    };
    void connect();
    return () => {
      stopped = true;
      es?.close();
      if (poll !== undefined) window.clearInterval(poll);
      window.clearTimeout(retry);
      window.clearTimeout(typingTimer.current);
    };
  }, [add, catchUp, refreshState]);

  const send = useCallback(
    async (text: string): Promise<SendResult> => {
      const res = await apiPost<ChatMessage>('/api/chat/send', { text });
      if (res.code === 200 && res.data) {
        add([res.data]);
        return { ok: true, message: null };
      }
      return { ok: false, message: failureText(res) || '网络异常，请稍后再试' };
    },
    [add],
  );

  const sendPicture = useCallback(
    async (file: File): Promise<SendResult> => {
      const form = new FormData();
      form.append('file', file);
      const res = await apiUpload<ChatMessage>('/api/chat/picture', form);
      if (res.code === 200 && res.data) {
        add([res.data]);
        return { ok: true, message: null };
      }
      return { ok: false, message: failureText(res) || '网络异常，请稍后再试' };
    },
    [add],
  );

  const lastTyping = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < 3000) return;
    lastTyping.current = now;
    void apiPost('/api/chat/typing', { typing: true });
  }, []);

  const markRead = useCallback(
    async (id: number) => {
      const res = await apiPost<ChatState>('/api/chat/read', { last_id: id });
      if (res.code === 200 && res.data) follow(res.data);
    },
    [follow],
  );

  return { messages, hasMore, loading, loadError, link, operatorTyping, operatorRead, state, reload: load, older, send, sendPicture, typing, markRead };
}
