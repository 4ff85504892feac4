import { Paper, Select, Stack, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { LocationSettings } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { locationSettingsQuery, locationsQuery, useSaveLocationSettings } from '@/features/locations/api/locations-api';
import { useLocationRoutes } from '@/features/locations/components/location-routes';

const TITLE = 'Location settings';

/** Business-wide location settings: the location the online store sells from and takes stock from. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const settings = useQuery(locationSettingsQuery(businessId));
  if (!settings.data) return <QueryPage title={TITLE} query={settings} loadingLabel="Loading the location settings" />;
  return <SettingsForm key={settings.data.online_store_location_id ?? 'none'} businessId={businessId} settings={settings.data} />;
}

function SettingsForm({ businessId, settings }: { businessId: string; settings: LocationSettings }) {
  const routes = useLocationRoutes();
  const business = useBusiness(businessId);
  const locations = useInfiniteQuery(locationsQuery(businessId, { status: 'active' }));
  const save = useSaveLocationSettings(businessId);
  const [chosen, setChosen] = useState<string | null>(settings.online_store_location_id);
  const [error, setError] = useState<string | undefined>();
  const options = (locations.data?.pages.flatMap((p) => p.data) ?? []).map((l) => ({ value: l.id, label: l.name }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(chosen, {
      onSuccess: () => notifySuccess('Location settings saved.'),
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <PageFrame title={TITLE} description="Settings that apply to all your locations.">
      <EditForm
        dirty={chosen !== settings.online_store_location_id}
        saving={save.isPending}
        onSave={submit}
        backTo={href(routes.list, { business_id: businessId })}
        readOnly={!canChange(business.data, 'catalogue:manage')}
      >
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="online-store-location" maw={720}>
          <Stack gap="md">
            <Title order={2} size="h4" id="online-store-location">
              Online store
            </Title>
            <Select
              label="Location the online store sells from"
              description="Online orders take stock from this location. Leave empty while the store does not track stock."
              name="online_store_location_id"
              data={options}
              value={chosen}
              onChange={(v) => {
                setChosen(v);
                setError(undefined);
              }}
              error={error}
              placeholder="No location"
              clearable
              searchable
            />
          </Stack>
        </Paper>
      </EditForm>
    </PageFrame>
  );
}
