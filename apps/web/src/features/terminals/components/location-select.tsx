import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activeLocationsQuery } from '@/features/terminals/api/terminals-api';

/** The business's active locations, for a reader's place (none: it takes no payment until it has one). */
export function LocationSelect({
  businessId,
  value,
  onChange,
  error,
}: {
  businessId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}) {
  const locations = useQuery(activeLocationsQuery(businessId));
  const data = (locations.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  return (
    <Select
      label="Location"
      description="Card payments are taken only on readers at an active location"
      placeholder={locations.isPending ? 'Loading locations' : data.length === 0 ? 'No active locations yet' : 'Choose a location'}
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
      error={error}
      nothingFoundMessage="No location of that name"
    />
  );
}
