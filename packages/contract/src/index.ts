export * from './messages.ts';
export * from './money.ts';
// the business zone's clock (no zod: the member home's first screen reads it)
export * from './beijing.ts';
export * from './limits.ts';
export * from './validate.ts';
export * from './envelope.ts';
export * from './schemas/account.ts';
export * from './schemas/site.ts';
export * from './routes.ts';
export * from './schemas/backoffice.ts';
export * from './schemas/wallet.ts';
// issue 19: optional member-call parameters ('' = not set, digit strings = numbers)
export * from './schemas/params.ts';
export * from './schemas/games.ts';
export * from './schemas/transfers.ts';
export * from './schemas/content.ts';
export * from './schemas/cards.ts';
export * from './schemas/inbox.ts';
export * from './schemas/profile.ts';
export * from './permissions.ts';
export * from './schemas/reset.ts';
// issue 14: venue reconciliation (back-office list and resolve)
export * from './schemas/reconciliation.ts';
// deposits (issue 9)
export * from './schemas/settings-payments.ts';
export * from './schemas/payments.ts';
export * from './schemas/deposit-phase.ts'; // issue 34: a deposit's one name and actions on member screens
// withdrawals (issue 10)
export * from './schemas/withdrawals.ts';
export * from './schemas/settings-withdrawals.ts';
// ---- back-office calls (issue 12, server half): operators, audit, dashboard, members, transfers, settings
export * from './schemas/admin-shared.ts';
export * from './schemas/admin-operators.ts';
export * from './schemas/admin-audit.ts';
export * from './schemas/admin-dashboard.ts';
export * from './schemas/admin-members.ts';
export * from './schemas/admin-transfers.ts';
export * from './schemas/settings-site.ts';
export * from './schemas/admin-settings.ts';
// issue 11: promotions
export * from './schemas/promotions.ts';
export * from './schemas/settings-promotions.ts';
// issue 14: names and free text refuse Unicode Cc / Cf characters
export * from './text-rules.ts';
// issue 13: live customer service (chat)
export * from './schemas/chat.ts';
// issue 13: reports
export * from './schemas/admin-reports.ts';
// issue 13: promotions admin (VIP levels, red-packet preview, agent applications, rebate re-runs)
export * from './schemas/promotions-admin.ts';
// issue 13: daily reconciliation
export * from './schemas/reconciliation-daily.ts';
// issue 13: content (banners, notices, articles, sponsors, banks)
export * from './schemas/admin-content.ts';
// issue 13: games and venues admin
export * from './schemas/admin-games.ts';
// issue 13: activities, inbox broadcasts, support tickets
export * from './schemas/admin-activities.ts';
export * from './schemas/admin-inbox.ts';
// issue 25: turnover waivers by operators
export * from './schemas/admin-turnover.ts';
export * from './schemas/admin-adjustments.ts'; // issue 33: manual adjustments wait for a second operator
// issue 25: the Chinese names of the codes operators meet
export * from './names.ts';
// issue 20: affiliate programme (agents, plans, figures, statements, flags)
export * from './schemas/agents.ts';
// issue 22: responsible play (limits, reality checks, time-out, self-exclusion)
export * from './schemas/responsible.ts';
// issue 22: a member's own records as CSV
export * from './schemas/records-export.ts';
// issue 21: payment channels (gateway merchant accounts, the generic 四方 adapter's settings)
export * from './payment-channels.ts';
// issue 33: deposit limits at review, refunds owed to members
export * from './schemas/deposit-refunds.ts';
// issue 36: risk control (sign-in log, links between members, risk levels)
export * from './schemas/risk.ts';
export * from './schemas/risk-events.ts'; // issue 36 point 3: risk rules and events
// issue 36 point 5: 注单查询 (every bet of every venue for operators)
export * from './schemas/admin-bets.ts';
// issue 37: live updates (stream ticket, pushed events)
export * from './schemas/live.ts';
// issue 38: seamless venues (a venue's mode, a member's rounds)
export * from './schemas/seamless.ts';
