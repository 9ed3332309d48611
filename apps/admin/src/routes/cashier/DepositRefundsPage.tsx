import { adminDepositRefundMarkSchema, DEPOSIT_REFUND_STATE_NAMES, type AdminDepositRefundRow, type DepositRefundState } from '@casino/contract';
import { Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useDepositRefunds, useMarkRefunded } from '../../hooks/api/deposit-refunds';
import { yuan } from '../../lib/format';

const STATE_COLOR: Record<DepositRefundState, string> = { owed: 'orange', refunded: 'green' };

/**
 * Issue 33: refunds owed to members: what an approved deposit could not credit under the member's
 * deposit limits (or paid during a break). Finance pays each back outside the platform and marks
 * it 已退款 here (once, audited).
 */
export default function DepositRefundsPage() {
  const [state, setState] = useState<DepositRefundState | 'all'>('owed');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [marking, setMarking] = useState<AdminDepositRefundRow | null>(null);
  const me = useMe().data;
  const list = useDepositRefunds({ state: state === 'all' ? undefined : state, username: username || undefined, page });
  const mark = useMarkRefunded();
  const canMark = can(me, 'deposits.refunds');
  return (
    <>
      <PageTitle title="存款退款" />
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Space wrap>
            <Segmented
              value={state}
              onChange={(v) => {
                setState(v as DepositRefundState | 'all');
                setPage(1);
              }}
              options={[
                { label: DEPOSIT_REFUND_STATE_NAMES.owed, value: 'owed' },
                { label: DEPOSIT_REFUND_STATE_NAMES.refunded, value: 'refunded' },
                { label: '全部', value: 'all' },
              ]}
            />
            <Input.Search
              allowClear
              placeholder="会员账号"
              style={{ width: 200 }}
              onSearch={(v) => {
                setUsername(v.trim());
                setPage(1);
              }}
            />
            <span data-testid="refunds-owed-total">
              待退款合计 <b className="tabular">{yuan(list.data?.owed_total ?? 0)}</b> 元
            </span>
          </Space>
          {list.isError ? <QueryError error={list.error} retry={list.refetch} /> : null}
          <Table<AdminDepositRefundRow>
            rowKey="id"
            size="small"
            loading={list.isPending}
            scroll={{ x: 'max-content' }}
            dataSource={list.data?.data ?? []}
            pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
            locale={{ emptyText: state === 'owed' ? '没有待退款的存款' : '暂无记录' }}
            columns={[
              { title: '存款单号', dataIndex: 'deposit_no', render: (v: string) => <Typography.Text copyable style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
              { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
              { title: '实付', dataIndex: 'paid_amount', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
              { title: '已入账', dataIndex: 'credited_amount', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
              { title: '应退金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b className="tabular" style={{ whiteSpace: 'nowrap' }}>{yuan(v)}</b> },
              { title: '原因', dataIndex: 'reason_name' },
              { title: '状态', dataIndex: 'state', render: (v: DepositRefundState, r) => <Tag color={STATE_COLOR[v]}>{r.state_name}</Tag> },
              { title: '审核人', dataIndex: 'created_by' },
              { title: '记录时间', dataIndex: 'created_at', width: 160 },
              { title: '退款处理', key: 'done', render: (_: unknown, r) => (r.refunded_by ? `${r.refunded_by}（${r.refunded_at}）${r.note ? `：${r.note}` : ''}` : '-') },
              {
                title: '操作',
                key: 'op',
                fixed: 'right',
                width: 110,
                render: (_: unknown, r) =>
                  canMark && r.state === 'owed' ? (
                    <Button size="small" type="primary" onClick={() => setMarking(r)}>
                      标记已退款
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Space>
      </Card>
      {marking ? (
        <ActionModal<{ reason: string }>
          open
          title={`标记已退款 · ${marking.deposit_no}`}
          warning={`确认已将 ${yuan(marking.amount)} 元退回会员 ${marking.username}。标记后不可撤销，将记录在审计日志中。`}
          schema={adminDepositRefundMarkSchema}
          fixed={{ id: marking.id }}
          okText="确认已退款"
          onClose={() => setMarking(null)}
          submit={(v) => mark.mutateAsync({ id: marking.id, reason: v.reason })}
        >
          <ReasonField label="退款说明（如退款流水号）" />
        </ActionModal>
      ) : null}
    </>
  );
}
