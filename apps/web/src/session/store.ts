import { create } from 'zustand';
import type { AppInfo, UserInfo } from '@casino/contract';
import { local, STORAGE_KEYS } from '../lib/storage';

/**
 * The session: token, userInfo, appInfo and messageNum, mirrored into local storage
 * under the spec's keys (token holds the raw api_token; the others are JSON).
 */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  appInfo: AppInfo | null;
  messageNum: number;
  setToken(token: string): void;
  setUser(user: UserInfo): void;
  setBalance(balance: number): void;
  setAppInfo(info: AppInfo): void;
  setMessageNum(n: number): void;
  /** forget the member (storage is cleared by the caller as each flow requires) */
  reset(): void;
}

function readMessageNum(): number {
  const n = Number(local.get(STORAGE_KEYS.messageNum));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export const useSession = create<SessionState>()((set, get) => ({
  token: local.get(STORAGE_KEYS.token) || null,
  user: local.getJSON<UserInfo>(STORAGE_KEYS.userInfo),
  appInfo: local.getJSON<AppInfo>(STORAGE_KEYS.appInfo),
  messageNum: readMessageNum(),
  setToken(token) {
    local.set(STORAGE_KEYS.token, token);
    set({ token });
  },
  setUser(user) {
    local.setJSON(STORAGE_KEYS.userInfo, user);
    set({ user });
  },
  setBalance(balance) {
    const user = get().user;
    if (!user || user.balance === balance) return;
    const next = { ...user, balance };
    local.setJSON(STORAGE_KEYS.userInfo, next);
    set({ user: next });
  },
  setAppInfo(info) {
    local.setJSON(STORAGE_KEYS.appInfo, info);
    set({ appInfo: info });
  },
  setMessageNum(n) {
    local.set(STORAGE_KEYS.messageNum, String(n));
    set({ messageNum: n });
  },
  reset() {
    set({ token: null, user: null, messageNum: 0 });
  },
}));

export const isMember = (s: SessionState) => Boolean(s.token);
