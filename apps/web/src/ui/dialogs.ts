import { Dialog } from './imperative';
import { MSG } from '@casino/contract';

export function confirmLogout(): Promise<boolean> {
  return Dialog.confirm({
    title: '退出登录',
    content: MSG.logoutConfirm,
    confirmText: '确定',
    cancelText: '取消',
  });
}

/** Unbinding a bank card or USDT address (spec section 5): resolves true when confirmed. */
export function confirmUnbindCard(content: string): Promise<boolean> {
  return Dialog.confirm({
    title: '解除绑定',
    content,
    confirmText: '确定',
    cancelText: '取消',
  });
}
