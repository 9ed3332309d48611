import type { AppInfo, UnreadCount, UserInfo } from '@casino/contract';
import { apiPost, type ApiResult } from '../api/client';
import { clearLocalStorage, clearSessionStorage } from '../lib/storage';
import { navigateTo } from '../lib/navigation';
import { useSession } from './store';
import { stopBalancePolling } from './polling';

/** POST /api/app: appInfo, stored under appInfo. Null on failure (the cached copy stays). */
export async function loadAppInfo(): Promise<AppInfo | null> {
  const res = await apiPost<AppInfo>('/api/app');
  if (res.code !== 200 || !res.data) return null;
  useSession.getState().setAppInfo(res.data);
  return res.data;
}

/** POST /api/user: userInfo, stored under userInfo. */
export async function loadUser(): Promise<ApiResult<UserInfo>> {
  const res = await apiPost<UserInfo>('/api/user');
  if (res.code === 200 && res.data) useSession.getState().setUser(res.data);
  return res;
}

/** The member's unread inbox count (POST /api/messagenum), kept under `messageNum`. */
export async function refreshMessageNum(): Promise<void> {
  const res = await apiPost<UnreadCount>('/api/messagenum', {});
  if (res.code === 200 && res.data && Number.isFinite(Number(res.data.count))) useSession.getState().setMessageNum(Number(res.data.count));
}

/** POST /api/refreshusermoney: data is the full userInfo. */
export async function refreshUserMoney(): Promise<ApiResult<UserInfo>> {
  const res = await apiPost<UserInfo>('/api/refreshusermoney', {});
  if (res.code === 200 && res.data) useSession.getState().setUser(res.data);
  return res;
}

/** POST /api/transall: bring every venue balance back to the central wallet. */
export function recoverAll(): Promise<ApiResult<unknown>> {
  return apiPost('/api/transall', {});
}

/**
 * After a successful login or register: keep the token, load the member, and let the
 * session effects start balance polling (they follow the token).
 */
export async function completeSignIn(apiToken: string): Promise<void> {
  useSession.getState().setToken(apiToken);
  await loadUser();
}

/** The logout of spec section 4, after the member confirmed. */
export async function signOut(): Promise<void> {
  stopBalancePolling();
  try {
    await apiPost('/api/logoff', {}, { ignoreAuthErrors: true });
  } finally {
    clearLocalStorage();
    clearSessionStorage();
    // leave the page first: a login-required page seeing the token vanish would send
    // the member to /login?redirect=<that page> instead
    await navigateTo('/login', { replace: true });
    useSession.getState().reset();
  }
}
