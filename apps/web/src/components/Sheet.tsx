import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { IconClose } from './icons';
import './Sheet.css';

/**
 * A bottom sheet for picking one of a list (venue, wallet, bank): at most 70% of the screen,
 * a centred title with a close button, the list below scrolling on its own.
 */
export function Sheet({
  open,
  title,
  onClose,
  testId,
  destroyOnClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  testId?: string;
  destroyOnClose?: boolean;
  children: ReactNode;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose={destroyOnClose} data-testid={testId}>
      <div className="sheet-head">
        <span className="sheet-title">{title}</span>
        <button type="button" className="sheet-close" aria-label="关闭" onClick={onClose}>
          <IconClose size={18} />
        </button>
      </div>
      {children}
    </Popup>
  );
}
