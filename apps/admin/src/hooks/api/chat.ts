import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminPaged, ChatConversationRow, ChatEvent, ChatHistory, ChatMessage, ChatOperator, ChatSearchRow, ChatTicket } from '@casino/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, callEnvelope, uploadEnvelope } from '../../api/client';
import type { TableRequest } from '../use-table';
import { compact } from '../use-table';

/** Live customer service for operators (support.chat): queue, my conversations, chat, search. */

export const chatKey = ['chat'] as const;

export const useChatQueue = (page = 1) =>
  useQuery({
    queryKey: [...chatKey, 'queue', page],
    queryFn: () => call<AdminPaged<ChatConversationRow>>('/admin/api/chat/queue', { page, per_page: 50 }),
    refetchInterval: 30_000,
  });

export const useMyChats = () => useQuery({ queryKey: [...chatKey, 'mine'], queryFn: () => call<ChatConversationRow[]>('/admin/api/chat/mine'), refetchInterval: 30_000 });

/** every open conversation (supervisors holding operators.manage), optionally one operator's */
export const useAllChats = (page: number, adminId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...chatKey, 'all', page, adminId ?? 0],
    queryFn: () => call<AdminPaged<ChatConversationRow>>('/admin/api/chat/all', { page, per_page: 50, ...(adminId ? { admin_id: adminId } : {}) }),
    enabled,
    refetchInterval: 15_000,
  });

export const useChatConversation = (id: number | null) =>
  useQuery({ queryKey: [...chatKey, 'get', id], queryFn: () => call<ChatConversationRow>('/admin/api/chat/get', { conversation_id: id }), enabled: id !== null });

export const useChatOperators = (enabled: boolean) =>
  useQuery({ queryKey: [...chatKey, 'operators'], queryFn: () => call<ChatOperator[]>('/admin/api/chat/operators'), enabled });

export interface ChatSearchFilters {
  username?: string;
  text?: string;
  from?: string;
  to?: string;
}

export const searchChats: TableRequest<ChatSearchRow, ChatSearchFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<ChatSearchRow>>('/admin/api/chat/search', { ...compact(filters), page: current, per_page: pageSize });

export const chatHistory = (conversationId: number, q: { before_id?: number; after_id?: number; limit?: number }) =>
  call<ChatHistory>('/admin/api/chat/history', { conversation_id: conversationId, ...q });

/** take, hand over, close (with `force: true` in the body: a supervisor's override): each answers the conversation; lists are refreshed */
export function useChatAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'take' | 'handover' | 'close'; body: object }) => callEnvelope<ChatConversationRow>(`/admin/api/chat/${action}`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: chatKey }),
  });
}

export const sendChat = (conversationId: number, text: string) => call<ChatMessage>('/admin/api/chat/send', { conversation_id: conversationId, text });
export const sendTyping = (conversationId: number, typing: boolean) => call<null>('/admin/api/chat/typing', { conversation_id: conversationId, typing }).catch(() => null);
export const markRead = (conversationId: number, lastId: number) => call<ChatConversationRow>('/admin/api/chat/read', { conversation_id: conversationId, last_id: lastId });

/** POST /admin/api/chat/picture (multipart): the server judges the bytes */
export async function sendPicture(conversationId: number, file: File): Promise<ChatMessage> {
  const form = new FormData();
  form.append('conversation_id', String(conversationId));
  form.append('file', file);
  // the one upload path: time-out, the envelope's refusal as an ApiError, 401 to the login screen
  return (await uploadEnvelope<ChatMessage>('/admin/api/chat/picture', form)).data;
}

export type StreamState = 'connecting' | 'live' | 'polling';

/** how often lists and the open conversation are fetched while the live connection is down */
const POLL_MS = 3000;

/**
 * The operator's event stream: a single-use ticket, then an EventSource. When it drops, the
 * screen polls every 3 s (onPoll) and the stream is retried with a growing delay; every
 * (re)connection starts with `ready`, on which the screen fetches what came after its last id.
 */
