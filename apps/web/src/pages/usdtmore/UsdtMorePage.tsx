import { useSession } from '../../session/store';
import { AppLink } from '../../lib/nav';
import { IconBolt, IconClock, IconCoins, IconShield } from '../../components/icons';
import { UsdtMark } from '../wallet/CardArt';
import './UsdtMorePage.css';

interface Row {
  label: string;
  trc: string;
  erc: string;
}

/**
 * USDT说明 (spec section 2): TRC20 versus ERC20 — network, address format, fees (the site's own
 * per-withdrawal chain fees from userInfo when a member is signed in), speed, and which to pick.
 */
export default function UsdtMorePage() {
  const user = useSession((s) => s.user);
  const trcFee = user ? `${Number(user.withdrawfeeusdttrc) || 0} USDT / 笔` : '低，约 1 USDT / 笔';
  const ercFee = user ? `${Number(user.withdrawcashfee) || 0} USDT / 笔` : '较高，随网络拥堵浮动';
  const rows: Row[] = [
    { label: '所属网络', trc: '波场 TRON', erc: '以太坊 Ethereum' },
    { label: '地址格式', trc: 'T 开头，共 34 位', erc: '0x 开头，共 42 位' },
    { label: '地址示例', trc: 'TQn9Y2…5KcbLA', erc: '0x5290…169EE7' },
    { label: '取款手续费', trc: trcFee, erc: ercFee },
    { label: '到账速度', trc: '约 1~3 分钟', erc: '约 5~30 分钟' },
    { label: '适用场景', trc: '日常存取款首选', erc: '仅支持以太坊的钱包' },
  ];

  return (
    <div className="page-body um" data-testid="usdtmore">
      <section className="um-hero">
        <UsdtMark size={52} />
        <div className="um-hero-text">
          <h2>USDT 协议说明</h2>
          <p>USDT（泰达币）是与美元 1:1 锚定的稳定币，可在多条区块链上流通。本站支持 TRC20 与 ERC20 两种协议。</p>
        </div>
      </section>

      <section className="card um-table" aria-label="TRC20 与 ERC20 对比" data-testid="usdtmore-table">
        <div className="um-row um-row--head">
          <span />
          <span className="um-col um-col--trc">
            TRC20<em>推荐</em>
          </span>
          <span className="um-col um-col--erc">ERC20</span>
        </div>
        {rows.map((r) => (
          <div className="um-row" key={r.label}>
            <span className="um-label">{r.label}</span>
            <span className="um-cell" data-testid={`usdtmore-trc-${r.label}`}>
              {r.trc}
            </span>
            <span className="um-cell" data-testid={`usdtmore-erc-${r.label}`}>
              {r.erc}
            </span>
          </div>
        ))}
      </section>

      <section className="um-points">
        <div className="card um-point">
          <span className="um-point-icon um-point-icon--gold">
            <IconCoins size={20} />
          </span>
          <div>
            <b>手续费</b>
            <p>TRC20 网络费用低廉；ERC20 需支付以太坊网络 Gas 费，拥堵时更高。取款时手续费从到账金额中扣除。</p>
          </div>
        </div>
        <div className="card um-point">
          <span className="um-point-icon um-point-icon--blue">
            <IconClock size={20} />
          </span>
          <div>
            <b>到账速度</b>
            <p>TRC20 通常几分钟内到账；ERC20 受区块确认与网络拥堵影响，耗时更长。</p>
          </div>
        </div>
        <div className="card um-point">
          <span className="um-point-icon um-point-icon--red">
            <IconShield size={20} />
          </span>
          <div>
            <b>务必选对协议</b>
            <p>TRC20 地址只能接收 TRC20 转账，ERC20 地址只能接收 ERC20 转账。协议与地址不匹配将导致资产无法到账且无法找回。</p>
          </div>
        </div>
      </section>

      <AppLink to="/addUsdtCard" className="btn-gold btn-block um-cta" data-testid="usdtmore-add">
        <IconBolt size={18} />
        立即绑定USDT地址
      </AppLink>
    </div>
  );
}
