import { BellOutlined } from '@ant-design/icons';
import type { DashboardPending } from '@casino/contract';
import { App, Badge, Button, Dropdown } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { can, type Me } from '../../hooks/api/auth';
import { PENDING_QUEUES, useDashboardSummary } from '../../hooks/api/dashboard';
import { playChime } from '../../lib/chime';

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
    const grown = PENDING_QUEUES.filter((q) => pending[q.key] > before[q.key]);
    if (grown.length === 0) return;
    playChime();
    notification.info({
      title: '有新的待处理事项',
      description: grown.map((q) => `${q.label}：${pending[q.key]}`).join('，'),
      placement: 'topRight',
    });
  }, [pending, notification]);

  if (!can(me, 'dashboard.view')) return null;
  const total = pending ? PENDING_QUEUES.reduce((n, q) => n + pending[q.key], 0) : 0;
  return (
    <Dropdown
      menu={{
        items: PENDING_QUEUES.map((q) => ({
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
          const q = PENDING_QUEUES.find((x) => x.key === key);
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
