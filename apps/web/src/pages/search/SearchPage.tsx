import { ComingSoon } from '../../components/ComingSoon';
import { IconGlobe } from '../../components/icons';

/** 搜索: placeholder until its feature is built (replace this file). */
export default function SearchPage() {
  return <ComingSoon title="搜索" description="游戏搜索即将开放，敬请期待" icon={<IconGlobe />} />;
}
