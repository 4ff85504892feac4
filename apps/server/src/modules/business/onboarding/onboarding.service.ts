import {
  DOCUMENT_KINDS,
  MAX_DOCUMENTS_PER_KIND,
  MINIMUM_OWNER_AGE,
  ONBOARDING_STEPS,
  ONBOARDING_STEP_TITLES,
  type AnswerStep,
  type DocumentKind,
  type Onboarding,
  type OnboardingDocument,
  type OnboardingStep,
  type VerificationEvent,
  type STEP_BODY_SCHEMAS,
} from '@merchant/business';
import { AppError, fieldError } from '@merchant/core';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import type { FileStore } from '@/lib/file-store';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { onboardingProgressOf, type BusinessService } from '../business/business.service';
import { checkDocument } from './document-type';
import { onboardingRepository as repo, type DocumentRow, type VerificationEventRow } from './onboarding.repository';

type VerificationEventInsert = Parameters<typeof repo.insertEvent>[1];

export type StepBody<S extends AnswerStep> = z.output<(typeof STEP_BODY_SCHEMAS)[S]>;

export function presentDocument(row: DocumentRow): OnboardingDocument {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    uploaded_at: row.createdAt.toISOString(),
  };
}

export function presentEvent(row: { event: VerificationEventRow; actorName: string | null }): VerificationEvent {
  return { id: row.event.id, kind: row.event.kind, message: row.event.message, actor_name: row.actorName, at: row.event.createdAt.toISOString() };
}

/** Whole years between a YYYY-MM-DD birth date and now (UTC). */
function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** Completed steps of the saved answers and documents, in questionnaire order. */
export function completedStepsOf(answerSteps: readonly string[], documentKinds: readonly DocumentKind[]): OnboardingStep[] {
  const documentsDone = (Object.keys(DOCUMENT_KINDS) as DocumentKind[]).every((k) => documentKinds.includes(k));
  return ONBOARDING_STEPS.filter((step) => (step === 'documents' ? documentsDone : answerSteps.includes(step)));
}

