import { ComingSoon } from '../../components/ComingSoon';
import { IconRecords } from '../../components/icons';

/** 交易记录: placeholder until its feature is built (replace this file). */
export default function TransRecordPage() {
  return <ComingSoon title="交易记录" description="存取款与转账记录即将开放" icon={<IconRecords />} />;
}
