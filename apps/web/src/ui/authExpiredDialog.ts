import { Dialog } from './imperative';
import { MSG } from '@casino/contract';

/**
 * The 认证失败 dialog of spec section 4; resolves when it closes, by its confirm or otherwise (a
 * page that closes its dialogs as it goes: the sign-in flow after it must run all the same, or the
 * member is left on a dead session with every later 401 ignored).
 */
export function showAuthExpiredDialog(): Promise<void> {
  return Dialog.alert({
    title: MSG.authExpiredTitle,
    content: MSG.authExpired,
    confirmText: '确定',
  });
}