export function createOnboardingService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  files: FileStore;
  /** The business's row and banners are the business module's: its status and banners change through it. */
  business: Pick<BusinessService, 'update' | 'closeWarnings'>;
}) {
  const { db, clock, audit, files } = deps;

  async function view(business: BusinessRow, executor: Executor = db): Promise<Onboarding> {
    const [answers, documents, events] = await Promise.all([
      repo.answers(executor, business.id),
      repo.documents(executor, business.id),
      repo.events(executor, business.id),
    ]);
    const byStep = new Map(answers.map((a) => [a.step, a.data]));
    const completed = completedStepsOf(
      [...byStep.keys()],
      documents.map((d) => d.kind),
    );
    const submitted = events.find((e) => e.event.kind === 'submitted');
    const decision = events.find((e) => e.event.kind !== 'submitted');
    const address = byStep.get('address');
    return {
      business_id: business.id,
      status: business.onboardingStatus,
      country: business.country,
      currency: business.currency,
      answers: {
        business: (byStep.get('business') as StepBody<'business'> | undefined) ?? null,
        owner: (byStep.get('owner') as StepBody<'owner'> | undefined) ?? null,
        address: address ? { ...(address as StepBody<'address'>), country: business.country } : null,
        sales: (byStep.get('sales') as StepBody<'sales'> | undefined) ?? null,
      },
      documents: documents.map(presentDocument),
      completed_steps: completed,
      missing_steps: ONBOARDING_STEPS.filter((s) => !completed.includes(s)),
      progress: onboardingProgressOf(business, completed.length).progress,
      submitted_at: submitted ? submitted.event.createdAt.toISOString() : null,
      last_decision: decision ? presentEvent(decision) : null,
    };
  }

  /** The owner fills the questionnaire, and only while it is open (not under review, blocked or verified). */
  function assertEditable(ctx: BusinessContext): void {
    const business = ctx.business.row;
    if (ctx.business.role !== 'owner') {
      throw new AppError('ONBOARDING_OWNER_ONLY', 'Only an owner of the business can fill in the verification questionnaire.');
    }
    if (business.onboardingStatus !== 'questionnaire') {
      const why =
        business.onboardingStatus === 'pending_verification'
          ? 'The questionnaire was submitted and is being reviewed.'
          : business.onboardingStatus === 'blocked'
            ? 'The business is blocked; contact customer support.'
            : 'The business is already verified.';
      throw new AppError('ONBOARDING_LOCKED', `${why} The answers cannot be changed now.`);
    }
  }

  function checkStepRules<S extends AnswerStep>(business: BusinessRow, step: S, body: StepBody<S>): void {
    if (step === 'owner') {
      const owner = body as StepBody<'owner'>;
      const age = ageOn(owner.date_of_birth, clock.now());
      if (age < 0) throw fieldError('VALIDATION_FAILED', 'date_of_birth', 'The date of birth cannot be in the future.');
      if (age < MINIMUM_OWNER_AGE) throw fieldError('VALIDATION_FAILED', 'date_of_birth', `The owner must be at least ${MINIMUM_OWNER_AGE} years old.`);
      if (age > 120) throw fieldError('VALIDATION_FAILED', 'date_of_birth', 'Enter a real date of birth.');
    }
    if (step === 'sales') {
      const sales = body as StepBody<'sales'>;
      if (sales.average_ticket.currency !== business.currency) {
        throw fieldError(
          'VALIDATION_FAILED',
          'average_ticket.currency',
          `Give the average sale in the business currency (${business.currency.toUpperCase()}).`,
        );
      }
    }
  }

  return {
    view,

    /** The verification history of a business, newest first. */
    async history(businessId: string): Promise<VerificationEvent[]> {
      return (await repo.events(db, businessId)).map(presentEvent);
    },

    /** Records a verification decision inside the caller's transaction. */
    async recordEvent(tx: Executor, event: VerificationEventInsert): Promise<void> {
      await repo.insertEvent(tx, event);
    },

    /** Turns off every banner a request for changes raised on this business, inside the caller's transaction. */
    async closeVerificationWarnings(tx: Executor, businessId: string): Promise<void> {
      await deps.business.closeWarnings(tx, businessId, await repo.raisedWarningIds(tx, businessId));
    },

    /** GET .../onboarding-progress for a business (decision: docs/decisions.md). */
    async progress(business: BusinessRow) {
      const [answers, documents] = await Promise.all([repo.answers(db, business.id), repo.documents(db, business.id)]);
      const completed = completedStepsOf(
        answers.map((a) => a.step),
        documents.map((d) => d.kind),
      );
      return onboardingProgressOf(business, completed.length);
    },

    async saveStep<S extends AnswerStep>(ctx: BusinessContext, step: S, body: StepBody<S>): Promise<Onboarding> {
      const business = ctx.business.row;
      assertEditable(ctx);
      checkStepRules(business, step, body);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.upsertAnswer(tx, { businessId: business.id, step, data: { ...body }, updatedByUserId: ctx.user.id, createdAt: now, updatedAt: now });
        await audit.record(tx, ctx, {
          action: 'onboarding.step_saved',
          description: `Saved the "${ONBOARDING_STEP_TITLES[step]}" step of the verification questionnaire`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'onboarding_step',
          objectId: step,
        });
      });
      return view(business);
    },

    async uploadDocument(
      ctx: BusinessContext,
      kind: DocumentKind,
      file: { fileName: string; declaredType: string; bytes: Buffer },
    ): Promise<OnboardingDocument> {
      const business = ctx.business.row;
      assertEditable(ctx);
      const fileName = [...file.fileName]
        .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
        .join('')
        .replace(/[\\/]/g, '_')
        .trim()
        .slice(-200);
      if (!fileName) throw fieldError('ONBOARDING_DOCUMENT_INVALID', 'file', 'The file needs a name ending in .pdf, .png, .jpg or .jpeg.');
      if (file.bytes.length === 0) throw fieldError('ONBOARDING_DOCUMENT_INVALID', 'file', `"${fileName}" is empty.`);
      const check = checkDocument(fileName, file.declaredType, file.bytes);
      if (!check.ok) {
        throw fieldError(check.reason === 'type' ? 'ONBOARDING_DOCUMENT_INVALID' : 'ONBOARDING_DOCUMENT_TYPE_MISMATCH', 'file', check.message);
      }
      const existing = (await repo.documents(db, business.id)).filter((d) => d.kind === kind);
      if (existing.length >= MAX_DOCUMENTS_PER_KIND) {
        throw fieldError('ONBOARDING_DOCUMENT_LIMIT', 'file', `Up to ${MAX_DOCUMENTS_PER_KIND} files per document; remove one first.`);
      }
      const id = newId();
      await files.save(business.id, id, file.bytes);
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insertDocument(tx, {
            businessId: business.id,
            id,
            kind,
            fileName,
            contentType: check.type,
            sizeBytes: file.bytes.length,
            uploadedByUserId: ctx.user.id,
            createdAt: clock.now(),
          });
          await audit.record(tx, ctx, {
            action: 'onboarding.document_uploaded',
            description: `Uploaded ${DOCUMENT_KINDS[kind].toLowerCase()} "${fileName}"`,
            actorUserId: ctx.user.id,
            businessId: business.id,
            objectType: 'onboarding_document',
            objectId: id,
          });
          return created;
        });
        return presentDocument(row);
      } catch (error) {
        await files.remove(business.id, id);
        throw error;
      }
    },

    /** The document's row and bytes; 404 for a document of another business or one that is gone. */
    async openDocument(business: BusinessRow, documentId: string) {
      const row = await repo.findDocument(db, business.id, documentId);
      const file = row ? await files.open(business.id, row.id) : null;
      if (!row || !file) throw new AppError('ONBOARDING_DOCUMENT_NOT_FOUND', 'Document not found.');
      return { document: row, stream: file.stream, size: file.size };
    },

    async deleteDocument(ctx: BusinessContext, documentId: string): Promise<Onboarding> {
      const business = ctx.business.row;
      const row = await repo.findDocument(db, business.id, documentId);
      if (!row) throw new AppError('ONBOARDING_DOCUMENT_NOT_FOUND', 'Document not found.');
      assertEditable(ctx);
      await db.transaction(async (tx) => {
        await repo.deleteDocument(tx, business.id, row.id);
        await audit.record(tx, ctx, {
          action: 'onboarding.document_removed',
          description: `Removed ${DOCUMENT_KINDS[row.kind].toLowerCase()} "${row.fileName}"`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'onboarding_document',
          objectId: row.id,
        });
      });
      await files.remove(business.id, row.id);
      return view(business);
    },

    async submit(ctx: BusinessContext): Promise<Onboarding> {
      const business = ctx.business.row;
      assertEditable(ctx);
      const current = await view(business);
      if (current.missing_steps.length > 0) {
        const names = current.missing_steps.map((s) => ONBOARDING_STEP_TITLES[s]);
        throw new AppError(
          'ONBOARDING_INCOMPLETE',
          `Complete every step before submitting. Missing: ${names.join(', ')}.`,
          current.missing_steps.map((s) => ({ path: `steps.${s}`, message: `${ONBOARDING_STEP_TITLES[s]} is not complete.` })),
        );
      }
      const updated = await db.transaction(async (tx) => {
        const row = await deps.business.update(tx, business.id, { onboardingStatus: 'pending_verification', updatedAt: clock.now() });
        await repo.insertEvent(tx, { businessId: business.id, id: newId(), kind: 'submitted', actorUserId: ctx.user.id, createdAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'onboarding.submitted',
          description: 'Submitted the verification questionnaire',
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'business',
          objectId: business.id,
        });
        return row;
      });
      return view(updated);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
