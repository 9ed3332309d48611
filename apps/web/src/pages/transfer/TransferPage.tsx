import { useState, type FormEvent } from 'react';
import { Switch } from 'antd-mobile';
import {
  CENTRAL_WALLET,
  check,
  fenToYuan,
  formatYuan,
  MSG,
  TIMERS,
  transferSchema,
  WALLET_MSG,
  yuanToFen,
  type BalanceEntry,
} from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { useSession } from '../../session/store';
import { toast } from '../../ui/feedback';
import { patchUser, toastResult, useAfterMoneyMoved, useBalanceList } from '../../hooks/api/wallet';
import { BalanceHero, VenueGrid } from '../../money/BalancePanel';
import { IconChevronDown, IconSwap } from '../../money/icons';
import { AmountActions, AmountInput, KefuLine } from '../../money/moneyForm';
import { IconCheck } from '../../components/icons';
import { Sheet } from '../../components/Sheet';
import { SubmitButton } from '../../components/SubmitButton';
import { Money } from '../../components/Money';
import './TransferPage.css';

type Side = 'source' | 'target';

/**
 * 转账 (spec sections 2, 4, 5): balances as on withdrawal (venue list collapsed to 4, the
 * synthetic 平台钱包 entry hidden), the 自动免转 switch, and while it is off the manual form.
 * POST /api/balancelist every 1.5 s, silently, while this screen is shown.
 */
export default function TransferPage() {
  const w = useBalanceList({ intervalMs: TIMERS.transferPollMs });
  const user = useSession((s) => s.user);
  const autoOn = Number(user?.transferstatus) === 1;

  return (
    <div className="page-body tf" data-testid="transfer">
      <BalanceHero
        central={w.central}
        game={w.game}
        loading={w.loading && !w.loaded}
        refreshing={w.refreshing}
        onRefresh={w.refresh}
      />
      <VenueGrid venues={w.venues} loading={w.loading} failed={w.failed} onRetry={w.refresh} collapsed={4} columns={2} />
      <AutoTransferSwitch />
      {user && !autoOn ? <TransferForm entries={w.entries} /> : null}
      {user && autoOn ? (
        <div className="card tf-auto-note" data-testid="transfer-auto-note">
          <b>自动免转已开启</b>
          进入游戏时，中心钱包余额将自动转入该场馆，无需手动转账。如需在钱包之间手动转账，请先关闭自动免转。
        </div>
      ) : null}
    </div>
  );
}

/** 自动免转: POST /api/uptransferstatus, then 操作成功！ and the cached userInfo follows. */
function AutoTransferSwitch() {
  const user = useSession((s) => s.user);
  const checked = Number(user?.transferstatus) === 1;

  const toggle = async (next: boolean) => {
    const transferstatus = next ? 1 : 0;
    const res = await apiPost('/api/uptransferstatus', { transferstatus });
    if (res.code === 200) {
      patchUser({ transferstatus });
      toast(MSG.okToggle, 'success');
      return;
    }
    const fail = failureText(res);
    if (fail) toast(fail, 'fail');
  };

  return (
    <section className="card tf-switch">
      <div className="tf-switch-text">
        <span className="tf-switch-title">自动免转</span>
        <span className="tf-switch-desc">开启后，余额将自动转入您进入的游戏场馆</span>
      </div>
      {user ? (
        <Switch checked={checked} onChange={toggle} data-testid="auto-transfer-switch" aria-label="自动免转" />
      ) : (
        <span className="sk" style={{ width: 51, height: 31, borderRadius: 16 }} />
      )}
    </section>
  );
}

