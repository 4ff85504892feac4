import { Button } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import type { AddOnGroup } from '@merchant/catalogue';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { useCanChange } from '@/lib/session';
import { addOnGroupsQuery } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';

/** "Pick 1", "Pick up to 3", "Pick 1 to 2", with "required" when it is. */
export function choiceRule(g: Pick<AddOnGroup, 'min_choices' | 'max_choices' | 'required'>): string {
  const pick =
    g.min_choices === g.max_choices
      ? `Pick ${g.max_choices}`
      : g.min_choices === 0
        ? `Pick up to ${g.max_choices}`
        : `Pick ${g.min_choices} to ${g.max_choices}`;
  return g.required ? `${pick}, required` : pick;
}

const choicesText = (g: AddOnGroup) =>
  g.choices.map((c) => (c.price.amount > 0 ? `${c.name} +${formatMoneyWithCode(c.price.amount, c.price.currency)}` : c.name)).join(', ');

/** Add-on groups (the spec's product customisation): "Milk" with its choices and prices, offered with products. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = useCatalogueLinks(businessId);
  const canEdit = useCanChange(businessId, 'catalogue:manage');
  const groups = useQuery(addOnGroupsQuery(businessId));
  const rows = groups.data?.data ?? [];
  const create =
    canEdit && links.addOnCreate ? (
      <Button component={Link} to={links.addOnCreate} leftSection={<IconPlus size={16} aria-hidden />}>
        New add-on group
      </Button>
    ) : undefined;

  return (
    <PageFrame title="Product customisation" description="Add-ons people choose with a product: milks, sizes of shot, extra toppings." actions={create}>
      {groups.isSuccess ? (
        rows.length === 0 ? (
          <EmptyState
            icon={<IconSettings aria-hidden />}
            title="No add-on groups yet"
            description="Make a group (Milk: oat, soy) with its prices, then offer it with your products."
            action={create}
          />
        ) : (
          <DataList
            label="Add-on groups"
            rows={rows}
            rowKey={(g) => g.id}
            rowHref={(g) => links.addOnEdit(g.id) ?? undefined}
            columns={[
              { header: 'Group', card: 'title', cell: (g) => g.name },
              { header: 'Choices', card: 'secondary', cell: choicesText },
              { header: 'Rule', cell: choiceRule },
              { header: 'Products', align: 'right', cell: (g) => String(g.product_count) },
            ]}
          />
        )
      ) : (
        <QueryStatus query={groups} loadingLabel="Loading add-on groups" />
      )}
    </PageFrame>
  );
}
