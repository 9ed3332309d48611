import { turnoverWaiverRejectSchema, type TurnoverWaiverRow } from '@casino/contract';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { can, type Me } from '../../hooks/api/auth';
import { useDecideWaiver } from '../../hooks/api/turnover';
import { yuan } from '../../lib/format';

/**
 * 批准 / 拒绝 of one pending turnover waiver, on member 360 and on the waiver queue (issue 34
 * point 8): the operator who asked cannot approve it (the server refuses too); 拒绝 asks a reason.
 */
export function WaiverDecision({ me, w }: { me: Me | undefined; w: TurnoverWaiverRow }) {
  const decide = useDecideWaiver();
  const { modal, message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  if (w.state !== 'pending') return null;
  if (!can(me, 'members.turnover_waive')) return <Tag>待复核</Tag>;
  const own = w.requested_by === me?.username;
  return (
    <>
      <Space size={8} style={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={own ? '需另一位操作员复核' : undefined}>
          <Button
            size="small"
            type="primary"
            disabled={own}
            data-testid={`approve-waiver-${w.waiver_no}`}
            onClick={() =>
              modal.confirm({
                title: '确认批准这笔减免？',
                content: `批准后立即减免 ${w.username} 的打码量${w.amount === null ? '（全部剩余，至多 ' : ' '}${yuan(w.amount_at_request)} 元${w.amount === null ? '）' : ''}。`,
                okText: '批准',
                cancelText: '取消',
                onOk: () => decide.mutateAsync({ decision: 'approve', waiver_no: w.waiver_no }).then((env) => void message.success(env.message), (e: Error) => void message.error(e.message)),
              })
            }
          >
            批准
          </Button>
        </Tooltip>
        <Button size="small" danger onClick={() => setRejecting(true)} data-testid={`reject-waiver-${w.waiver_no}`}>
          拒绝
        </Button>
      </Space>
      {rejecting ? (
        <ActionModal<{ reason: string }>
          open
          danger
          title="拒绝减免"
          warning={`拒绝后这笔减免（${w.waiver_no}）不再生效，会员的打码量不变。`}
          schema={turnoverWaiverRejectSchema}
          fixed={{ waiver_no: w.waiver_no }}
          okText="确认拒绝"
          onClose={() => setRejecting(false)}
          submit={(v) => decide.mutateAsync({ decision: 'reject', waiver_no: w.waiver_no, reason: v.reason })}
        >
          <ReasonField label="拒绝原因" />
        </ActionModal>
      ) : null}
    </>
  );
}
