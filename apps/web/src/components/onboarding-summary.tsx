import { formatBytes } from '../lib/format';
import type { ReactNode } from 'react';
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  ID_TYPES,
  INDUSTRIES,
  LEGAL_TYPES,
  MONTHLY_VOLUMES,
  ONBOARDING_STEP_TITLES,
  maskIdNumber,
  onboardingEndpoints,
  type Onboarding,
  type OnboardingDocument,
  type OnboardingStep,
} from '@merchant/business';
import { formatDate, formatMoneyWithCode, orEmpty } from '@merchant/core';
import { endpointUrl } from '../lib/api-client';
import { wrapPoints, withWrapPoints } from './long-text';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** English name of a two-letter country code. */
export function countryLabel(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'break-word' }}>
        {withWrapPoints(children)}
      </Text>
    </div>
  );
}

function Section({ step, done, headingOrder, children }: { step: OnboardingStep; done: boolean; headingOrder: 2 | 3; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={ONBOARDING_STEP_TITLES[step]}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={headingOrder} size="h5">
            {ONBOARDING_STEP_TITLES[step]}
          </Title>
          <Badge color={done ? 'green' : 'gray'} variant="light">
            {done ? 'Complete' : 'Missing'}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

const grid = { cols: { base: 1, xs: 2 }, spacing: 'sm', verticalSpacing: 'xs', component: 'dl', m: 0 } as const;

/** A document with a link that downloads it (the browser sends the session cookie). */
export function DocumentLink({ businessId, document }: { businessId: string; document: OnboardingDocument }) {
  const href = endpointUrl(onboardingEndpoints.downloadDocument, { business_id: businessId, document_id: document.id });
  return (
    <Group gap="xs" wrap="nowrap">
      <IconFile size={16} aria-hidden style={{ flex: 'none' }} />
      <Anchor href={href} download={document.file_name} size="sm" style={{ overflowWrap: 'break-word' }}>
        {wrapPoints(document.file_name)}
        <IconDownload size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
      </Anchor>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {DOCUMENT_TYPES[document.content_type].label} · {formatBytes(document.size_bytes)}
      </Text>
    </Group>
  );
}

/**
 * What a business submitted for verification, step by step, with the documents: used by the account
 * verification screen and by the super admins' review.
 */
export function OnboardingSummary({ onboarding, headingOrder = 2 }: { onboarding: Onboarding; headingOrder?: 2 | 3 }) {
  const { answers, documents } = onboarding;
  const done = (step: OnboardingStep) => onboarding.completed_steps.includes(step);
  const missing = (
    <Text size="sm" c="dimmed">
      Not answered yet.
    </Text>
  );
  return (
    <Stack gap="md">
      <Section step="business" done={done('business')} headingOrder={headingOrder}>
        {answers.business ? (
          <SimpleGrid {...grid}>
            <Field label="Legal name">{answers.business.legal_name}</Field>
            <Field label="Type">{LEGAL_TYPES[answers.business.legal_type]}</Field>
            <Field label="Registration number">{answers.business.registration_number}</Field>
            <Field label="Industry">{INDUSTRIES[answers.business.industry]}</Field>
            <Field label="Website">{orEmpty(answers.business.website)}</Field>
          </SimpleGrid>
        ) : (
          missing
        )}
      </Section>
      <Section step="owner" done={done('owner')} headingOrder={headingOrder}>
        {answers.owner ? (
          <SimpleGrid {...grid}>
            <Field label="Full name">{answers.owner.full_name}</Field>
            <Field label="Date of birth">{formatDate(answers.owner.date_of_birth)}</Field>
            <Field label="Nationality">{countryLabel(answers.owner.nationality)}</Field>
            <Field label="Identity document">
              {ID_TYPES[answers.owner.id_type]} {maskIdNumber(answers.owner.id_number)}
            </Field>
          </SimpleGrid>
        ) : (
          missing
        )}
      </Section>
      <Section step="address" done={done('address')} headingOrder={headingOrder}>
        {answers.address ? (
          <Text size="sm" component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
            {[
              answers.address.line1,
              answers.address.line2,
              [answers.address.postal_code, answers.address.city].join(' '),
              answers.address.state,
              countryLabel(answers.address.country),
            ]
              .filter(Boolean)
              .join('\n')}
          </Text>
        ) : (
          missing
        )}
      </Section>
      <Section step="sales" done={done('sales')} headingOrder={headingOrder}>
        {answers.sales ? (
          <SimpleGrid {...grid}>
            <Field label="Monthly volume">
              {MONTHLY_VOLUMES[answers.sales.monthly_volume]} {onboarding.currency.toUpperCase()}
            </Field>
            <Field label="Average sale">{formatMoneyWithCode(answers.sales.average_ticket.amount, answers.sales.average_ticket.currency)}</Field>
            <Field label="What the business sells">{answers.sales.description}</Field>
          </SimpleGrid>
        ) : (
          missing
        )}
      </Section>
      <Section step="documents" done={done('documents')} headingOrder={headingOrder}>
        <Stack gap="sm">
          {(Object.keys(DOCUMENT_KINDS) as (keyof typeof DOCUMENT_KINDS)[]).map((kind) => {
            const ofKind = documents.filter((d) => d.kind === kind);
            return (
              <Stack key={kind} gap={4}>
                <Text size="sm" fw={600}>
                  {DOCUMENT_KINDS[kind]}
                </Text>
                {ofKind.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Not uploaded yet.
                  </Text>
                ) : (
                  <List listStyleType="none" spacing={4} p={0} m={0}>
                    {ofKind.map((d) => (
                      <List.Item key={d.id}>
                        <DocumentLink businessId={onboarding.business_id} document={d} />
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Section>
    </Stack>
  );
}
