import type { MemberRecordKind } from '@casino/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QueryError } from '../../components/QueryError';
import { memberRecords, membersKey } from '../../hooks/api/members';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';

/** Column names of the record lists (the server's field names, in Chinese). */
const LABELS: Record<string, string> = {
  id: '编号',
  created_at: '时间',
  kind: '类型',
  type: '类型',
  amount: '金额',
  balance_after: '变动后余额',
  reference: '关联单号',
  memo: '说明',
  remark: '备注',
  source: '来源',
  credited: '入账金额',
  required: '要求打码',
  done: '已完成',
  filled: '已完成',
  remaining: '剩余',
  platform: '场馆',
  direction: '方向',
  status: '状态',
  state: '状态',
  transfer_id: '转账单号',
  bet_id: '注单号',
  game: '游戏',
  game_name: '游戏',
  bet_amount: '投注额',
  valid_amount: '有效投注',
  win_amount: '派彩',
  payout: '派彩',
  settled_at: '结算时间',
  deposit_no: '存款单号',
  withdraw_no: '取款单号',
  paytype: '方式',
  bonus_amount: '赠送',
  reason: '原因',
  ip: '地址',
  device: '设备',
  user_agent: '设备',
  success: '结果',
  operator: '操作员',
  action: '动作',
  target: '对象',
  detail: '详情',
  from: '转出账户',
  to: '转入账户',
  created_by: '发起方',
  attempts: '查询次数',
  last_error: '最后错误',
  bank: '银行',
  card_type: '卡类型',
  category_id: '分类',
  credited_amount: '入账金额',
  credited_at: '入账时间',
  paid_amount: '实付金额',
  decided_at: '处理时间',
  claimed_at: '领取时间',
  completed_at: '完成时间',
  needs_two: '需双人审核',
  turnover_multiple: '打码倍数',
  win_loss: '输赢',
  grab_no: '红包单号',
  day: '日期',
  vip: 'VIP',
  central_change: '中心钱包变动',
};

const MONEY = new Set(['credited_amount', 'paid_amount', 'win_loss', 'central_change', 'amount', 'balance_after', 'credited', 'required', 'done', 'filled', 'remaining', 'bet_amount', 'valid_amount', 'win_amount', 'payout', 'bonus_amount']);

function show(key: string, v: unknown) {
  if (v === null || v === undefined || v === '') return '-';
  if (MONEY.has(key) && typeof v === 'number') return <span className="tabular">{yuan(v)}</span>;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return <code style={{ fontSize: 12, wordBreak: 'break-all' }}>{JSON.stringify(v)}</code>;
  return String(v);
}

/** One paged record list of the member 360 view; its columns are the fields the server sends. */
export function RecordsTable({ username, kind }: { username: string; kind: MemberRecordKind }) {
  const table = useTable<Record<string, unknown>, object>([...membersKey, 'records', username, kind], memberRecords(username, kind), { pageSize: 10 });
  const first = table.query.data?.data[0];
  const columns: ColumnsType<Record<string, unknown>> = first
    ? Object.keys(first).map((key) => ({ title: LABELS[key] ?? key, dataIndex: key, key, align: MONEY.has(key) ? 'right' : undefined, render: (v: unknown) => show(key, v) }))
    : [{ title: '记录', key: 'none' }];
  return (
    <>
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} /> : null}
      <Table rowKey={(r) => String(r.id ?? r.transfer_id ?? r.deposit_no ?? r.withdraw_no ?? r.bet_id ?? JSON.stringify(r))} columns={columns} size="small" scroll={{ x: 'max-content' }} {...table.tableProps} />
    </>
  );
}
