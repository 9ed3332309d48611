import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useBack } from '../lib/nav';
import { IconBack } from './icons';
import './TitleBar.css';

/** The title bar of top-level pages: back arrow and the page's Chinese title. */
export function TitleBar({ title, right, onBack }: { title: ReactNode; right?: ReactNode; onBack?: () => void }) {
  const back = useBack();
  return (
    <div className="titlebar" data-testid="title-bar">
      <NavBar
        backIcon={
          <span className="titlebar-back" data-testid="title-back" aria-label="返回">
            <IconBack size={22} strokeWidth={2} />
          </span>
        }
        onBack={onBack ?? back}
        right={right}
      >
        <span data-testid="page-title">{title}</span>
      </NavBar>
    </div>
  );
}
