import { ComingSoon } from '../../components/ComingSoon';
import { IconRecords } from '../../components/icons';

/** 活动记录: placeholder until its feature is built (replace this file). */
export default function ActivityRecordPage() {
  return <ComingSoon title="活动记录" description="活动申请记录即将开放" icon={<IconRecords />} />;
}
