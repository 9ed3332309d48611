import { Dialog } from './imperative';
import { MSG } from '@casino/contract';

export function confirmLogout(): Promise<boolean> {
  const asked = Dialog.confirm({
    title: '退出登录',
    content: MSG.logoutConfirm,
    confirmText: '确定',
    cancelText: '取消',
  });
  // asked from 会员中心 or the side drawer: Back (or any change of page) while it asks answers
  // 取消 rather than leaving the question over the next page (antd-mobile's imperative dialogs stay)
  const leave = () => Dialog.clear();
  window.addEventListener('popstate', leave);
  window.addEventListener('hashchange', leave);
  return asked.finally(() => {
    window.removeEventListener('popstate', leave);
    window.removeEventListener('hashchange', leave);
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
