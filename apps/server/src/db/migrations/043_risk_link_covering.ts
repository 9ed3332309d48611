import type { Kysely } from 'kysely';

/**
 * Issue 36 point 9 (a member's links at 1 million members): the links look each shared value up
 * and want only (value, member, since). The indexes they had named the value alone, so every
 * holder cost a heap row: a real name shared by a few hundred read a few hundred scattered pages
 * (70 ms of 130 on the scale seed). These carry the member and the time too, so the lookups are
 * index-only on both databases; the indexes they extend are dropped (they are their prefixes).
 * member_cards' also carries type and deleted_at for /risk/search by card.
 */
export function m043() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('members_realname_link').on('members').columns(['realname', 'id', 'created_at']).execute();
      await db.schema.createIndex('members_mobile_link').on('members').columns(['mobile', 'id', 'created_at']).execute();
      await db.schema.createIndex('members_register_ip_link').on('members').columns(['register_ip', 'id', 'created_at']).execute();
      await db.schema.createIndex('member_cards_number_link').on('member_cards').columns(['number_key', 'member_id', 'created_at', 'type', 'deleted_at']).execute();
      for (const old of ['members_realname', 'members_mobile', 'members_register_ip', 'member_cards_number_key']) await db.schema.dropIndex(old).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('members_realname').on('members').column('realname').execute();
      await db.schema.createIndex('members_mobile').on('members').column('mobile').execute();
      await db.schema.createIndex('members_register_ip').on('members').columns(['register_ip', 'id']).execute();
      await db.schema.createIndex('member_cards_number_key').on('member_cards').column('number_key').execute();
      for (const idx of ['members_realname_link', 'members_mobile_link', 'members_register_ip_link', 'member_cards_number_link']) await db.schema.dropIndex(idx).execute();
    },
  };
}
