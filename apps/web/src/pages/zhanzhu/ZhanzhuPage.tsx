import { ComingSoon } from '../../components/ComingSoon';
import { IconCrown } from '../../components/icons';

/** 赞助合作: placeholder until its feature is built (replace this file). */
export default function ZhanzhuPage() {
  return <ComingSoon title="赞助合作" description="官方赞助与合作伙伴介绍即将上线" icon={<IconCrown />} />;
}
