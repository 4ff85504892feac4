import { useState } from 'react';
import { ActionIcon, Alert, Button, FileInput, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_SIZE_LABEL,
  MAX_DOCUMENTS_PER_KIND,
  type DocumentKind,
  type Onboarding,
  type OnboardingDocument,
} from '@merchant/business';
import { DocumentLink } from '@/components/onboarding-summary';
import { fieldErrors } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteDocument, useUploadDocument } from '../api/onboarding-api';

const ACCEPT = Object.keys(DOCUMENT_TYPES).join(',');
const EXTENSIONS = Object.values(DOCUMENT_TYPES).flatMap((t) => t.extensions as readonly string[]);

const HINTS: Record<DocumentKind, string> = {
  business_registration: 'The certificate or extract of the business registration, showing the registration number.',
  owner_id: "A clear scan or photo of the owner's passport or identity card (both sides when it has two).",
};

/** For the person's comfort only: the server checks size, type and content again. */
function checkFile(file: File): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!EXTENSIONS.includes(ext)) return `"${file.name}" is not a PDF, PNG or JPEG file.`;
  if (file.size > MAX_DOCUMENT_BYTES) return `"${file.name}" is larger than ${MAX_DOCUMENT_SIZE_LABEL}.`;
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}

function DocumentKindUpload({ businessId, kind, documents }: { businessId: string; kind: DocumentKind; documents: OnboardingDocument[] }) {
  const upload = useUploadDocument(businessId);
  const remove = useDeleteDocument(businessId);
  const [error, setError] = useState<string | null>(null);
  const full = documents.length >= MAX_DOCUMENTS_PER_KIND;
  const inputId = `upload-${kind}`;

  const onFile = (file: File | null) => {
    setError(null);
    if (!file) return;
    const problem = checkFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    upload.mutate(
      { kind, file },
      {
        onSuccess: (doc) => notifySuccess(`Uploaded ${doc.file_name}.`),
        onError: (e) => {
          const issue = fieldErrors(e).file;
          if (issue) setError(issue);
          else notifyError(e);
        },
      },
    );
  };

  const confirmRemove = (doc: OnboardingDocument) =>
    modals.openConfirmModal({
      title: 'Remove this document?',
      children: <Text size="sm">{doc.file_name} will be deleted. You can upload another file afterwards.</Text>,
      labels: { confirm: 'Remove document', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(doc.id, { onSuccess: () => notifySuccess(`Removed ${doc.file_name}.`) }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${inputId}-title`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${inputId}-title`}>
          {DOCUMENT_KINDS[kind]}
        </Title>
        <Text size="sm" c="dimmed">
          {HINTS[kind]}
        </Text>
        {documents.length > 0 && (
          <List listStyleType="none" spacing="xs" p={0} m={0}>
            {documents.map((doc) => (
              <List.Item key={doc.id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <DocumentLink businessId={businessId} document={doc} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${doc.file_name}`}
                    onClick={() => confirmRemove(doc)}
                    loading={remove.isPending && remove.variables === doc.id}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {full ? (
          <Text size="sm">You have uploaded the maximum of {MAX_DOCUMENTS_PER_KIND} files; remove one to add another.</Text>
        ) : (
          <FileInput
            id={inputId}
            label={documents.length === 0 ? `Upload ${DOCUMENT_KINDS[kind].toLowerCase()}` : `Add another file`}
            description={`PDF, PNG or JPEG, up to ${MAX_DOCUMENT_SIZE_LABEL}`}
            accept={ACCEPT}
            value={null}
            onChange={onFile}
            error={error}
            disabled={upload.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
            placeholder={upload.isPending ? 'Uploading...' : 'Choose a file'}
            clearable={false}
            styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
          />
        )}
      </Stack>
    </Paper>
  );
}

export function DocumentsStep({
  businessId,
  onboarding,
  onContinue,
  onBack,
}: {
  businessId: string;
  onboarding: Onboarding;
  onContinue: () => void;
  onBack: () => void;
}) {
  const kinds = Object.keys(DOCUMENT_KINDS) as DocumentKind[];
  const done = onboarding.completed_steps.includes('documents');
  return (
    <Stack gap="md">
      {kinds.map((kind) => (
        <DocumentKindUpload key={kind} businessId={businessId} kind={kind} documents={onboarding.documents.filter((d) => d.kind === kind)} />
      ))}
      {!done && (
        <Alert color="blue" variant="light">
          Upload both documents to continue. Each upload is saved right away.
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue} disabled={!done}>
          Continue to review
        </Button>
      </Group>
    </Stack>
  );
}
