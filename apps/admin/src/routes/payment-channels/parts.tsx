import { CHANNEL_STATE_NAMES, KEY_CHANGE_STATUS_NAMES, type ChannelState, type PaymentChannelMethod, type PaymentChannelRow } from '@casino/contract';
import { Button, Tag, Tooltip } from 'antd';
import { Confirmed } from '../../components/Confirmed';
import { useChannelAction } from '../../hooks/api/payment-channels';
import { yuan } from '../../lib/format';

const STATE_COLORS: Record<ChannelState, string> = { enabled: 'green', disabled: 'default', paused: 'orange' };

/** 启用 / 停用 / 已自动暂停; a paused channel says why and since when */
export function ChannelStateTag({ row }: { row: Pick<PaymentChannelRow, 'state' | 'state_name' | 'paused_reason' | 'paused_at'> & Partial<Pick<PaymentChannelRow, 'approved' | 'pending_key_change'>> }) {
  // issue 33: a new channel is not used until a second operator approves its settings
  if (row.approved === false) {
    return (
      <Tooltip title="通道设置需另一位操作员批准后才会参与分配">
        <Tag color="gold" data-testid="channel-state">
          {KEY_CHANGE_STATUS_NAMES.pending}
        </Tag>
      </Tooltip>
    );
  }
  const tag = (
    <Tag color={STATE_COLORS[row.state]} data-testid="channel-state">
      {row.state_name || CHANNEL_STATE_NAMES[row.state]}
    </Tag>
  );
  if (row.state !== 'paused' || !row.paused_reason) return tag;
  return <Tooltip title={`${row.paused_at ?? ''} ${row.paused_reason}`.trim()}>{tag}</Tooltip>;
}

/** a method's amounts in words: the fixed list, or the range (an end left empty is the site's setting) */
export function methodAmounts(m: Pick<PaymentChannelMethod, 'min' | 'max' | 'amounts'>): string {
  if (m.amounts.length) return `固定 ${m.amounts.map((a) => yuan(a).replace(/\.00$/, '')).join(' / ')}`;
  if (m.min === null && m.max === null) return '按存款方式设置';
  return `${m.min === null ? '站点最低' : yuan(m.min)} ~ ${m.max === null ? '站点最高' : yuan(m.max)}`;
}

/** the daily cap: 0 is none */
export const capText = (cap: number) => (cap > 0 ? yuan(cap) : '不限');

/** 启用 / 停用 (a paused channel: 恢复), confirmed; the server's message after */
export function ChannelSwitch({ row, link = true }: { row: PaymentChannelRow; link?: boolean }) {
  const action = useChannelAction();
  const on = row.state === 'enabled';
  const label = on ? '停用' : row.state === 'paused' ? '恢复' : '启用';
  return (
    <Confirmed
      title={`${label}通道「${row.name}」？`}
      description={on ? '之后的存款不再分配到此通道；已下的订单照常回调入账。' : '之后的存款将按权重分配到此通道。'}
      danger={on}
      okText={label}
      run={() => action.mutateAsync({ action: 'update', body: { id: row.id, state: on ? 'disabled' : 'enabled' } })}
    >
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : 'middle'} danger={on} data-testid="channel-switch">
        {label}
      </Button>
    </Confirmed>
  );
}

/** issue 34: a success rate, '-' for a day (or span) without orders */
export const rateText = (orders: number, rate: number) => (orders > 0 ? `${rate.toFixed(2)}%` : '-');
