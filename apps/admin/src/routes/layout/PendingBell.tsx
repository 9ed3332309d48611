import { BellOutlined } from '@ant-design/icons';
import type { DashboardPending } from '@casino/contract';
import { App, Badge, Button, Dropdown } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { can, type Me } from '../../hooks/api/auth';
import { useDashboardSummary } from '../../hooks/api/dashboard';
import { playChime } from '../../lib/chime';

const QUEUES: { key: keyof DashboardPending; label: string; path?: string }[] = [
  { key: 'deposits', label: '待审存款', path: '/cashier/deposits' },
  { key: 'withdrawals', label: '待审取款', path: '/cashier/withdrawals' },
  { key: 'venue_transfers', label: '待处理转账', path: '/cashier/transfers' },
  { key: 'activity_applications', label: '活动申请' },
  { key: 'agent_applications', label: '代理申请' },
  { key: 'reconciliation', label: '对账差异' },
];

/**
 * Pending work on every screen: the count refreshes every 15 s; when a queue grows, a chime
 * plays and a notice names it, so an operator on another screen sees new work arrive.
 */
export function PendingBell({ me }: { me: Me }) {
  const summary = useDashboardSummary(can(me, 'dashboard.view'));
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const last = useRef<DashboardPending | null>(null);
  const pending = summary.data?.pending;

  useEffect(() => {
    if (!pending) return;
    const before = last.current;
    last.current = pending;
    if (!before) return;
    const grown = QUEUES.filter((q) => pending[q.key] > before[q.key]);
    if (grown.length === 0) return;
    playChime();
    notification.info({
      title: '有新的待处理事项',
      description: grown.map((q) => `${q.label}：${pending[q.key]}`).join('，'),
      placement: 'topRight',
    });
  }, [pending, notification]);

  if (!can(me, 'dashboard.view')) return null;
  const total = pending ? QUEUES.reduce((n, q) => n + pending[q.key], 0) : 0;
  return (
    <Dropdown
      menu={{
        items: QUEUES.map((q) => ({
          key: q.key,
          disabled: !q.path,
          label: (
            <span style={{ display: 'inline-flex', width: 160, justifyContent: 'space-between' }}>
              {q.label}
              <Badge count={pending?.[q.key] ?? 0} showZero color={pending?.[q.key] ? '#cf1322' : '#bfbfbf'} />
            </span>
          ),
        })),
        onClick: ({ key }) => {
          const q = QUEUES.find((x) => x.key === key);
          if (q?.path) navigate(q.path);
        },
      }}
    >
      <Button type="text" aria-label="待处理事项" data-testid="pending-bell">
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}
