import { ComingSoon } from '../../components/ComingSoon';
import { IconRecords } from '../../components/icons';

/** 投注记录: placeholder until its feature is built (replace this file). */
export default function BetRecordPage() {
  return <ComingSoon title="投注记录" description="投注记录查询即将开放" icon={<IconRecords />} />;
}
