// npm run bench: prints figures; no pass or fail. BENCH_SECONDS sets each load run's length (10).
import { benchBalance } from './balance.ts';
import { benchLedger } from './ledger.ts';

const seconds = Number(process.env.BENCH_SECONDS || 10);
await benchBalance(seconds);
await benchLedger();
await (await import("./transfers.ts")).benchTransfers();
await (await import("./deposits.ts")).benchDeposits(); // issue 9: deposits credited per second, notify p99
await (await import("./seamless.ts")).benchSeamless(); // issue 38: seamless debits per second through the callback path, p99 at 200/s
await (await import("./stream.ts")).benchStream(); // issue 37: 10,000 live-update streams (memory, idle CPU), delivery p99 at 100 balance changes/s
