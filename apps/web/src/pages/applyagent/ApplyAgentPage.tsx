import { ComingSoon } from '../../components/ComingSoon';
import { IconUserPlus } from '../../components/icons';

/** 代理加盟: placeholder until its feature is built (replace this file). */
export default function ApplyAgentPage() {
  return <ComingSoon title="代理加盟" description="代理加盟申请即将开放，敬请期待" icon={<IconUserPlus />} />;
}
