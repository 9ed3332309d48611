import { ComingSoon } from '../../components/ComingSoon';
import { IconDeposit } from '../../components/icons';

/** APP下载: placeholder until its feature is built (replace this file). */
export default function AppDownloadPage() {
  return <ComingSoon title="APP下载" description="专属客户端下载即将开放，敬请期待" icon={<IconDeposit />} />;
}
