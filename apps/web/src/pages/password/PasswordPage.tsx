import { ComingSoon } from '../../components/ComingSoon';
import { IconLock } from '../../components/icons';

/** 修改密码: placeholder until its feature is built (replace this file). */
export default function PasswordPage() {
  return <ComingSoon title="修改密码" description="登录密码与支付密码修改即将开放" icon={<IconLock />} />;
}
