import { ComingSoon } from '../../components/ComingSoon';
import { IconShield } from '../../components/icons';

/** 安全中心: placeholder until its feature is built (replace this file). */
export default function UserCentPage() {
  return <ComingSoon title="安全中心" description="账户安全设置即将开放" icon={<IconShield />} />;
}
