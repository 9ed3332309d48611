import { Component, type ReactNode } from 'react';
import { MSG } from '@casino/contract';
import { forgetFailedLoads } from '../lib/retryableLazy';
import { toast } from '../ui/feedback';

/**
 * Around an optional piece loaded on demand (the drawer, the quick-pick panel): if its chunk
 * cannot be fetched, the member is told the network failed and the rest of the page stays;
 * `onFailed` lets the owner unmount it so the next tap imports it again.
 */
export class ChunkBoundary extends Component<{ children: ReactNode; onFailed(): void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    void forgetFailedLoads();
    toast(MSG.networkError, 'fail');
    this.props.onFailed();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
