import type { AdminDepositDetail } from '@casino/contract';
import { Alert, Descriptions, Skeleton, Space } from 'antd';
import { QueryError } from '../../components/QueryError';
import type { useDepositDetail } from '../../hooks/api/deposit-refunds';
import { yuan } from '../../lib/format';

/**
 * Issue 33 / 34 point 10: the deposit review's hint. The member's break and deposit limits (what
 * is used and left, this order left out), and what approving credits against what is owed back
 * as a refund (the server's own figures: /admin/api/deposits/get).
 */
export function DepositLimitNotice({ detail, after = '批准后' }: { detail: ReturnType<typeof useDepositDetail>; /** the first of two approvals credits nothing: what the second would do */ after?: string }) {
  if (detail.isError) return <QueryError error={detail.error} retry={detail.refetch} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const d: AdminDepositDetail = detail.data;
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }} size={8} data-testid="deposit-limit-notice">
      {d.hints.length > 0 ? (
        <Alert type="warning" showIcon title={d.active_break ? `会员${d.active_break.kind_name}中` : '会员存款限额'} description={d.hints.map((h) => <div key={h}>{h}</div>)} data-testid="deposit-limit-warning" />
      ) : null}
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="存款限额">
          {d.limits.length === 0
            ? '未设置'
            : d.limits.map((l) => (
                <div key={l.period} className="tabular">
                  {l.period_name} {yuan(l.amount)} 元：已用 {yuan(l.used)}，剩余 {yuan(l.left)}
                </div>
              ))}
        </Descriptions.Item>
        {d.preview ? (
          <Descriptions.Item label={after}>
            <span className="tabular">
              入账 <b>{yuan(d.preview.credit)}</b> 元
              {d.preview.refund > 0 ? (
                <>
                  ，记为待退款 <b style={{ color: '#cf1322' }}>{yuan(d.preview.refund)}</b> 元
                </>
              ) : null}
              （实付 {yuan(d.preview.paid)} 元）
            </span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Space>
  );
}
