import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Business } from '@merchant/business';
import { ICONS } from '../icons';
import { SECTION_OPTIONS, href, type Section } from '../route-table';
import { sectionOptionsFor } from '../sidebar';

/** Spec 1: switch between the sections of the business (each option: label, value, color, path, icon). */
export function SectionSwitcher({ business, active }: { business: Pick<Business, 'id' | 'type'>; active: Section }) {
  const options = sectionOptionsFor(business);
  const current = SECTION_OPTIONS.find((o) => o.value === active) ?? SECTION_OPTIONS[0];
  if (!current) return null;
  const CurrentIcon = ICONS[current.icon];
  return (
    <Menu position="bottom-start" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          px="xs"
          leftSection={<CurrentIcon size={18} color={`var(--mantine-color-${current.color}-filled)`} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Section: ${current.label}. Switch section`}
        >
          {current.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Sections</Menu.Label>
        {options.map((option) => {
          const Icon = ICONS[option.icon];
          return (
            <Menu.Item
              key={option.value}
              component={Link}
              to={href(option.landing, { business_id: business.id })}
              color={option.value === active ? option.color : undefined}
              leftSection={<Icon size={18} color={`var(--mantine-color-${option.color}-6)`} aria-hidden />}
              rightSection={option.value === active ? <IconCheck size={14} aria-hidden /> : null}
              aria-current={option.value === active ? 'true' : undefined}
            >
              {option.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
