/**
 * A payment gateway as the payments module sees it (DESIGN.md section 4, Payments). The sandbox
 * is one implementation; a real 四方支付 gateway is another adapter beside it. Amounts in fen.
 */
export interface CreateOrderRequest {
  /** our deposit number */
  merchantOrderNo: string;
  amount: number;
  /** our method code (wxpay, alipay, ...); the adapter maps it to the gateway's */
  payType: string;
  /** absolute URL of POST /pay/notify/<gateway> (a channel's: /pay/notify/ch/<id>) */
  notifyUrl: string;
  /** absolute URL the cashier links back to */
  returnUrl: string;
}

export interface CreatedOrder {
  gatewayOrderNo: string;
  /** where the member pays (absolute, or root-relative on our own origin) */
  cashierUrl: string;
}

export type GatewayOrderState = 'pending' | 'paid' | 'failed';

export interface GatewayOrder {
  gatewayOrderNo: string;
  merchantOrderNo: string;
  state: GatewayOrderState;
  /** fen ordered */
  amount: number;
  /** fen really paid (paid orders) */
  paidAmount: number | null;
  paidAt: number | null;
}

/**
 * A notify that passed the signature check. notifyId (issue 21): the gateway's notify id or
 * nonce, else something that is the same for the same notify; remembered for the replay window.
 */
export type VerifiedNotice = { ok: true; order: GatewayOrder; notifyId?: string } | { ok: false; problem: 'missing' | 'stale' | 'bad_signature' | 'malformed' };

export interface PaymentGateway {
  /** registry name, also the path segment of the notify URL */
  readonly name: string;
  /** the literal body the gateway wants back for a notify it may stop sending */
  readonly ack: string;
  createOrder(req: CreateOrderRequest): Promise<CreatedOrder>;
  queryOrder(merchantOrderNo: string): Promise<GatewayOrder>;
  /** checks the signature on the raw bytes (constant time) before anything is parsed */
  verifyNotify(rawBody: string, headers: Record<string, string | string[] | undefined>, now?: number): VerifiedNotice;
}

/** The gateway could not be reached or refused the call; nothing is known to have happened. */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'timeout' | 'refused' | 'unknown',
    message: string,
  ) {
    super(message);
  }
}
