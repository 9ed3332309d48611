import { useState, type FormEvent } from 'react';
import { bankBindSchema, CARD_LIMITS, CARD_MSG, CARD_TYPE, normalizeBankNo, type BankType } from '@casino/contract';
import { AppLink } from '../../lib/nav';
import { useSession } from '../../session/store';
import { toast } from '../../ui/feedback';
import { IconCheck, IconShield } from '../../components/icons';
import { Sheet } from '../../components/Sheet';
import { IconChevronDown } from '../../money/icons';
import { BankBadge } from '../wallet/CardArt';
import { CardSubmit, FormRow, TextInput } from '../wallet/CardForm';
import { useBanks, useBindCard, useCards, WALLET_TAB } from '../../hooks/api/cards';

/** Digits only, at most 19, shown in groups of 4. */
const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * 添加银行卡 (spec section 5 "Cards"): holder's name (the member's real name to start with),
 * bank type from POST /api/banklist, card number (8-19 digits), branch address, payment
 * password; the server's own rules in the browser first, then POST /api/bindcard; 绑定成功
 * goes back to /wallet on the bank-card tab.
 */
export default function AddBankCardPage() {
  const realname = useSession((s) => s.user?.realname ?? '');
  const existing = useCards(CARD_TYPE.bank);
  const banks = useBanks();
  const [owner, setOwner] = useState(realname);
  const [bank, setBank] = useState<BankType | null>(null);
  const [digits, setDigits] = useState('');
  const [branch, setBranch] = useState('');
  const [payPass, setPayPass] = useState('');
  const [picking, setPicking] = useState(false);
  const { busy, bind } = useBindCard(CARD_TYPE.bank, () => setPayPass(''));
  const full = (existing.data?.length ?? 0) >= CARD_LIMITS.perType;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void bind(bankBindSchema, { bank_owner: owner.trim(), bank: bank?.bank_name ?? '', bank_no: digits, bank_address: branch.trim(), pay_pass: payPass });
  };

  return (
    <div className="page-body cf" data-testid="add-bank">
      <div className="cf-hero">
        <BankBadge ico="" name="银行" size={42} />
        <div className="cf-hero-text">
          <b>绑定银行卡</b>
          <span>每位会员最多绑定 {CARD_LIMITS.perType} 张银行卡，请使用本人名下的储蓄卡</span>
        </div>
      </div>

      {full ? (
        <div className="cf-full" data-testid="add-bank-full">
          {CARD_MSG.bankLimit}，请先解绑不再使用的银行卡。
          <AppLink to={`/wallet?type=${WALLET_TAB.bank}`}>去管理</AppLink>
        </div>
      ) : null}

      <form className="card cf-form" onSubmit={submit} noValidate data-testid="bank-form">
        <FormRow label="持卡人姓名" htmlFor="bank-owner">
          <TextInput id="bank-owner" value={owner} onChange={setOwner} placeholder="请输入持卡人姓名" maxLength={CARD_LIMITS.ownerMax} testId="bank-owner" />
        </FormRow>

        <FormRow label="银行类型">
          <button type="button" className="cf-box cf-select" onClick={() => setPicking(true)} data-testid="bank-type">
            <span className={`cf-select-value${bank ? '' : ' cf-select--empty'}`} data-testid="bank-type-value">
              {bank ? (
                <>
                  <BankBadge ico={bank.ico} name={bank.bank_name} size={24} />
                  {bank.bank_name}
                </>
              ) : (
                '请选择银行类型'
              )}
            </span>
            <IconChevronDown size={16} />
          </button>
        </FormRow>

        <FormRow label="银行卡号" htmlFor="bank-no" hint="请填写本人名下储蓄卡卡号，8~19 位数字">
          <TextInput
            id="bank-no"
            className="cf-input num"
            inputMode="numeric"
            value={groupDigits(digits)}
            onChange={(v) => setDigits(normalizeBankNo(v).replace(/\D/g, '').slice(0, CARD_LIMITS.bankNoMax))}
            placeholder="请输入银行卡号"
            maxLength={CARD_LIMITS.bankNoMax + 4}
            testId="bank-no"
          />
        </FormRow>

        <FormRow label="开户行地址" htmlFor="bank-address">
          <TextInput
            id="bank-address"
            value={branch}
            onChange={setBranch}
            placeholder="例如：广东省深圳市福田支行"
            maxLength={CARD_LIMITS.bankAddressMax}
            testId="bank-address"
          />
        </FormRow>

        <FormRow label="支付密码" htmlFor="bank-paypass">
          <TextInput
            id="bank-paypass"
            value={payPass}
            onChange={setPayPass}
            placeholder="请输入支付密码"
            maxLength={CARD_LIMITS.payPassMax}
            password
            testId="bank-paypass"
          />
        </FormRow>

        <CardSubmit busy={busy} testId="bank-submit" />
      </form>

      <p className="cf-hint" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 5, marginTop: 16 }}>
        <IconShield size={14} />
        绑定需验证支付密码，卡号在页面上仅显示末四位
      </p>

      <Sheet open={picking} title="选择银行" onClose={() => setPicking(false)} testId="bank-popup">
          <div className="bank-pop-list">
            {banks.isPending ? (
              <p className="cf-hint" style={{ textAlign: 'center', padding: 24 }}>
                加载中…
              </p>
            ) : (
              (banks.data ?? []).map((b) => {
                const on = b.bank_name === bank?.bank_name;
                return (
                  <button
                    key={b.bank_name}
                    type="button"
                    className={`bank-opt${on ? ' bank-opt--on' : ''}`}
                    onClick={() => {
                      setBank(b);
                      setPicking(false);
                    }}
                    data-testid={`bank-option-${b.ico}`}
                  >
                    <BankBadge ico={b.ico} name={b.bank_name} size={30} />
                    <span className="bank-opt-name">{b.bank_name}</span>
                    {on ? <IconCheck size={18} /> : null}
                  </button>
                );
              })
            )}
          </div>
      </Sheet>
    </div>
  );
}
