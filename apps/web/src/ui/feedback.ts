import type { ToastKind } from './toast';

/**
 * Toasts without putting antd-mobile's Toast (and its animation library) into the
 * first screen's bundle: the module loads on the first toast.
 */
export function toast(content: string, kind: ToastKind = 'info'): void {
  void import('./toast').then((m) => m.showToast(content, kind));
}

export function clearToast(): void {
  void import('./toast').then((m) => m.clearToast());
}

/** The logout confirmation (MSG.logoutConfirm); resolves true when confirmed. */
export function confirmLogout(): Promise<boolean> {
  return import('./dialogs').then((m) => m.confirmLogout());
}

/** The card unbinding confirmation (CARD_MSG.deleteConfirm); resolves true when confirmed. */
export function confirmUnbindCard(content: string): Promise<boolean> {
  return import('./dialogs').then((m) => m.confirmUnbindCard(content));
}
