import { useEffect, useState } from 'react';
import { Button, Group, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BusinessUser } from '@merchant/business';
import { notifySuccess } from '@/lib/notify';
import { memberLocationsQuery, staffLocationOptionsQuery, useSetMemberLocations } from '@/features/staff/api/staff-api';

/**
 * The locations a member works at (docs/roles.md, "Locations"): none chosen means every location. Staff managers change
 * them; whoever sees the staff reads them.
 */
export function MemberLocations({ businessId, member, canManage }: { businessId: string; member: BusinessUser; canManage: boolean }) {
  const current = useQuery(memberLocationsQuery(businessId, member.id));
  const options = useQuery(staffLocationOptionsQuery(businessId));
  const save = useSetMemberLocations(businessId);
  const saved = current.data?.location_ids;
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (saved) setChosen(saved);
  }, [saved]);
  const dirty = saved !== undefined && [...chosen].sort().join() !== [...saved].sort().join();
  const names = (ids: string[]) => ids.map((id) => options.data?.find((o) => o.value === id)?.label ?? 'An archived location').join(', ');
  const submit = () =>
    save.mutate(
      { id: member.id, locationIds: chosen },
      {
        onSuccess: (answer) =>
          notifySuccess(answer.location_ids.length > 0 ? `${member.name} works at ${names(answer.location_ids)}.` : `${member.name} works at every location.`),
      },
    );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="staff-locations">
      <Stack gap="md">
        <Title order={2} size="h4" id="staff-locations">
          Locations
        </Title>
        {canManage ? (
          <>
            <MultiSelect
              label="Works at"
              description="They sell, open drawers, see orders, pair readers and adjust stock only at these. Leave empty for every location."
              placeholder={chosen.length === 0 ? 'Every location' : undefined}
              data={options.data ?? []}
              value={chosen}
              onChange={setChosen}
              searchable
              clearable
              maw={480}
              disabled={!current.data}
            />
            <Group>
              <Button onClick={submit} disabled={!dirty} loading={save.isPending}>
                Save locations
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm">{saved === undefined ? '…' : saved.length === 0 ? 'Every location' : names(saved)}</Text>
        )}
      </Stack>
    </Paper>
  );
}