function TransferForm({ entries }: { entries: BalanceEntry[] }) {
  const [source, setSource] = useState<string>(CENTRAL_WALLET);
  const [target, setTarget] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<Side | null>(null);
  const [busy, setBusy] = useState(false);
  const afterMoved = useAfterMoneyMoved();

  const find = (platname: string) => entries.find((e) => e.platname === platname);
  const sourceEntry = find(source);
  const targetEntry = find(target);

  // picking the wallet already on the other side swaps the two
  const changeSource = (next: string) => {
    if (next === source) return;
    if (next === target) setTarget(source);
    setSource(next);
    setAmount(''); // spec section 4: changing the source clears the amount
  };
  const changeTarget = (next: string) => {
    if (next === target) return;
    if (next === source) {
      setSource(target);
      setAmount('');
    }
    setTarget(next);
  };
  const swap = () => {
    if (!target && !source) return;
    setSource(target);
    setTarget(source);
    setAmount('');
  };

  const fillMax = () => {
    if (!sourceEntry) return toast(WALLET_MSG.sourceRequired);
    setAmount(formatYuan(Math.max(0, sourceEntry.balance)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = check(transferSchema, { amount: amount.replace(/\.$/, ''), sourcetype: source, targettype: target });
    if (!checked.ok) return toast(checked.message);
    const available = sourceEntry ? yuanToFen(formatYuan(sourceEntry.balance)) : null;
    if (available !== null && checked.data.amount > available) return toast(WALLET_MSG.insufficient);

    setBusy(true);
    const res = await apiPost('/api/transfer', {
      amount: fenToYuan(checked.data.amount),
      sourcetype: checked.data.sourcetype,
      targettype: checked.data.targettype,
    });
    setBusy(false);
    if (toastResult(res)) setAmount('');
    if (!res.network) void afterMoved();
  };

  return (
    <form className="card tf-form" onSubmit={submit} noValidate data-testid="transfer-form">
      <div className="tf-wallets">
        <WalletField side="source" label="转出钱包" entry={sourceEntry} onOpen={() => setPicking('source')} />
        <button
          type="button"
          className="tf-swap"
          aria-label="交换转出和转入钱包"
          data-testid="transfer-swap"
          onClick={swap}
          disabled={!target && !source}
        >
          <IconSwap size={18} />
        </button>
        <WalletField side="target" label="转入钱包" entry={targetEntry} onOpen={() => setPicking('target')} />
      </div>

      <label className="tf-label" htmlFor="tf-amount">
        转账金额
      </label>
      <div className="tf-amount">
        <span className="amt-cur">¥</span>
        <AmountInput id="tf-amount" placeholder="请输入转账金额" value={amount} onChange={setAmount} data-testid="transfer-amount" />
        <AmountActions value={amount} onClear={() => setAmount('')} onMax={fillMax} maxTestId="transfer-max" />
      </div>
      <div className="tf-available">
        {sourceEntry ? (
          <>
            {sourceEntry.name}可转出：
            <b>
              <Money testId="transfer-available">{`¥${formatYuan(sourceEntry.balance, true)}`}</Money>
            </b>
          </>
        ) : (
          '请选择转出钱包'
        )}
      </div>

      <SubmitButton busy={busy} label="立即转账" busyLabel="转账中…" testId="transfer-submit" className="tf-submit" />
      <KefuLine question="转账遇到问题？" label="联系人工客服" testId="transfer-kefu" />

      <WalletPopup
        open={picking !== null}
        entries={entries}
        selected={picking === 'source' ? source : target}
        onClose={() => setPicking(null)}
        onPick={(platname) => {
          if (picking === 'source') changeSource(platname);
          else if (picking === 'target') changeTarget(platname);
          setPicking(null);
        }}
      />
    </form>
  );
}

function WalletField({ side, label, entry, onOpen }: { side: Side; label: string; entry?: BalanceEntry; onOpen(): void }) {
  return (
    <button type="button" className="tf-wallet" onClick={onOpen} data-testid={`transfer-${side}`}>
      <span className="tf-wallet-label">{label}</span>
      <span className={`tf-wallet-name${entry ? '' : ' tf-wallet-name--empty'}`} data-testid={`transfer-${side}-name`}>
        {entry ? entry.name : '请选择'}
      </span>
      {entry ? <Money className="tf-wallet-balance">{`¥${formatYuan(entry.balance, true)}`}</Money> : <span className="tf-wallet-balance">{'\u00a0'}</span>}
      <IconChevronDown size={16} className="tf-wallet-chev" />
    </button>
  );
}

/** The bottom popup 选择钱包: every wallet with its balance. */
function WalletPopup({
  open,
  entries,
  selected,
  onClose,
  onPick,
}: {
  open: boolean;
  entries: BalanceEntry[];
  selected: string;
  onClose(): void;
  onPick(platname: string): void;
}) {
  return (
    <Sheet open={open} title="选择钱包" onClose={onClose} destroyOnClose testId="wallet-popup">
      <ul className="tf-pop-list">
        {entries.length === 0 ? (
          <li className="tf-pop-empty">钱包加载中…</li>
        ) : (
          entries.map((e) => (
            <li key={e.platname}>
              <button
                type="button"
                className={`tf-pop-item${e.platname === selected ? ' tf-pop-item--on' : ''}`}
                onClick={() => onPick(e.platname)}
                data-testid={`wallet-option-${e.platname}`}
              >
                <span className={`tf-pop-badge${e.platname === CENTRAL_WALLET ? ' tf-pop-badge--central' : ''}`}>
                  {e.name.slice(0, 1)}
                </span>
                <span className="tf-pop-name">{e.name}</span>
                <Money className="tf-pop-balance">{`¥${formatYuan(e.balance, true)}`}</Money>
                <span className="tf-pop-check">{e.platname === selected ? <IconCheck size={18} strokeWidth={2.4} /> : null}</span>
              </button>
            </li>
          ))
        )}
      </ul>
    </Sheet>
  );
}
