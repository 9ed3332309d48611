import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';

interface State {
  error: unknown;
  attempts: number;
}

/**
 * Wraps each screen: when its code (or a render) fails, shows what happened with a retry that
 * downloads the screen again, instead of a blank page. The key of the child changes on retry
 * so the screen mounts afresh.
 */
export class RouteBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null, attempts: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    // moving to another screen clears the error
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  retry = () => {
    // the screen mounts afresh, and a screen whose code failed to download downloads it again (lib/lazy-page.tsx)
    this.setState((s) => ({ error: null, attempts: s.attempts + 1 }));
  };

  render() {
    if (this.state.error) {
      const chunk = isChunkError(this.state.error);
      return (
        <Result
          status="warning"
          title={chunk ? '页面加载失败' : '页面出错了'}
          subTitle={chunk ? '网络不稳定，页面文件没有下载完整。请检查网络后重试。' : '请重试；如果问题持续，请联系技术支持。'}
          extra={[
            <Button type="primary" key="retry" onClick={this.retry}>
              重试
            </Button>,
            this.state.attempts > 0 ? (
              <Button key="reload" onClick={() => window.location.reload()}>
                刷新整个页面
              </Button>
            ) : null,
          ]}
        />
      );
    }
    return <div key={this.state.attempts}>{this.props.children}</div>;
  }
}

function isChunkError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Failed to fetch|Importing a module script failed|error loading|ChunkLoadError/i.test(text);
}
