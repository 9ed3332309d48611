import type { Kysely } from 'kysely';

/**
 * Issue 20 point 5, the device check: the member site keeps a random device id of its own in
 * local storage and sends it with every call (X-Device-Id); registration and every sign-in keep
 * it beside the address. Null for rows from before, and for clients that send none or a value
 * that is not a device id. The agents' fraud check reads a member's devices, and then which of
 * them its agent used, by (member_id, device): both are index-only lookups.
 */
export function m030() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('member_logins').addColumn('device', 'varchar(36)').execute();
      await db.schema.createIndex('member_logins_device').on('member_logins').columns(['member_id', 'device']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('member_logins_device').execute();
      await db.schema.alterTable('member_logins').dropColumn('device').execute();
    },
  };
}
