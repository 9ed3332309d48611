import { adminResponsibleExtendSchema, EXCLUSION_DURATIONS, RESPONSIBLE_DURATION_NAMES, RESPONSIBLE_KIND_NAMES, RESPONSIBLE_STATE_NAMES, type BreakKind } from '@casino/contract';
import { Form, Radio, Tag, Typography } from 'antd';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { useResponsibleExtend, type AdminResponsibleState } from '../../hooks/api/responsible';

/** 冷静期中 / 自我排除中, coloured by how hard the break is */
export function BreakTag({ kind }: { kind: BreakKind | null }) {
  if (!kind) return <Tag>无</Tag>;
  return <Tag color={kind === 'exclusion' ? 'red' : 'orange'}>{RESPONSIBLE_STATE_NAMES[kind] ?? kind}</Tag>;
}

/**
 * 延长: the only change an operator may make to a member's break. The new self-exclusion runs
 * from the current end (a time-out becomes a self-exclusion), so it can never end earlier; the
 * server refuses anything else and audits the change with the reason.
 */
export function ExtendDialog({ username, kind, endsAt, onClose }: { username: string; kind: BreakKind; endsAt: string; onClose: () => void }) {
  const extend = useResponsibleExtend();
  return (
    <ActionModal<{ duration: string; reason: string }>
      open
      title={`延长自我排除 · ${username}`}
      warning={
        <>
          该会员正在{RESPONSIBLE_KIND_NAMES[kind] ?? kind}中，至 {endsAt}（北京时间）结束。延长的时长从当前结束时间起算
          {kind === 'timeout' ? '，冷静期将转为自我排除' : ''}。自我排除只能延长，任何人都不能缩短或提前解除。
        </>
      }
      schema={adminResponsibleExtendSchema}
      fixed={{ username }}
      initialValues={{ duration: '6m' }}
      okText="确认延长"
      danger
      onClose={onClose}
      submit={(v) => extend.mutateAsync({ username, duration: v.duration, reason: v.reason })}
      result={(d) => {
        const b = (d as AdminResponsibleState).active_break;
        return b ? (
          <Typography.Text data-testid="extend-result">
            {username} 的{RESPONSIBLE_KIND_NAMES[b.kind] ?? b.kind}现至 <b>{b.ends_at}</b>（北京时间）结束。
          </Typography.Text>
        ) : null;
      }}
    >
      <Form.Item name="duration" label="延长时长" rules={[{ required: true, message: '请选择延长时长' }]}>
        <Radio.Group optionType="button" options={EXCLUSION_DURATIONS.map((d) => ({ value: d, label: RESPONSIBLE_DURATION_NAMES[d] ?? d }))} />
      </Form.Item>
      <ReasonField label="延长原因" />
    </ActionModal>
  );
}
