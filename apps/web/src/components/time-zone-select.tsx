import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { zoneOptions } from '@merchant/core';
import type { FieldProps } from './form/form-fields';

/**
 * The time zone picker of every form that sets one (a business, a location): the platform's zones
 * (`Intl.supportedValuesOf`) with UTC and the zone already chosen, which an older platform may not list, named with
 * their offset now. Searchable; a zone is always chosen.
 */
export function TimeZoneSelect({ field, current, description }: { field: FieldProps; current: string; description: string }) {
  const zones = useMemo(() => zoneOptions(['UTC', current, ...Intl.supportedValuesOf('timeZone')]), [current]);
  return <Select {...field} label="Time zone" data={zones} searchable allowDeselect={false} description={description} required />;
}
