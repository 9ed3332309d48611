import { Dialog } from 'antd-mobile';
import { MSG } from '@casino/contract';

export function confirmLogout(): Promise<boolean> {
  return Dialog.confirm({
    title: '退出登录',
    content: MSG.logoutConfirm,
    confirmText: '确定',
    cancelText: '取消',
  });
}
