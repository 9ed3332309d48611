import { IconChevronRight, IconService } from '../../components/icons';
import { AppLink } from '../../lib/nav';
import { HELP_TOPICS } from './helpTopics';
import './HelpCenterPage.css';

/** 帮助中心: the help topics, each opening /boutBallBetInfo?type=N. */
export default function HelpCenterPage() {
  return (
    <div className="page-body help" data-testid="help-center">
      <header className="help-hero">
        <p className="help-hero-title">您好，有什么可以帮您？</p>
        <p className="help-hero-sub">常见问题、规则说明与服务指南，一站查阅</p>
      </header>
      <nav className="card help-list" aria-label="帮助主题">
        {HELP_TOPICS.map(({ type, title, desc, icon: Icon }) => (
          <AppLink key={type} to={`/boutBallBetInfo?type=${type}`} className="help-item" data-testid={`help-item-${type}`}>
            <span className="help-icon">
              <Icon size={22} />
            </span>
            <span className="help-text">
              <span className="help-title">{title}</span>
              <span className="help-desc">{desc}</span>
            </span>
            <IconChevronRight size={18} className="help-arrow" />
          </AppLink>
        ))}
      </nav>
      <AppLink to="/kefu" className="card help-kefu" data-testid="help-kefu">
        <span className="help-icon help-icon--navy">
          <IconService size={22} />
        </span>
        <span className="help-text">
          <span className="help-title">没有找到答案？</span>
          <span className="help-desc">联系在线客服，随时留言咨询</span>
        </span>
        <span className="btn-gold">联系客服</span>
      </AppLink>
    </div>
  );
}