export function useChatStream(onEvent: (e: ChatEvent) => void, onPoll: () => void, probe: () => Promise<unknown> = () => call('/admin/api/chat/mine')): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onEvent);
  const poller = useRef(onPoll);
  handler.current = onEvent;
  poller.current = onPoll;

  useEffect(() => {
    let es: EventSource | null = null;
    let stopped = false;
    let retry: number | undefined;
    let poll: number | undefined;
    let delay = 2000;

    let connecting = false;
    const startPolling = () => {
      setState('polling');
      if (poll === undefined)
        poll = window.setInterval(() => {
          poller.current();
          // the server answers again: try the stream now rather than after the back-off
          probe().then(
            () => {
              if (!es && !connecting && !stopped) {
                window.clearTimeout(retry);
                void connect();
              }
            },
            () => null,
          );
        }, POLL_MS);
    };
    const stopPolling = () => {
      if (poll !== undefined) window.clearInterval(poll);
      poll = undefined;
    };
    const connect = async () => {
      if (stopped || connecting) return;
      connecting = true;
      try {
        const { ticket } = await call<ChatTicket>('/admin/api/chat/ticket');
        connecting = false;
        if (stopped) return;
        es = new EventSource(`/admin/api/chat/stream?ticket=${encodeURIComponent(ticket)}`);
        const dispatch = (ev: MessageEvent) => {
          try {
            handler.current(JSON.parse(ev.data as string) as ChatEvent);
          } catch {
            // a malformed event is ignored; the next catch-up fetches the truth
          }
        };
        for (const type of ['message', 'typing', 'read', 'assign', 'queue']) es.addEventListener(type, dispatch);
        es.addEventListener('ready', (ev) => {
          delay = 2000;
          stopPolling();
          setState('live');
          dispatch(ev);
        });
        es.onerror = () => {
          // the ticket is spent: EventSource's own reconnect would be refused, so a fresh one is asked for
          es?.close();
          es = null;
          startPolling();
          window.clearTimeout(retry);
          retry = window.setTimeout(() => void connect(), delay);
          delay = Math.min(delay * 2, 30_000);
        };
      } catch {
        connecting = false;
        startPolling();
        window.clearTimeout(retry);
        retry = window.setTimeout(() => void connect(), delay);
        delay = Math.min(delay * 2, 30_000);
      }
    };
    void connect();
    return () => {
      stopped = true;
      es?.close();
      stopPolling();
      window.clearTimeout(retry);
    };
  }, []);

  return state;
}

/** messages merged by id, oldest first */
export function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** One conversation's messages: the latest page, older pages on demand, catch-up after the last id. */
export function useConversationMessages(conversationId: number | null) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const current = useRef(conversationId);
  current.current = conversationId;
  const lastId = useRef(0);
  lastId.current = messages.at(-1)?.id ?? 0;

  const load = useCallback(async () => {
    if (conversationId === null) return;
    setLoading(true);
    setError(null);
    try {
      const h = await chatHistory(conversationId, {});
      if (current.current !== conversationId) return;
      setMessages(h.messages);
      setHasMore(h.has_more);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, [conversationId]);

  useEffect(() => {
    setMessages([]);
    setHasMore(false);
    void load();
  }, [load]);

  const catchUp = useCallback(async () => {
    const id = current.current;
    if (id === null) return;
    try {
      const h = await chatHistory(id, { after_id: lastId.current, limit: 100 });
      if (current.current === id && h.messages.length) setMessages((m) => mergeMessages(m, h.messages));
    } catch {
      // the next tick tries again
    }
  }, []);

  const older = useCallback(async () => {
    const id = current.current;
    if (id === null || !messages.length) return;
    const h = await chatHistory(id, { before_id: messages[0].id });
    if (current.current === id) {
      setMessages((m) => mergeMessages(h.messages, m));
      setHasMore(h.has_more);
    }
  }, [messages]);

  const add = useCallback((m: ChatMessage) => {
    if (m.conversation_id === current.current) setMessages((list) => mergeMessages(list, [m]));
  }, []);

  return { messages, hasMore, error, loading, reload: load, catchUp, older, add };
}
