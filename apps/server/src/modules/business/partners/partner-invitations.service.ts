import { AppError, RetryLaterError, fieldError } from '@merchant/core';
import {
  PARTNER_INVITATION_DAYS,
  PARTNER_INVITATIONS_PER_DAY,
  type BusinessPartner,
  type MerchantPartnerInvitation,
  type PartnerInvitation,
} from '@merchant/business';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { partnerInvitationsRepository as repo, type PartnerInvitationRow } from './partner-invitations.repository';
import { partnersRepository } from './partners.repository';

const DAY_MS = 86_400_000;

/** A pending invitation past its expiry reads as expired (it is marked so when the email is invited again). */
const statusAt = (row: PartnerInvitationRow, now: Date): PartnerInvitation['status'] =>
  row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;

const presentToPartner = (row: PartnerInvitationRow, businessName: string | null, now: Date): PartnerInvitation => ({
  id: row.id,
  email: row.email,
  status: statusAt(row, now),
  invited_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  responded_at: row.respondedAt?.toISOString() ?? null,
  business_name: businessName,
});

/**
 * Partner invitations of existing merchants (issue 30; docs/decisions.md, "Partner invitations"): a partner invites
 * by the email of a merchant's owner and never learns whether the email is known; the merchant accepts (a link made as
 * a referral link's is) or declines; the partner sees each invitation's status and may revoke a pending one.
 */
