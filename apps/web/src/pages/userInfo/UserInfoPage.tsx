import { ComingSoon } from '../../components/ComingSoon';
import { IconIdCard } from '../../components/icons';

/** 个人资料: placeholder until its feature is built (replace this file). */
export default function UserInfoPage() {
  return <ComingSoon title="个人资料" description="个人资料管理即将开放" icon={<IconIdCard />} />;
}
