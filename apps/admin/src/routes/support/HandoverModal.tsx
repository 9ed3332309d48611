import { type ChatConversationRow } from '@casino/contract';
import { App, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { QueryError } from '../../components/QueryError';
import { useMe } from '../../hooks/api/auth';
import { useChatAction, useChatOperators } from '../../hooks/api/chat';

/** hand over (the holder), or the supervisor's 强制转接 (`force`): any active support operator but the holder */
export function HandoverModal({ conversation, onClose, force = false }: { conversation: ChatConversationRow | null; onClose: () => void; force?: boolean }) {
  const { message } = App.useApp();
  const me = useMe();
  const ops = useChatOperators(conversation !== null);
  const action = useChatAction();
  const [to, setTo] = useState<number | undefined>();
  useEffect(() => setTo(undefined), [conversation]);
  const choices = (ops.data ?? []).filter((o) => (force ? o.id !== conversation?.admin_id : o.id !== me.data?.id));
  return (
    <Modal
      open={conversation !== null}
      title={force ? '强制转接会话' : '转接会话'}
      okText={force ? '确认强制转接' : '确认转接'}
      okButtonProps={{ disabled: !to, loading: action.isPending }}
      onCancel={onClose}
      onOk={() =>
        conversation &&
        to &&
        action.mutate(
          { action: 'handover', body: { conversation_id: conversation.id, to_admin_id: to, ...(force ? { force: true } : {}) } },
          { onSuccess: (r) => { message.success(r.message); onClose(); }, onError: (e) => message.error(errorText(e)) },
        )
      }
    >
      {ops.isError ? <QueryError error={ops.error} retry={ops.refetch} /> : null}
      {force ? (
        <p>
          与 {conversation?.username} 的会话目前由 {conversation?.admin_name} 接待。强制转接后 {conversation?.admin_name} 将不能再回复此会话，此操作会记入操作日志。
        </p>
      ) : (
        <p>把与 {conversation?.username} 的会话转给另一位客服。转接后您将不能再回复此会话。</p>
      )}
      <Select
        style={{ width: '100%' }}
        placeholder="选择客服"
        loading={ops.isLoading}
        value={to}
        onChange={setTo}
        notFoundContent="没有其他有在线客服权限的操作员"
        options={choices.map((o) => ({ value: o.id, label: `${o.username}（${o.role}，接待中 ${o.open}）` }))}
        data-testid="handover-select"
      />
    </Modal>
  );
}
