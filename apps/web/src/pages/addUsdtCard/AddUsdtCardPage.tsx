import { useState, type FormEvent } from 'react';
import {
  CARD_LIMITS,
  CARD_MSG,
  CARD_TYPE,
  DEFAULT_USDT_PROTOCOL,
  USDT_BANK,
  USDT_PROTOCOLS,
  usdtBindSchema,
  type UsdtProtocol,
} from '@casino/contract';
import { AppLink } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { ChainChip, UsdtMark } from '../wallet/CardArt';
import { CardSubmit, FormRow, TextInput } from '../wallet/CardForm';
import { useBindCard, useCards, WALLET_TAB } from '../../hooks/api/cards';

const PROTOCOL_INFO: Record<UsdtProtocol, { network: string; note: string; placeholder: string; format: string }> = {
  TRC20: { network: '波场 TRON', note: '手续费低 · 到账快', placeholder: '请输入以T开头的TRC20地址', format: 'TRC20 地址以大写 T 开头，共 34 位' },
  ERC20: { network: '以太坊 Ethereum', note: '手续费较高', placeholder: '请输入以0x开头的ERC20地址', format: 'ERC20 地址以 0x 开头，共 42 位' },
};

/**
 * 添加USDT地址 (spec section 5 "Cards"): protocol (TRC20 by default), address, payment password,
 * checked in the browser with the server's own rules first; then POST /api/bindcard with bank
 * USDT and the protocol as bank_owner; 绑定成功 goes back to /wallet on the USDT tab.
 */
export default function AddUsdtCardPage() {
  const existing = useCards(CARD_TYPE.usdt);
  const [protocol, setProtocol] = useState<UsdtProtocol>(DEFAULT_USDT_PROTOCOL);
  const [address, setAddress] = useState('');
  const [payPass, setPayPass] = useState('');
  const { busy, bind } = useBindCard(CARD_TYPE.usdt, () => setPayPass(''));
  const full = (existing.data?.length ?? 0) >= CARD_LIMITS.perType;
  const info = PROTOCOL_INFO[protocol];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void bind(usdtBindSchema, { bank: USDT_BANK, bank_owner: protocol, bank_no: address.trim(), pay_pass: payPass, bank_address: '' });
  };

  return (
    <div className="page-body cf" data-testid="add-usdt">
      <div className="cf-hero">
        <UsdtMark size={42} />
        <div className="cf-hero-text">
          <b>绑定USDT提款地址</b>
          <span>每位会员最多绑定 {CARD_LIMITS.perType} 个地址，请务必核对协议与地址</span>
        </div>
      </div>

      {full ? (
        <div className="cf-full" data-testid="add-usdt-full">
          {CARD_MSG.usdtLimit}，请先解绑不再使用的地址。
          <AppLink to={`/wallet?type=${WALLET_TAB.usdt}`}>去管理</AppLink>
        </div>
      ) : null}

      <form className="card cf-form" onSubmit={submit} noValidate data-testid="usdt-form">
        <FormRow label="钱包协议">
          <div className="cf-protocols" role="radiogroup" aria-label="钱包协议">
            {USDT_PROTOCOLS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={p === protocol}
                className={`cf-protocol${p === protocol ? ' cf-protocol--on' : ''}`}
                onClick={() => setProtocol(p)}
                data-testid={`usdt-protocol-${p}`}
              >
                <b>{p}</b>
                <span>{PROTOCOL_INFO[p].network}</span>
                <span>{PROTOCOL_INFO[p].note}</span>
                {p === 'TRC20' ? <span className="cf-protocol-tag">推荐</span> : null}
              </button>
            ))}
          </div>
        </FormRow>

        <FormRow label="USDT地址" htmlFor="usdt-address" hint={info.format}>
          <TextInput
            id="usdt-address"
            value={address}
            onChange={(v) => setAddress(v.replace(/\s+/g, ''))}
            placeholder={info.placeholder}
            maxLength={CARD_LIMITS.addressMax}
            testId="usdt-address"
            trailing={<ChainChip protocol={protocol} />}
          />
        </FormRow>

        <FormRow label="支付密码" htmlFor="usdt-paypass">
          <TextInput
            id="usdt-paypass"
            value={payPass}
            onChange={setPayPass}
            placeholder="请输入支付密码"
            maxLength={CARD_LIMITS.payPassMax}
            password
            testId="usdt-paypass"
          />
        </FormRow>

        <CardSubmit busy={busy} testId="usdt-submit" />
      </form>

      <div className="cf-tips">
        <b>温馨提示</b>
        <ol>
          <li>请确认地址所属网络与所选协议一致，协议错误将导致资产无法到账。</li>
          <li>TRC20 手续费低、到账快，推荐优先使用。</li>
          <li>
            不清楚如何选择？<AppLink to="/usdtmore" data-testid="usdt-more-link">查看协议说明</AppLink>
          </li>
        </ol>
      </div>
    </div>
  );
}
