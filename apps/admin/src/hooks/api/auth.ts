import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { OperatorLoginInput, OperatorLoginReply, OperatorSelf, Permission, TotpSetupReply } from '@casino/contract';
import { call } from '../../api/client';
import { clearToken, readToken, saveToken } from '../../session/token';

export type Me = OperatorSelf;

export const meKey = ['me'] as const;

/** The signed-in operator and what their role allows (`/admin/api/me`); router.tsx starts it before the first draw. */
export const meQuery = () => queryOptions({ queryKey: meKey, queryFn: () => call<Me>('/admin/api/me'), enabled: !!readToken(), staleTime: 60_000 });

export function useMe() {
  return useQuery(meQuery());
}

export function can(me: Me | undefined, slug: Permission): boolean {
  return !!me && (me.permissions.includes('*') || me.permissions.includes(slug));
}

/** A fresh captcha image; the answer stays on the server. */
export function useCaptcha() {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: () => call<{ key: string; img: string }>('/admin/api/captcha'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export type LoginInput = OperatorLoginInput;

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call<OperatorLoginReply>('/admin/api/login', input),
    onSuccess: ({ token }) => {
      qc.clear();
      saveToken(token);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call<null>('/admin/api/logout').catch(() => null),
    onSettled: () => {
      clearToken();
      qc.clear();
    },
  });
}

export function useChangeOwnPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { old_password: string; new_password: string }) => call<null>('/admin/api/me/password', input),
    // issue 25: the first-sign-in flag goes with the change
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}

/** issue 25: a first-sign-in step is owed: the set-password / enrol screen comes before anything else */
export const setupOwed = (me: Me | undefined) => !!me && (me.must_change_password || me.must_enrol_totp);

/** A new authenticator secret: its QR is shown once, then only the 6-digit codes prove it. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => call<TotpSetupReply>('/admin/api/me/totp/setup') });
}

export function useTotpEnable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call<OperatorSelf>('/admin/api/me/totp/enable', { code }),
    onSuccess: (me) => qc.setQueryData(meKey, me),
  });
}

export function useTotpDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call<null>('/admin/api/me/totp/disable', { code }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}
