import { Dialog } from './imperative';
import { MSG } from '@casino/contract';

/** The 认证失败 dialog of spec section 4; resolves when the member confirms. */
export function showAuthExpiredDialog(): Promise<void> {
  return new Promise((resolve) => {
    Dialog.alert({
      title: MSG.authExpiredTitle,
      content: MSG.authExpired,
      confirmText: '确定',
      onConfirm: () => resolve(),
    });
  });
}
