import { Toast } from './imperative';

export type ToastKind = 'info' | 'success' | 'fail' | 'loading';

export function showToast(content: string, kind: ToastKind = 'info'): void {
  Toast.show({
    content,
    icon: kind === 'info' ? undefined : kind,
    duration: kind === 'loading' ? 0 : 2000,
    maskClickable: kind !== 'loading',
  });
}

export function clearToast(): void {
  Toast.clear();
}
