import { useState } from 'react';
import { FileInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/**
 * The file field of a CSV upload (the invoice import's and the product import's): refuses a file past the size cap
 * before sending it, sends it with `upload`, and shows the server's problems with the file as a whole (`file` issues:
 * unreadable, columns that do not fit, too many rows) on the field; other errors go to a notification.
 */
export function CsvFileInput<T>({
  upload,
  onUploaded,
  maxBytes,
  sizeLabel,
  description,
  label = 'CSV file',
}: {
  upload: UseMutationResult<T, Error, File>;
  onUploaded: (answer: T) => void;
  maxBytes: number;
  sizeLabel: string;
  description: string;
  label?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const onFile = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > maxBytes) {
      setError(`The file is larger than ${sizeLabel}: split it into several files.`);
      return;
    }
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (e) => {
        const issues = e instanceof ApiError ? (e.body?.issues ?? []).filter((i) => i.path === 'file') : [];
        if (issues.length > 0) setError(issues.map((i) => i.message).join(' '));
        else notifyError(e);
      },
    });
  };
  return (
    <FileInput
      label={label}
      description={description}
      accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
      value={null}
      onChange={onFile}
      error={error}
      disabled={upload.isPending}
      leftSection={<IconUpload size={16} aria-hidden />}
      placeholder={upload.isPending ? 'Checking the rows...' : 'Choose a CSV file'}
      clearable={false}
      styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
    />
  );
}
