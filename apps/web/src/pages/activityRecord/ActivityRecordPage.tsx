import { ACTIVITY_STATE_LABEL, formatYuan, type ActivityApplyRecord } from '@casino/contract';
import { Money } from '../../components/Money';
import { RecordList, usePagedList } from '../../money/records';

const TONE: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red' };

/** 活动记录 (/activityRecord, spec sections 3, 4): the member's activity applications, states 1 审核中, 2 已通过, 3 已拒绝. */
export default function ActivityRecordPage() {
  const list = usePagedList<ActivityApplyRecord>('/api/activityApplyLog', {}, (a) => a.apply_no);
  return (
    <div className="rec-page" data-testid="activity-record">
      <div className="rec-body">
        <RecordList
          list={list}
          testId="activity-record-list"
          emptyTitle="暂无活动申请"
          emptyText="在优惠活动详情页点击立即申请即可参与"
          emptyLink={{ to: '/activity', label: '查看优惠活动' }}
          render={(a) => (
            <article className="card rec-item" key={a.apply_no} data-testid="activity-record-item">
              <div className="rec-item-head">
                <span className="rec-item-title">{a.activity_name}</span>
                <span className={`rec-tag rec-tag--${TONE[Number(a.state)] ?? 'grey'}`} data-testid="activity-record-state">
                  {ACTIVITY_STATE_LABEL[Number(a.state)] ?? '未知'}
                </span>
              </div>
              {Number(a.state) === 2 && a.bonus > 0 ? (
                <div className="rec-item-figures">
                  <div className="rec-fig">
                    <span className="rec-fig-label">活动彩金</span>
                    <Money className="rec-fig-value rec-win">{formatYuan(a.bonus, true)}</Money>
                  </div>
                </div>
              ) : null}
              {Number(a.state) === 3 && a.reason ? <p style={{ margin: '8px 0 0', fontSize: 12, color: 'var(--c-red)' }} data-testid="activity-record-reason">拒绝原因：{a.reason}</p> : null}
              <div className="rec-item-foot">
                <span>单号：{a.apply_no}</span>
                <span className="num">{a.created_at}</span>
              </div>
            </article>
          )}
        />
      </div>
    </div>
  );
}
