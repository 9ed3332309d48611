import type { ReactNode } from 'react';

export function PageTitle({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-title">
      <h1>{title}</h1>
      <div>{extra}</div>
    </div>
  );
}