export function createPartnerInvitationsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  notificationSettings: Pick<NotificationSettingsService, 'ownerEmails'>;
}) {
  const { db, clock, audit, mailer } = deps;

  async function mailOwners(tx: Executor, businessId: string, subject: string, text: string): Promise<void> {
    for (const to of await deps.notificationSettings.ownerEmails(businessId, tx)) await mailer.send(tx, { to, subject, text });
  }

  /** A pending, unexpired invitation addressed to an owner of the merchant `ctx`, locked; else the same 404 or 409. */
  async function lockForMerchant(tx: Executor, ctx: BusinessContext, id: string) {
    const found = await repo.lock(tx, id);
    const owners = await repo.ownerEmails(tx, ctx.business.row.id);
    if (!found || !owners.includes(found.invitation.email)) throw new AppError('PARTNER_INVITATION_NOT_FOUND', 'This invitation does not exist.');
    if (statusAt(found.invitation, clock.now()) !== 'pending') {
      throw new AppError('PARTNER_INVITATION_NOT_PENDING', 'This invitation was already answered, revoked or has expired.');
    }
    return found;
  }

  return {
    async list(ctx: BusinessContext): Promise<{ invitations: PartnerInvitation[] }> {
      const now = clock.now();
      const rows = await repo.ofPartner(db, ctx.business.row.id);
      return { invitations: rows.map((r) => presentToPartner(r.invitation, r.businessName, now)) };
    },

    /**
     * Invites the owner of an existing merchant by email. Answered alike whether or not the email belongs to anyone:
     * the invitation is recorded either way and mailed only to an owner of a merchant business. An email with a
     * pending invitation is refused (422 on `email`: revoke it first), and so is an invitation past
     * `PARTNER_INVITATIONS_PER_DAY` in 24 hours (429 on `email`, Retry-After until the oldest of them is a day old).
     */
    async invite(ctx: BusinessContext, email: string): Promise<PartnerInvitation> {
      const partner = ctx.business.row;
      return db.transaction(async (tx) => {
        // One invitation of the partner at a time: two at once cannot both pass the daily count.
        await repo.lockPartner(tx, partner.id);
        const now = clock.now();
        const pending = await repo.lockPending(tx, partner.id, email);
        if (pending && pending.expiresAt > now) {
          throw fieldError('PARTNER_ALREADY_INVITED', 'email', 'An invitation to this email is already pending: revoke it to send a new one.');
        }
        const sent = await repo.sentSince(tx, partner.id, new Date(now.getTime() - DAY_MS));
        if (sent.count >= PARTNER_INVITATIONS_PER_DAY) {
          const message = `You can send ${PARTNER_INVITATIONS_PER_DAY} invitations in 24 hours. Try again later.`;
          const retryAfterMs = (sent.oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime();
          throw new RetryLaterError('PARTNER_INVITATION_LIMIT', message, retryAfterMs, [{ path: 'email', message }]);
        }
        if (pending) await repo.update(tx, pending.id, { status: 'expired' });
        const row: PartnerInvitationRow = {
          id: newId(),
          partnerBusinessId: partner.id,
          email,
          status: 'pending',
          invitedByUserId: ctx.user.id,
          expiresAt: new Date(now.getTime() + PARTNER_INVITATION_DAYS * DAY_MS),
          businessId: null,
          respondedByUserId: null,
          respondedAt: null,
          createdAt: now,
        };
        await repo.insert(tx, row);
        await audit.record(tx, ctx, {
          action: 'partner.invitation_sent',
          description: `${ctx.user.name} invited ${email} to link their business to ${partner.name}`,
          actorUserId: ctx.user.id,
          businessId: partner.id,
          objectType: 'partner_invitation',
          objectId: row.id,
        });
        if (await repo.ownsAMerchant(tx, email)) {
          await mailer.send(tx, {
            to: email,
            subject: `${partner.name} invites your business to link with it as its partner`,
            text:
              `${partner.name}, a partner, invites your business to link with it. A linked partner sees your business's name, ` +
              `verification state and payment volume as totals, never your customers or payments, and earns a commission ` +
              `on your fees. Open Business partners under Payments to accept or decline; the invitation expires on ` +
              `${row.expiresAt.toISOString().slice(0, 10)} (UTC). If you do not know ${partner.name}, decline it.`,
          });
        }
        return presentToPartner(row, null, now);
      });
    },

    /** Revokes a pending invitation of the partner (audited); an answered or expired one is refused. */
    async revoke(ctx: BusinessContext, id: string): Promise<PartnerInvitation> {
      const partner = ctx.business.row;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const found = await repo.lock(tx, id);
        if (!found || found.invitation.partnerBusinessId !== partner.id) throw new AppError('PARTNER_INVITATION_NOT_FOUND', 'This invitation does not exist.');
        if (statusAt(found.invitation, now) !== 'pending') throw new AppError('PARTNER_INVITATION_NOT_PENDING', 'Only a pending invitation can be revoked.');
        await repo.update(tx, id, { status: 'revoked', respondedAt: now, respondedByUserId: ctx.user.id });
        await audit.record(tx, ctx, {
          action: 'partner.invitation_revoked',
          description: `${ctx.user.name} revoked the invitation of ${found.invitation.email}`,
          actorUserId: ctx.user.id,
          businessId: partner.id,
          objectType: 'partner_invitation',
          objectId: id,
        });
        return presentToPartner({ ...found.invitation, status: 'revoked', respondedAt: now, respondedByUserId: ctx.user.id }, null, now);
      });
    },

    /** The merchant's pending invitations: those sent to one of its owners' emails and not expired. */
    async pendingFor(businessId: string): Promise<MerchantPartnerInvitation[]> {
      const rows = await repo.pendingFor(db, await repo.ownerEmails(db, businessId), clock.now());
      return rows.map(({ invitation, partnerName }) => ({
        invitation_id: invitation.id,
        partner_name: partnerName,
        email: invitation.email,
        invited_at: invitation.createdAt.toISOString(),
        expires_at: invitation.expiresAt.toISOString(),
      }));
    },

    /**
     * Accepts an invitation: links the merchant to the partner as a referral link does (commissions from now on),
     * audited on both businesses and mailed to the partner's owners. A merchant with a live link to a partner is
     * refused (409): one partner at a time, the merchant ends the other link first.
     */
    async accept(ctx: BusinessContext, id: string): Promise<BusinessPartner> {
      const merchant = ctx.business.row;
      return db.transaction(async (tx) => {
        await repo.lockMerchant(tx, merchant.id);
        const { invitation, partnerName } = await lockForMerchant(tx, ctx, id);
        const live = await repo.liveLink(tx, merchant.id);
        if (live) {
          const message =
            live.partnerBusinessId === invitation.partnerBusinessId
              ? `The business is already linked to ${live.partnerName}.`
              : `The business is linked to the partner ${live.partnerName}. End that link first to link with ${partnerName}.`;
          throw new AppError('PARTNER_ALREADY_LINKED', message);
        }
        const now = clock.now();
        const linkId = newId();
        await partnersRepository.insertLink(tx, {
          businessId: merchant.id,
          id: linkId,
          partnerBusinessId: invitation.partnerBusinessId,
          source: 'invitation',
          status: 'active',
          linkedAt: now,
          createdAt: now,
        });
        await repo.update(tx, id, { status: 'accepted', businessId: merchant.id, respondedAt: now, respondedByUserId: ctx.user.id });
        for (const businessId of [merchant.id, invitation.partnerBusinessId]) {
          await audit.record(tx, ctx, {
            action: 'partner.invitation_accepted',
            description: `${ctx.user.name} of ${merchant.name} accepted the invitation of the partner ${partnerName}`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'partner_invitation',
            objectId: id,
          });
          await audit.record(tx, ctx, {
            action: 'partner.linked',
            description: `${merchant.name} was linked to the partner ${partnerName} by its invitation`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'partner_link',
            objectId: linkId,
          });
        }
        await mailOwners(
          tx,
          invitation.partnerBusinessId,
          `${merchant.name} accepted your invitation`,
          `${merchant.name} accepted your invitation and is now linked to ${partnerName}. It is listed under Linked businesses; commissions count from ${now.toUTCString()}.`,
        );
        return {
          link_id: linkId,
          partner_name: partnerName,
          source: 'invitation',
          status: 'active',
          linked_at: now.toISOString(),
          ended_at: null,
        };
      });
    },

    /** Declines an invitation: audited on both businesses; the partner sees it declined (the merchant's own choice). */
    async decline(ctx: BusinessContext, id: string): Promise<{ ok: true }> {
      const merchant = ctx.business.row;
      return db.transaction(async (tx) => {
        const { invitation, partnerName } = await lockForMerchant(tx, ctx, id);
        const now = clock.now();
        await repo.update(tx, id, { status: 'declined', businessId: merchant.id, respondedAt: now, respondedByUserId: ctx.user.id });
        for (const businessId of [merchant.id, invitation.partnerBusinessId]) {
          await audit.record(tx, ctx, {
            action: 'partner.invitation_declined',
            description:
              businessId === merchant.id
                ? `${ctx.user.name} declined the invitation of the partner ${partnerName}`
                : `The invitation of ${invitation.email} was declined`,
            // The partner's log names no one of the merchant: it learns only that its invitation was declined.
            actorUserId: businessId === merchant.id ? ctx.user.id : null,
            businessId,
            objectType: 'partner_invitation',
            objectId: id,
          });
        }
        return { ok: true };
      });
    },
  };
}

export type PartnerInvitationsService = ReturnType<typeof createPartnerInvitationsService>;
